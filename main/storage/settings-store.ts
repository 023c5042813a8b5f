/**
 * Booth's own settings in the data folder (settings.json, written atomically): the base URL of the API and
 * the person's notification choices. Never the API key: that lives only in the OS keychain.
 */
import { join } from 'node:path'
import { JsonSettingsFile } from './json-settings-file'
import type { NotificationSettings, SessionState } from '../../shared/bridge'

export interface Settings {
  baseUrl: string | null
  /** null until the person changes one; until then the talent's email preferences are the defaults. */
  notifications: Partial<NotificationSettings> | null
  /**
   * Who the key in the keychain belongs to, as the service last said (GET /me): shown at once when Booth
   * starts without the network. `keyTag` is a short hash of the key (never the key), so a different key
   * (e.g. one from the environment) is not shown under this name.
   */
  account: SavedAccount | null
}

/** The account as the session shows it, with where and when it was checked and which key it belongs to. */
export interface SavedAccount extends NonNullable<SessionState['account']> {
  baseUrl: string
  keyTag: string
  checkedAt: number
}

const DEFAULTS: Settings = { baseUrl: null, notifications: null, account: null }

function savedAccount(v: unknown): SavedAccount | null {
  if (typeof v !== 'object' || v === null) return null
  const a = v as Record<string, unknown>
  const text = (k: string) => typeof a[k] === 'string'
  if (!text('baseUrl') || !text('keyTag') || !text('keyId') || !text('name') || !text('email')) return null
  if (!Array.isArray(a['scopes']) || !a['scopes'].every((x) => typeof x === 'string')) return null
  const expiresAt = typeof a['expiresAt'] === 'number' ? a['expiresAt'] : null
  const checkedAt = typeof a['checkedAt'] === 'number' ? a['checkedAt'] : 0
  return {
    baseUrl: a['baseUrl'] as string,
    keyTag: a['keyTag'] as string,
    keyId: a['keyId'] as string,
    name: a['name'] as string,
    email: a['email'] as string,
    scopes: a['scopes'] as string[],
    expiresAt,
    checkedAt,
  }
}

function validate(value: unknown): Settings {
  if (typeof value !== 'object' || value === null) throw new Error('settings must be an object')
  const v = value as Record<string, unknown>
  const baseUrl = typeof v['baseUrl'] === 'string' ? v['baseUrl'] : null
  const n = v['notifications']
  const notifications: Partial<NotificationSettings> | null =
    typeof n === 'object' && n !== null
      ? Object.fromEntries(Object.entries(n).filter(([, b]) => typeof b === 'boolean'))
      : null
  return { baseUrl, notifications, account: savedAccount(v['account']) }
}

export class SettingsStore extends JsonSettingsFile<Settings> {
  constructor(dataDir: string, warn: (message: string) => void = () => {}) {
    super({
      path: join(dataDir, 'settings.json'),
      defaults: DEFAULTS,
      validate,
      about: {
        what: "Booth's settings (the service's address, your notification choices, the account last seen)",
        reset: 'They are back to their defaults: check Settings, and sign in again if Booth asks.',
      },
      resetMessage: (reason) => `Booth's settings file could not be read and was reset: ${reason}`,
      warn,
    })
  }
}
