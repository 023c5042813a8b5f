/**
 * Uploads Booth no longer needs and that no delivery can use (a cancelled delivery, known not to exist
 * on the service), whose tus DELETE could not be sent yet (offline). Kept in
 * `<dataDir>/abandoned-uploads.json` (atomic writes) and deleted later: when the queue starts, and after
 * each delivery that went out. A handle is added ONLY once Booth knows no delivery uses it.
 */
import { join } from 'node:path'
import { writeFileAtomic } from '../storage/atomic-file'
import { readJsonDataFile } from '../storage/json-data-file'
import type { Log } from '../logging/redacting-log'

export const ABANDONED_FILE = 'abandoned-uploads.json'
const HANDLE_RE = /^[0-9a-f]{32}$/
const ABANDONED_ABOUT = {
  what: 'The list of unfinished uploads Booth still had to remove from the service',
  reset: 'It starts empty; those uploads expire on the service by themselves.',
}
/** Gives up on a handle after this many failed DELETEs (the service lets unused uploads expire). */
const MAX_TRIES = 20

interface Entry {
  handle: string
  tries: number
}

function validate(value: unknown): Entry[] {
  if (!Array.isArray(value)) throw new Error('expected a list')
  return value.filter(
    (e): e is Entry =>
      typeof e === 'object' &&
      e !== null &&
      typeof e.handle === 'string' &&
      HANDLE_RE.test(e.handle) &&
      typeof e.tries === 'number',
  )
}

export class AbandonedUploads {
  private readonly file: string
  private busy: Promise<void> = Promise.resolve()

  constructor(
    dataDir: string,
    private readonly log: Log,
  ) {
    this.file = join(dataDir, ABANDONED_FILE)
  }

  async list(): Promise<string[]> {
    return (await this.read()).map((e) => e.handle)
  }

  add(handle: string): Promise<void> {
    if (!HANDLE_RE.test(handle)) return Promise.resolve()
    return this.serial(async () => {
      const entries = await this.read()
      if (!entries.some((e) => e.handle === handle)) await this.write([...entries, { handle, tries: 0 }])
    })
  }

  /** Tries each DELETE once; keeps those that did not work (up to MAX_TRIES). */
  sweep(terminate: (handle: string) => Promise<boolean>): Promise<void> {
    return this.serial(async () => {
      const entries = await this.read()
      if (entries.length === 0) return
      const left: Entry[] = []
      for (const e of entries) {
        if (await terminate(e.handle)) continue
        if (e.tries + 1 < MAX_TRIES) left.push({ handle: e.handle, tries: e.tries + 1 })
        else this.log.warn('gave up deleting an unused upload on the service; it expires there', { handle: e.handle })
      }
      await this.write(left)
    })
  }

  private serial(work: () => Promise<void>): Promise<void> {
    const next = this.busy.then(work).catch((err: unknown) => {
      this.log.warn('could not keep the list of unused uploads to delete', {
        err: err instanceof Error ? err.message : String(err),
      })
    })
    this.busy = next
    return next
  }

  private async read(): Promise<Entry[]> {
    try {
      // A damaged list is set aside (the page says so); its uploads then expire on the service by themselves.
      return (await readJsonDataFile(this.file, { fallback: [], validate, about: ABANDONED_ABOUT })).value
    } catch {
      return []
    }
  }

  private write(entries: Entry[]): Promise<void> {
    return writeFileAtomic(this.file, JSON.stringify(entries))
  }
}
