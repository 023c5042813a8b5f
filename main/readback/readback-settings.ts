/**
 * The read-back's settings in `<dataFolder>/readback/settings.json`: on or off (on by default), which
 * engine (auto: sherpa-onnx when its model is there, else pocketsphinx), and a model folder the talent
 * chose (null: Booth's own copy in the data folder).
 */
import { mkdir } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { readJsonFile, writeFileAtomic } from '../storage/atomic-file'
import { READBACK_ENGINE_CHOICES, type ReadbackEngineChoice } from '../../shared/bridge-readback'

export interface ReadbackSettings {
  enabled: boolean
  engine: ReadbackEngineChoice
  modelFolder: string | null
}

export const READBACK_DEFAULTS: ReadbackSettings = { enabled: true, engine: 'auto', modelFolder: null }

function validate(value: unknown): ReadbackSettings {
  if (typeof value !== 'object' || value === null) throw new Error('the read-back settings must be an object')
  const v = value as Record<string, unknown>
  return {
    enabled: typeof v['enabled'] === 'boolean' ? v['enabled'] : READBACK_DEFAULTS.enabled,
    engine: READBACK_ENGINE_CHOICES.includes(v['engine'] as ReadbackEngineChoice) ? (v['engine'] as ReadbackEngineChoice) : 'auto',
    modelFolder: typeof v['modelFolder'] === 'string' && v['modelFolder'] ? v['modelFolder'] : null,
  }
}

export class ReadbackSettingsFile {
  private current: ReadbackSettings = { ...READBACK_DEFAULTS }
  private readonly path: string

  constructor(dir: string, private readonly warn: (message: string) => void = () => {}) {
    this.path = join(dir, 'settings.json')
  }

  async load(): Promise<ReadbackSettings> {
    try {
      this.current = await readJsonFile(this.path, { fallback: { ...READBACK_DEFAULTS }, validate })
    } catch (err) {
      this.warn(`The read-back settings could not be read and were reset: ${(err as Error).message}`)
      this.current = { ...READBACK_DEFAULTS }
    }
    return this.current
  }

  get(): ReadbackSettings {
    return this.current
  }

  async update(patch: Partial<ReadbackSettings>): Promise<ReadbackSettings> {
    this.current = { ...this.current, ...patch }
    await mkdir(dirname(this.path), { recursive: true })
    await writeFileAtomic(this.path, JSON.stringify(this.current, null, 2))
    return this.current
  }
}
