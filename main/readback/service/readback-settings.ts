/**
 * The read-back's settings in `<dataFolder>/readback/settings.json`: on or off (on by default), which
 * engine (auto: sherpa-onnx when its model is there, else pocketsphinx), and a model folder the talent
 * chose (null: Booth's own copy in the data folder).
 */
import { join } from 'node:path'
import { JsonSettingsFile } from '../../storage/json-settings-file'
import { READBACK_ENGINE_CHOICES, type ReadbackEngineChoice } from '../../../shared/bridge-readback'

export interface ReadbackSettings {
  enabled: boolean
  engine: ReadbackEngineChoice
  modelFolder: string | null
}

const READBACK_DEFAULTS: ReadbackSettings = { enabled: true, engine: 'auto', modelFolder: null }

function validate(value: unknown): ReadbackSettings {
  if (typeof value !== 'object' || value === null) throw new Error('the read-back settings must be an object')
  const v = value as Record<string, unknown>
  return {
    enabled: typeof v['enabled'] === 'boolean' ? v['enabled'] : READBACK_DEFAULTS.enabled,
    engine: READBACK_ENGINE_CHOICES.includes(v['engine'] as ReadbackEngineChoice)
      ? (v['engine'] as ReadbackEngineChoice)
      : 'auto',
    modelFolder: typeof v['modelFolder'] === 'string' && v['modelFolder'] ? v['modelFolder'] : null,
  }
}

export class ReadbackSettingsFile extends JsonSettingsFile<ReadbackSettings> {
  constructor(dir: string, warn: (message: string) => void = () => {}) {
    super({
      path: join(dir, 'settings.json'),
      defaults: READBACK_DEFAULTS,
      validate,
      about: {
        what: "The read-back's settings",
        reset: 'The read-back is on again, with the engine chosen by itself.',
      },
      resetMessage: (reason) => `The read-back settings could not be read and were reset: ${reason}`,
      warn,
    })
  }
}
