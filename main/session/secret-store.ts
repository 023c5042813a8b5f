/**
 * The API key lives in the OS keychain (macOS Keychain, Windows Credential Manager, the Secret Service on
 * Linux: GNOME Keyring, KWallet, KeePassXC), through @napi-rs/keyring's keytar-compatible API. Booth never
 * writes the key to its own files.
 *
 * Linux note: @napi-rs/keyring falls back silently to the kernel keyutils keyring when no Secret Service
 * is running; that store forgets everything at reboot, so the key would have to be entered again.
 *
 * Testing against a real keychain on Linux (see test/unit/session/secret-store.test.ts):
 *   dbus-run-session -- sh -c 'echo -n pw | gnome-keyring-daemon --unlock --components=secrets; npx vitest run test/unit/session/secret-store.test.ts'
 */
import * as keytar from '@napi-rs/keyring/keytar.js'

/** The keytar-shaped functions the store needs (the real module, or a stand-in). */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>
  setPassword(service: string, account: string, password: string): Promise<void>
  deletePassword(service: string, account: string): Promise<boolean>
}

export interface SecretStore {
  readonly service: string
  /** The stored secret, or null when none is stored for `account`. */
  get(account: string): Promise<string | null>
  /** Stores (or replaces) the secret for `account`. */
  set(account: string, secret: string): Promise<void>
  /** Removes the secret; true when one was removed, false when there was none. */
  delete(account: string): Promise<boolean>
}

/** Why the keychain refused: none available or locked ('unavailable'), or another failure ('failed'). */
export type KeychainErrorReason = 'unavailable' | 'failed'

export class KeychainError extends Error {
  readonly reason: KeychainErrorReason
  constructor(reason: KeychainErrorReason, message: string, cause: unknown) {
    super(message, { cause })
    this.name = 'KeychainError'
    this.reason = reason
  }
}

/** keyring-rs messages that mean "there is no usable keychain here" (none running, locked, access refused). */
const UNAVAILABLE_PATTERNS = [
  /Couldn't access platform storage/i,
  /Platform failure/i,
  /DBus error/i,
  /org\.freedesktop\.(DBus|Secret)/i,
  /no (secret service|keyring|storage)/i,
  /locked/i,
  /AccessDenied/i,
]

function whereTheKeychainIs(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'the macOS Keychain (check that the login keychain exists and is unlocked)'
  if (platform === 'win32') return 'the Windows Credential Manager'
  return 'a Secret Service such as GNOME Keyring or KWallet, running and unlocked in your desktop session'
}

function translate(action: string, error: unknown, platform: NodeJS.Platform): KeychainError {
  const detail = error instanceof Error ? error.message : String(error)
  if (UNAVAILABLE_PATTERNS.some((pattern) => pattern.test(detail))) {
    return new KeychainError(
      'unavailable',
      `Booth could not ${action} because no system keychain is available. Booth keeps the API key in ` +
        `${whereTheKeychainIs(platform)}. (${detail})`,
      error,
    )
  }
  return new KeychainError('failed', `Booth could not ${action} in the system keychain: ${detail}`, error)
}

function checkAccount(account: unknown): string {
  if (typeof account !== 'string' || account.trim() === '') {
    throw new TypeError('A keychain account name is needed (e.g. the API base URL); it was empty.')
  }
  if (account.length > 256) throw new RangeError('A keychain account name must be at most 256 characters.')
  return account
}

export interface KeychainStoreOptions {
  /** Keychain functions; defaults to @napi-rs/keyring's keytar module. */
  backend?: KeytarLike
  /** For messages only (default process.platform). */
  platform?: NodeJS.Platform
}

/** The API-key store for `service` (default 'Booth'), one secret per account. */
export function createKeychainStore(service = 'Booth', options: KeychainStoreOptions = {}): SecretStore {
  if (typeof service !== 'string' || service.trim() === '') {
    throw new TypeError('The keychain service name must be a non-empty string, such as "Booth".')
  }
  const backend: KeytarLike = options.backend ?? keytar
  const platform = options.platform ?? process.platform

  const attempt = async <T>(action: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run()
    } catch (error) {
      throw translate(action, error, platform)
    }
  }

  return {
    service,
    get: async (account) => {
      const name = checkAccount(account)
      return attempt('read the API key', () => backend.getPassword(service, name))
    },
    set: async (account, secret) => {
      const name = checkAccount(account)
      if (typeof secret !== 'string' || secret.trim() === '') {
        throw new TypeError('The API key to save is empty; paste the whole key.')
      }
      if (secret !== secret.trim() || /[\r\n\t]/.test(secret)) {
        throw new TypeError('The API key has spaces or line breaks around or inside it; paste only the key itself.')
      }
      if (secret.length > 4096) throw new RangeError('The API key is longer than 4096 characters; that is not a key.')
      await attempt('save the API key', () => backend.setPassword(service, name, secret))
    },
    delete: async (account) => {
      const name = checkAccount(account)
      return attempt('remove the API key', () => backend.deletePassword(service, name))
    },
  }
}
