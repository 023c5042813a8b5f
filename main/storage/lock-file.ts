/**
 * A lock that holds across processes: a small file created only if it does not exist yet (its full
 * content written under a temporary name and hard-linked into place, so no one ever reads half of it),
 * naming its holder (process-identity.ts) and a random id. A lock whose holder is gone (killed with
 * SIGKILL, crashed, the computer restarted) is stale: the next taker removes it, under a second short
 * lock (`<path>.breaking`) so two takers cannot both remove it and both go on. A lock is released only
 * by its own holder (its id is checked), so a lock broken as stale is never released by the old holder.
 */
import { randomBytes } from 'node:crypto'
import { link, open, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import {
  holderState,
  isProcessIdentity,
  ownIdentity,
  systemProbe,
  type ProcessIdentity,
  type ProcessProbe,
} from './process-identity'

export interface LockRecord extends ProcessIdentity {
  id: string
  /** When the lock was taken (ms since the epoch). */
  since: number
  /** What the holder says about itself (e.g. the web host's address). */
  about: Record<string, string>
}

export interface HeldLock {
  readonly path: string
  readonly record: LockRecord
  /** Rewrites what the holder says about itself (e.g. once the address is known). */
  describe(about: Record<string, string>): Promise<void>
  /** Removes the lock if it is still this one's. */
  release(): Promise<void>
}

export type LockAttempt =
  | { ok: true; lock: HeldLock }
  /** `alive`: the holder runs here; `elsewhere`: it ran on another computer; `unreadable`: being written right now. */
  | { ok: false; holder: LockRecord | null; state: 'alive' | 'elsewhere' | 'unreadable' }

export interface LockOptions {
  about?: Record<string, string>
  probe?: ProcessProbe
  now?: () => number
}

/** A lock file nobody could have been writing for this long is abandoned, whatever it holds. */
const ABANDONED_AFTER_MS = 10_000
/** Codes of file systems without hard links (FAT, exFAT, some network shares): the lock is created in place. */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'ENOSYS', 'EOPNOTSUPP', 'EXDEV'])

const code = (err: unknown): string | undefined => (err as NodeJS.ErrnoException | null)?.code

async function readRecord(path: string): Promise<{ raw: string; record: LockRecord | null } | null> {
  let raw: string
  try {
    raw = await readFile(path, 'utf8')
  } catch (err) {
    if (code(err) === 'ENOENT') return null
    throw err
  }
  try {
    const value = JSON.parse(raw) as unknown
    if (isProcessIdentity(value) && typeof (value as LockRecord).id === 'string')
      return { raw, record: value as LockRecord }
  } catch {
    // Half-written or damaged: judged by its age below.
  }
  return { raw, record: null }
}

async function ageMs(path: string, now: number): Promise<number> {
  try {
    return now - (await stat(path)).mtimeMs
  } catch {
    return 0
  }
}

