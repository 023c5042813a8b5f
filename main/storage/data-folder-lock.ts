/**
 * One Booth per data folder. The desktop app and the web host both take `<dataDir>/booth.lock` before
 * they touch anything in the folder; a second start on the same folder (a second web host, the web host
 * beside the desktop app, a second desktop app with another --user-data-dir pointing at it) is told who
 * holds it and ends. A lock left by a Booth that was killed or crashed is stale and taken over at once
 * (lock-file.ts: pid + the OS's start time of that process).
 */
import { mkdir } from 'node:fs/promises'
import { PRIVATE_DIR_MODE } from './private-files'
import { join } from 'node:path'
import { clockTime } from '../../shared/clock-time'
import { tryLock, type HeldLock, type LockAttempt, type LockOptions } from './lock-file'
import { shortPath } from './short-path'

export const DATA_FOLDER_LOCK = 'booth.lock'

/** What the holder says about itself in the lock: which Booth it is and, for the web host, its address. */
export interface BoothAbout extends Record<string, string> {
  kind: 'web host' | 'desktop app'
}

export class DataFolderInUseError extends Error {
  constructor(
    message: string,
    readonly holderPid: number | null,
    readonly holderUrl: string | null,
  ) {
    super(message)
    this.name = 'DataFolderInUseError'
  }
}

/** Takes the data folder for this Booth, or throws DataFolderInUseError saying which Booth has it. */
export async function lockDataFolder(
  dataDir: string,
  about: BoothAbout,
  options: Omit<LockOptions, 'about'> = {},
): Promise<HeldLock> {
  await mkdir(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE })
  const path = join(dataDir, DATA_FOLDER_LOCK)
  const attempt = await tryLock(path, { ...options, about })
  if (attempt.ok) return attempt.lock
  throw new DataFolderInUseError(
    inUseSentence(dataDir, path, attempt),
    attempt.holder?.pid ?? null,
    attempt.holder?.about['url'] ?? null,
  )
}

function inUseSentence(dataDir: string, lockPath: string, attempt: Exclude<LockAttempt, { ok: true }>): string {
  const folder = shortPath(dataDir)
  const holder = attempt.holder
  if (!holder || attempt.state === 'unreadable') {
    return `Another Booth is starting on this data folder (${folder}) right now. Use that one, or try again in a moment.`
  }
  const kind =
    holder.about['kind'] === 'desktop app'
      ? 'the desktop app'
      : holder.about['kind'] === 'web host'
        ? 'the web host'
        : 'another Booth'
  const url = holder.about['url'] ? ` at ${holder.about['url']}` : ''
  const since = `process ${holder.pid}, since ${clockTime(holder.since)}`
  if (attempt.state === 'elsewhere') {
    return (
      `Booth on the computer "${holder.host}" is using this data folder (${folder}): ${kind}, ` +
      `${since}. Quit it there first; if it is no longer running, delete ${shortPath(lockPath)} and start again.`
    )
  }
  return `Booth is already running on this data folder (${folder}): ${kind}${url} (${since}). Use that one, or quit it first.`
}
