/**
 * Idempotency records, per API key (the idempotency rules recorded in resources/api/talent-v1.yaml):
 * - same Idempotency-Key on the same endpoint (method + concrete path) → the first result again, with
 *   `replayed: true`, even if the body changed; nothing new is recorded;
 * - a key reused on another endpoint → 502 upstream_failed, nothing recorded;
 * - only successful results are recorded; a key whose first request is still running → 409 conflict.
 * With a data directory the records are kept in `idempotency.json` (atomic write) so replays survive a restart.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'

export const IDEMPOTENCY_FILE = 'idempotency.json'
const MAX_RECORDS = 20_000

interface StoredRecord {
  keyId: string
  idemKey: string
  endpoint: string
  /** Operation result fields (without ok/api_version/replayed). */
  fields: unknown
  at: number
}

export type IdempotencyStart =
  | { kind: 'new' }
  | { kind: 'replay'; fields: unknown }
  | { kind: 'running' }
  | { kind: 'other_endpoint'; endpoint: string }

function isStoredRecord(x: unknown): x is StoredRecord {
  if (x === null || typeof x !== 'object') return false
  const r = x as Record<string, unknown>
  return (
    typeof r.keyId === 'string' &&
    typeof r.idemKey === 'string' &&
    typeof r.endpoint === 'string' &&
    typeof r.at === 'number' &&
    'fields' in r
  )
}

export class IdempotencyStore {
  private readonly done = new Map<string, StoredRecord>()
  private readonly running = new Map<string, string>()
  private writing: Promise<void> = Promise.resolve()

  private constructor(private readonly file: string | null) {}

  /** Open the store; with a data directory, load the records kept there. */
  static async open(dataDir: string | null | undefined): Promise<IdempotencyStore> {
    const store = new IdempotencyStore(dataDir ? join(dataDir, IDEMPOTENCY_FILE) : null)
    if (store.file) await store.load(store.file)
    return store
  }

  private async load(file: string): Promise<void> {
    let text: string
    try {
      text = await readFile(file, 'utf8')
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return
      throw err
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      throw new Error(`The idempotency records in ${file} are not valid JSON; remove the file to start afresh.`)
    }
    const records = (parsed as { records?: unknown }).records
    if (!Array.isArray(records) || !records.every(isStoredRecord)) {
      throw new Error(
        `The idempotency records in ${file} are not in the expected form; remove the file to start afresh.`,
      )
    }
    for (const r of records) this.done.set(slot(r.keyId, r.idemKey), r)
  }

  /** Look up a key before running a write; on `new` the key is marked running until finish/abandon. */
  begin(keyId: string, idemKey: string, endpoint: string): IdempotencyStart {
    const id = slot(keyId, idemKey)
    const record = this.done.get(id)
    if (record)
      return record.endpoint === endpoint
        ? { kind: 'replay', fields: record.fields }
        : { kind: 'other_endpoint', endpoint: record.endpoint }
    const runningOn = this.running.get(id)
    if (runningOn !== undefined)
      return runningOn === endpoint ? { kind: 'running' } : { kind: 'other_endpoint', endpoint: runningOn }
    this.running.set(id, endpoint)
    return { kind: 'new' }
  }

  /** Record a successful result and persist it. */
  async finish(keyId: string, idemKey: string, fields: unknown, now: number): Promise<void> {
    const id = slot(keyId, idemKey)
    const endpoint = this.running.get(id)
    this.running.delete(id)
    if (endpoint === undefined) return
    this.done.set(id, { keyId, idemKey, endpoint, fields, at: now })
    while (this.done.size > MAX_RECORDS) {
      const oldest = this.done.keys().next().value
      if (oldest === undefined) break
      this.done.delete(oldest)
    }
    await this.persist()
  }

  /** Forget a running request that failed: nothing is recorded. */
  abandon(keyId: string, idemKey: string): void {
    this.running.delete(slot(keyId, idemKey))
  }

  /** Wait for pending writes. */
  async flush(): Promise<void> {
    await this.writing
  }

  private persist(): Promise<void> {
    const file = this.file
    if (!file) return Promise.resolve()
    const next = this.writing.then(async () => {
      const text = JSON.stringify({ version: 1, records: [...this.done.values()] })
      await mkdir(dirname(file), { recursive: true })
      const tmp = `${file}.${process.pid}.tmp`
      await writeFile(tmp, text)
      await rename(tmp, file)
    })
    this.writing = next.catch(() => undefined)
    return next
  }
}

function slot(keyId: string, idemKey: string): string {
  return `${keyId}\u0000${idemKey}`
}