/** Creates `path` holding `text` only if it does not exist; false when it does. */
/** A name beside `path` for writing its next content (a dot file, unique per write). */
function tempBeside(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.new`)
}

async function createExclusive(path: string, text: string): Promise<boolean> {
  const temp = tempBeside(path)
  try {
    await writeFile(temp, text, { mode: 0o600, flag: 'wx' })
  } catch (err) {
    await unlink(temp).catch(() => undefined)
    throw err
  }
  try {
    await link(temp, path)
    return true
  } catch (err) {
    if (code(err) === 'EEXIST') return false
    if (!NO_LINKS.has(code(err) ?? '')) throw err
  } finally {
    await unlink(temp).catch(() => undefined)
  }
  try {
    const fh = await open(path, 'wx', 0o600)
    try {
      await fh.writeFile(text)
    } finally {
      await fh.close()
    }
    return true
  } catch (err) {
    if (code(err) === 'EEXIST') return false
    throw err
  }
}

/**
 * Removes a stale lock if it still holds exactly `seen`. Under `<path>.breaking`, taken exclusively, so
 * of two processes that both found the same stale lock only one removes it (the other finds the new
 * lock when it tries again). A `.breaking` file left by a process killed in these few steps is abandoned
 * after ABANDONED_AFTER_MS.
 */
async function breakStale(path: string, seen: string, now: number): Promise<void> {
  const guard = `${path}.breaking`
  let fh
  try {
    fh = await open(guard, 'wx', 0o600)
  } catch (err) {
    if (code(err) !== 'EEXIST') throw err
    if ((await ageMs(guard, now)) > ABANDONED_AFTER_MS) await rm(guard, { force: true })
    return
  }
  try {
    await fh.close()
    const current = await readRecord(path)
    if (current?.raw === seen) await rm(path, { force: true })
  } finally {
    await rm(guard, { force: true })
  }
}

/**
 * Locks this process released while the disk refused (a read-only or vanished disk): removed when the
 * lock is next wanted, so a disk that is writable again is not blocked by this process's own leftover.
 */
const unreleased = new Map<string, string>()

async function releaseLeftover(path: string): Promise<void> {
  const id = unreleased.get(path)
  if (id === undefined) return
  const found = await readRecord(path).catch(() => undefined)
  if (found === undefined) return
  if (found?.record?.id === id) await rm(path, { force: true })
  unreleased.delete(path)
}

export async function tryLock(path: string, options: LockOptions = {}): Promise<LockAttempt> {
  await releaseLeftover(path).catch(() => undefined)
  const probe = options.probe ?? systemProbe
  const now = options.now ?? Date.now
  const record: LockRecord = {
    ...ownIdentity(probe),
    id: randomBytes(8).toString('hex'),
    since: now(),
    about: options.about ?? {},
  }
  for (let attempt = 0; attempt < 8; attempt++) {
    if (await createExclusive(path, JSON.stringify(record))) return { ok: true, lock: heldLock(path, record) }
    const found = await readRecord(path)
    if (found === null) continue // released meanwhile
    if (found.record === null) {
      if ((await ageMs(path, now())) < ABANDONED_AFTER_MS) return { ok: false, holder: null, state: 'unreadable' }
      await breakStale(path, found.raw, now())
      continue
    }
    const state = holderState(found.record, probe)
    if (state !== 'gone') return { ok: false, holder: found.record, state }
    await breakStale(path, found.raw, now())
  }
  // Eight rounds of someone else taking and releasing it: as good as held.
  const last = await readRecord(path)
  return { ok: false, holder: last?.record ?? null, state: 'unreadable' }
}

function heldLock(path: string, initial: LockRecord): HeldLock {
  let record = initial
  const stillMine = async () => (await readRecord(path).catch(() => null))?.record?.id === record.id
  return {
    path,
    get record() {
      return record
    },
    async describe(about) {
      if (!(await stillMine())) return
      record = { ...record, about }
      // Same-folder temp + rename: readers see the old or the new record, never half of one.
      const temp = tempBeside(path)
      await writeFile(temp, JSON.stringify(record), { mode: 0o600, flag: 'wx' })
      await rename(temp, path).catch(async (err: unknown) => {
        await unlink(temp).catch(() => undefined)
        throw err
      })
    },
    async release() {
      try {
        if (await stillMine()) await rm(path, { force: true })
      } catch (err) {
        unreleased.set(path, record.id)
        throw err
      }
    },
  }
}

/** Waits for a lock held only for moments (a job's takes folder); throws after `timeoutMs` naming the holder. */
export async function waitForLock(
  path: string,
  what: string,
  options: LockOptions & { timeoutMs?: number } = {},
): Promise<HeldLock> {
  const deadline = Date.now() + (options.timeoutMs ?? 30_000)
  let pause = 2
  for (;;) {
    const attempt = await tryLock(path, options)
    if (attempt.ok) return attempt.lock
    if (Date.now() > deadline) {
      const who = attempt.holder
        ? `process ${attempt.holder.pid}${attempt.state === 'elsewhere' ? ` on ${attempt.holder.host}` : ''}`
        : 'another process'
      throw new Error(`${what} has been locked by ${who} for too long (lock file ${path}).`)
    }
    await new Promise((r) => setTimeout(r, pause))
    pause = Math.min(pause * 2, 50)
  }
}
