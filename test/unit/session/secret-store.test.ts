/**
 * The keychain tests run against the REAL Secret Service (gnome-keyring) when one is on the session bus:
 *
 *   dbus-run-session -- sh -c 'echo -n pw | gnome-keyring-daemon --unlock --components=secrets; npx vitest run test/unit/session/secret-store.test.ts'
 *
 * Without a Secret Service (plain `npx vitest`), those tests are skipped and the reason is printed.
 * Input checks and error wording run everywhere.
 */
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createKeychainStore, KeychainError, type KeytarLike } from '../../../main/session/secret-store'

function dbus(args: string[]): string {
  return execFileSync('dbus-send', ['--session', '--print-reply', ...args], {
    encoding: 'utf8',
    timeout: 5000,
    stdio: 'pipe',
  })
}

/** Why the real keychain tests cannot run here, or null when a Secret Service owns its name on the bus. */
function secretServiceMissing(): string | null {
  if (process.platform !== 'linux') return 'these keychain tests drive the Linux Secret Service'
  if (!process.env.DBUS_SESSION_BUS_ADDRESS) return 'no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is unset)'
  try {
    const reply = dbus([
      '--dest=org.freedesktop.DBus',
      '/org/freedesktop/DBus',
      'org.freedesktop.DBus.NameHasOwner',
      'string:org.freedesktop.secrets',
    ])
    return /boolean true/.test(reply) ? null : 'no Secret Service (org.freedesktop.secrets) on the session bus'
  } catch (error) {
    return `the session bus could not be asked (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`
  }
}

/** Object paths of Secret Service items stored for service/account (keyring-rs's attributes). */
function secretServiceItems(service: string, account: string): string[] {
  const reply = dbus([
    '--dest=org.freedesktop.secrets',
    '/org/freedesktop/secrets',
    'org.freedesktop.Secret.Service.SearchItems',
    `dict:string:string:service,${service},username,${account}`,
  ])
  return [...reply.matchAll(/object path "([^"]+)"/g)].map((match) => match[1] ?? '')
}

const missing = secretServiceMissing()
if (missing)
  console.warn(
    `secret-store: skipping the real-keychain tests: ${missing}. Run them with:\n  ` +
      `dbus-run-session -- sh -c 'echo -n pw | gnome-keyring-daemon --unlock ` +
      `--components=secrets; npx vitest run test/unit/session/secret-store.test.ts'`,
  )

describe.skipIf(missing !== null)('keychain store against the real Secret Service', () => {
  it('saves, reads, replaces and deletes a key, and it really lands in the Secret Service', async () => {
    const service = `BoothTest-${randomBytes(4).toString('hex')}`
    const account = 'https://api.example.test'
    const store = createKeychainStore(service)
    expect(await store.get(account)).toBeNull()
    await store.set(account, 'bk_live_first-Kéy_✓')
    expect(await store.get(account)).toBe('bk_live_first-Kéy_✓')
    expect(secretServiceItems(service, account)).toHaveLength(1)
    await store.set(account, 'bk_live_second')
    expect(await store.get(account)).toBe('bk_live_second')
    expect(secretServiceItems(service, account)).toHaveLength(1)
    expect(await store.delete(account)).toBe(true)
    expect(await store.get(account)).toBeNull()
    expect(await store.delete(account)).toBe(false)
    expect(secretServiceItems(service, account)).toEqual([])
  })

  it('uses the service name "Booth" by default and keeps accounts apart', async () => {
    const store = createKeychainStore()
    const a = `test-a-${randomBytes(4).toString('hex')}`
    const b = `test-b-${randomBytes(4).toString('hex')}`
    try {
      await store.set(a, 'key-for-a')
      await store.set(b, 'key-for-b')
      expect(store.service).toBe('Booth')
      expect([await store.get(a), await store.get(b)]).toEqual(['key-for-a', 'key-for-b'])
      expect(secretServiceItems('Booth', a)).toHaveLength(1)
    } finally {
      await store.delete(a)
      await store.delete(b)
    }
  })
})

describe('keychain store input checks and error wording', () => {
  const unused: KeytarLike = {
    getPassword: () => Promise.reject(new Error('must not be called')),
    setPassword: () => Promise.reject(new Error('must not be called')),
    deletePassword: () => Promise.reject(new Error('must not be called')),
  }

  it('refuses bad service names, accounts and keys before touching the keychain', async () => {
    expect(() => createKeychainStore('  ')).toThrow(/service name must be a non-empty string/)
    const store = createKeychainStore('Booth', { backend: unused })
    await expect(store.get('')).rejects.toThrow(/account name is needed/)
    await expect(store.set('acct', '')).rejects.toThrow(/API key to save is empty/)
    await expect(store.set('acct', ' bk_live_x')).rejects.toThrow(/spaces or line breaks/)
    await expect(store.set('acct', 'bk_li\nve')).rejects.toThrow(/spaces or line breaks/)
    await expect(store.set('acct', 'k'.repeat(5000))).rejects.toThrow(/longer than 4096/)
    await expect(store.delete('x'.repeat(300))).rejects.toThrow(/at most 256/)
  })

  // The messages below are the ones @napi-rs/keyring gives on this machine outside a D-Bus session
  // (keyutils refused) and with no session bus at all; a desktop without a keychain cannot be staged here.
  it.each([
    ["Couldn't access platform storage: AccessDenied", 'linux', /GNOME Keyring or KWallet/],
    ['Platform failure: DBus error: Using X11 for dbus-daemon autolaunch was disabled', 'linux', /Secret Service/],
    ["Couldn't access platform storage: locked", 'darwin', /macOS Keychain/],
    ["Couldn't access platform storage: denied", 'win32', /Windows Credential Manager/],
  ] as const)('explains "%s" as no keychain available', async (message, platform, where) => {
    const failing: KeytarLike = { ...unused, getPassword: () => Promise.reject(new Error(message)) }
    const error = await createKeychainStore('Booth', { backend: failing, platform })
      .get('acct')
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(KeychainError)
    expect((error as KeychainError).reason).toBe('unavailable')
    expect((error as KeychainError).message).toMatch(
      /^Booth could not read the API key because no system keychain is available\./,
    )
    expect((error as KeychainError).message).toMatch(where)
    expect((error as KeychainError).message).toContain(message)
  })

  it('reports other keychain failures as such', async () => {
    const failing: KeytarLike = {
      ...unused,
      setPassword: () => Promise.reject(new Error('Entry is matched by 2 credentials: Ambiguous')),
    }
    const error = await createKeychainStore('Booth', { backend: failing })
      .set('acct', 'key')
      .catch((e: unknown) => e)
    expect((error as KeychainError).reason).toBe('failed')
    expect((error as KeychainError).message).toBe(
      'Booth could not save the API key in the system keychain: Entry is matched by 2 credentials: Ambiguous',
    )
  })
})
