/**
 * Account writes that were sent but not yet confirmed, kept in `<dataDir>/pending-writes.json` (written
 * atomically) with their Idempotency-Key. The key is saved BEFORE the first send, so a retry after a
 * dropped answer, a crash or a restart sends the same key and the service answers the first result
 * instead of recording a second change. A write of different input is a new action and gets a new key
 * (the service would answer the old result for an old key even if the body changed).
 */
import { join } from 'node:path'
import { newIdempotencyKey, IDEMPOTENCY_KEY_PATTERN } from '../api/idempotency'
import { writeFileAtomic } from '../storage/atomic-file'
import { readJsonDataFile } from '../storage/json-data-file'
import type { Log } from '../logging/redacting-log'

export const PENDING_WRITES_FILE = 'pending-writes.json'
const PENDING_ABOUT = {
  what: 'Account changes sent but not yet confirmed by the service',
  reset:
    'Booth no longer resends them: check your availability, preferences and AI consent, and save again what is not as you set it.',
}

/** The API writes this file tracks, one pending entry each at most. */
export const PENDING_OPERATIONS = ['putAvailability', 'putPreferences', 'putConsent'] as const
export type PendingOperation = (typeof PENDING_OPERATIONS)[number]

export interface PendingWrite {
  key: string
  body: unknown
  since: number
}

type PendingFile = Partial<Record<PendingOperation, PendingWrite>>

/** JSON text with object keys sorted, so equal bodies compare equal whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined)
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

function validate(value: unknown): PendingFile {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error('expected an object of pending writes')
  const out: PendingFile = {}
  for (const op of PENDING_OPERATIONS) {
    const entry = (value as Record<string, unknown>)[op]
    if (entry === undefined) continue
    const e = entry as Partial<PendingWrite> | null
    if (
      !e ||
      typeof e.key !== 'string' ||
      !IDEMPOTENCY_KEY_PATTERN.test(e.key) ||
      typeof e.since !== 'number' ||
      !('body' in e)
    ) {
      throw new Error(`the pending ${op} entry is damaged`)
    }
    out[op] = { key: e.key, body: e.body, since: e.since }
  }
  return out
}

export class PendingWrites {
  readonly path: string
  private loaded: PendingFile | null = null
  /** File reads and writes run one after another, so two saves never interleave their updates. */
  private queue: Promise<unknown> = Promise.resolve()

  constructor(
    dataDir: string,
    private readonly log: Log,
  ) {
    this.path = join(dataDir, PENDING_WRITES_FILE)
  }

  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task)
    this.queue = run.catch(() => undefined)
    return run
  }

  private async file(): Promise<PendingFile> {
    if (this.loaded) return this.loaded
    try {
      // A damaged file is set aside (the page says so): it only loses the chance to replay.
      const read = await readJsonDataFile(this.path, { fallback: {}, validate, about: PENDING_ABOUT })
      if (read.setAside)
        this.log.warn('pending account writes could not be read; starting without them', {
          keptAs: read.setAside.keptAs,
          reason: read.setAside.detail,
        })
      this.loaded = read.value
    } catch (err) {
      this.log.warn('pending account writes could not be read; starting without them', { err })
      this.loaded = {}
    }
    return this.loaded
  }

  private async store(next: PendingFile): Promise<void> {
    await writeFileAtomic(this.path, JSON.stringify(next, null, 2))
    this.loaded = next
  }

  /** The unconfirmed write of `op`, or null. */
  get(op: PendingOperation): Promise<PendingWrite | null> {
    return this.serial(async () => (await this.file())[op] ?? null)
  }

  /**
   * The key to send `body` with: the pending key when the same body is still unconfirmed, else a new key,
   * saved to disk before this returns (so it exists before the first byte is sent).
   */
  keyFor(op: PendingOperation, body: unknown, now: number): Promise<string> {
    return this.serial(async () => {
      const current = await this.file()
      const pending = current[op]
      if (pending && canonicalJson(pending.body) === canonicalJson(body)) return pending.key
      const key = newIdempotencyKey()
      await this.store({ ...current, [op]: { key, body, since: now } })
      return key
    })
  }

  /** Forgets the write of `op` sent with `key` (confirmed, or refused for good). A newer key is kept. */
  clear(op: PendingOperation, key: string): Promise<void> {
    return this.serial(async () => {
      const current = await this.file()
      if (current[op]?.key !== key) return
      const { [op]: _gone, ...rest } = current
      await this.store(rest)
    })
  }
}
