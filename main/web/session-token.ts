/**
 * The web host's secret for its tab (guard.ts), kept as long as Booth's session lasts: written to
 * `<dataDir>/web-host.token` (readable by the user alone) when the host starts and removed when it quits.
 * A web host killed or crashed leaves it, and the next start on the folder keeps it (the data-folder lock
 * makes that start the only one), so a tab left open picks up where it was; after a clean quit the next
 * launch makes a new one, and tabs from before are told to open the new address.
 */
import { randomBytes } from 'node:crypto'
import { readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { writeFileAtomic } from '../storage/atomic-file'

export const TOKEN_FILE = 'web-host.token'
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32}$/

export interface SessionToken {
  token: string
  /** Whether it was left by a Booth that did not quit (crashed or killed). */
  kept: boolean
  /** Removes it (a clean quit): the next launch makes a new one. */
  forget(): Promise<void>
}

export async function sessionToken(dataDir: string): Promise<SessionToken> {
  const path = join(dataDir, TOKEN_FILE)
  const left = (await readFile(path, 'utf8').catch(() => '')).trim()
  const kept = TOKEN_SHAPE.test(left)
  const token = kept ? left : randomBytes(24).toString('base64url')
  if (!kept) await writeFileAtomic(path, `${token}\n`, { mode: 0o600 })
  return { token, kept, forget: () => rm(path, { force: true }) }
}
