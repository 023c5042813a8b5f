/**
 * Booth's own settings in the data folder (settings.json, written atomically): the base URL of the API and
 * the person's notification choices. Never the API key: that lives only in the OS keychain.
 */
import { join } from 'node:path'
import { readJsonFile, writeFileAtomic } from '../desktop/atomic-file'
import type { NotificationSettings } from '../../shared/bridge'

export interface Settings {
  baseUrl: string | null
  /** null until the person changes one; until then the talent's email preferences are the defaults. */
  notifications: Partial<NotificationSettings> | null
}

const DEFAULTS: Settings = { baseUrl: null, notifications: null }

function validate(value: unknown): Settings {
  if (typeof value !== 'object' || value === null) throw new Error('settings must be an object')
  const v = value as Record<string, unknown>
  const baseUrl = typeof v['baseUrl'] === 'string' ? v['baseUrl'] : null
  const n = v['notifications']
  const notifications: Partial<NotificationSettings> | null = typeof n === 'object' && n !== null
    ? Object.fromEntries(Object.entries(n).filter(([, b]) => typeof b === 'boolean'))
    : null
  return { baseUrl, notifications }
}

export class SettingsStore {
  private current: Settings = { ...DEFAULTS }
  private readonly path: string

  constructor(dataDir: string, private readonly warn: (message: string) => void = () => {}) {
    this.path = join(dataDir, 'settings.json')
  }

  async load(): Promise<Settings> {
    try {
      this.current = await readJsonFile(this.path, { fallback: { ...DEFAULTS }, validate })
    } catch (err) {
      this.warn(`Booth's settings file could not be read and was reset: ${(err as Error).message}`)
      this.current = { ...DEFAULTS }
    }
    return this.current
  }

  get(): Settings {
    return this.current
  }

  async update(patch: Partial<Settings>): Promise<Settings> {
    this.current = { ...this.current, ...patch }
    await writeFileAtomic(this.path, JSON.stringify(this.current, null, 2))
    return this.current
  }
}
