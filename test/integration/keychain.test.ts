/**
 * The API key's round trip through the REAL system keychain (the Secret Service, e.g. gnome-keyring):
 * sign in → stored → a new core resumes signed in from the keychain → sign out → gone.
 *
 *   dbus-run-session -- sh -c 'echo -n pw | gnome-keyring-daemon --unlock --components=secrets; npx vitest run test/integration'
 *
 * Without a Secret Service on the session bus the test is skipped and the reason printed.
 */
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createKeychainStore } from '../../main/session/secret-store'
import { KEYCHAIN_ACCOUNT } from '../../main/session/session-service'
import {
  filesUnder,
  listRequests,
  makeCore,
  removeTempDirs,
  startTestSandbox,
  tempDir,
  waitFor,
  type TestSandbox,
} from './harness'

/** Why the real keychain cannot be used here, or null when a Secret Service owns its name on the bus. */
function secretServiceMissing(): string | null {
  if (process.platform !== 'linux') return 'this test drives the Linux Secret Service'
  if (!process.env.DBUS_SESSION_BUS_ADDRESS) return 'no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is unset)'
  try {
    const reply = execFileSync(
      'dbus-send',
      [
        '--session',
        '--print-reply',
        '--dest=org.freedesktop.DBus',
        '/org/freedesktop/DBus',
        'org.freedesktop.DBus.NameHasOwner',
        'string:org.freedesktop.secrets',
      ],
      { encoding: 'utf8', timeout: 5000, stdio: 'pipe' },
    )
    return /boolean true/.test(reply) ? null : 'no Secret Service (org.freedesktop.secrets) on the session bus'
  } catch (error) {
    return `the session bus could not be asked (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`
  }
}

const missing = secretServiceMissing()
if (missing) {
  console.warn(
    `keychain integration: skipping the real-keychain round trip: ${missing}. Run it with:\n` +
      `  dbus-run-session -- sh -c 'echo -n pw | gnome-keyring-daemon --unlock --components=secrets; npx vitest run test/integration'`,
  )
}

const KEY = `kc-${randomBytes(12).toString('hex')}`
let sandbox: TestSandbox

beforeAll(async () => {
  sandbox = await startTestSandbox({ dataDir: await tempDir('keychain-sandbox'), keys: [{ token: KEY, scopes: '*' }] })
})
afterAll(async () => {
  await sandbox.close()
  await removeTempDirs()
})

describe.skipIf(missing !== null)('the API key in the real keychain', () => {
  it('is stored at sign-in, resumed by a new core, and gone after sign-out', async () => {
    const service = `Booth-test-${randomBytes(4).toString('hex')}`
    const keychain = createKeychainStore(service)
    const dataDir = await tempDir('keychain-core')
    try {
      const first = await makeCore({ dataDir, secrets: keychain })
      await first.core.start({ autoDemo: false })
      expect(first.core.session.get().mode).toBe('signed_out')
      await first.core.handlers.signIn({ baseUrl: sandbox.url, apiKey: KEY })
      expect(await createKeychainStore(service).get(KEYCHAIN_ACCOUNT)).toBe(KEY)
      await first.core.close()

      // Nothing in Booth's own files holds the key: only the keychain does.
      for (const file of await filesUnder(dataDir)) expect(await readFile(file, 'utf8'), file).not.toContain(KEY)

      const second = await makeCore({ dataDir, secrets: createKeychainStore(service) })
      await second.core.start({ autoDemo: false })
      const resumed = second.core.session.get()
      expect(resumed.mode).toBe('signed_in')
      expect(resumed.baseUrl).toBe(sandbox.url)
      expect(resumed.account?.keyId).toBe('1')
      await waitFor('the resumed session to poll', () => listRequests(second.requests).length >= 1)

      await second.core.handlers.signOut({})
      expect(await createKeychainStore(service).get(KEYCHAIN_ACCOUNT)).toBeNull()
      await second.core.close()

      const third = await makeCore({ dataDir, secrets: createKeychainStore(service) })
      await third.core.start({ autoDemo: false })
      expect(third.core.session.get().mode).toBe('signed_out')
      expect(third.requests).toEqual([])
      await third.core.close()
    } finally {
      await keychain.delete(KEYCHAIN_ACCOUNT).catch(() => false)
    }
  })
})
