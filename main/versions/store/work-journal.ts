/**
 * A crash-safe journal of version work, so that a start after Booth stopped mid-work can say what did not
 * finish — in the desktop app and after a page reload too, not only in a page that lived through it.
 *
 * One small file per take in `<data folder>/version-work/`: `<take id>.json` is written (atomically)
 * before a version-making job on the take starts and removed when it ends, finished or failed with an
 * error the window was already shown. One job per take runs at a time (version-work.ts `exclusive`), so
 * one file per take is enough. At start-up (`recover`, before any job runs) every entry still there was
 * cut off: it becomes `<take id>.unfinished.json`, a note the window shows on the take's row until the
 * talent dismisses it. The note keeps the version the take was at when Booth started again (before any
 * job): whether the cut-off job got as far as keeping its version is judged from that, never from a version
 * made after the restart. Its sentence is made when it is read, naming the version the take is at then. An entry that
 * cannot be read is set aside (renamed `.damaged`) and still
 * named on its take's row when its file name says which take; it never stops Booth from starting.
 * Journalled: pickups placed, punch-and-roll, false-start cuts, comps (on their base take), finishes. A trim needs no
 * entry: it is written before it is measured, and a trim left unmeasured is measured again at delivery.
 */
import { promises as fsp } from 'node:fs'
import { join } from 'node:path'
import type { UnfinishedWorkNote, UnfinishedWorkWhat } from '../../../shared/bridge-versions'
import { TAKE_ID_PATTERN } from '../../../shared/check'
import { writeFileAtomic } from '../../storage/atomic-file'
import type { TakeMeta } from '../../takes/take-types'

export interface JournalEntry {
  v: 1
  take_id: string
  job_id: string
  /** This job's own id (several jobs on one take over time). */
  work_id: string
  what: UnfinishedWorkWhat
  /** The version the take was at when the job began. */
  at_version: number
  started_at: string
}

/** What the journal was told about one take once Booth started again; `what` null: its entry was damaged. */
interface StoredNote {
  v: 1
  take_id: string
  job_id: string | null
  what: UnfinishedWorkWhat | null
  at_version: number | null
  started_at: string | null
  /**
   * The version the take was at when Booth started again, before any new work: above `at_version` only
   * when the cut-off job had kept its version. Absent in notes of an older Booth, or when the take was gone.
   */
  version_at_start?: number | null
}

const WHATS: readonly UnfinishedWorkWhat[] = [
  'pickup',
  'punch',
  'cut_restart',
  'cut_removed',
  'comp',
  'finish',
  'trim',
  'readback',
]

/** The work in the talent's words, as the start of a sentence. */
export const WORK_WORDS: Record<UnfinishedWorkWhat, string> = {
  pickup: 'The pickup placed',
  punch: 'The punch-and-roll',
  cut_restart: 'The false start cut',
  cut_removed: 'The cut of the removed lines',
  comp: 'The comp',
  finish: 'The finish for delivery',
  trim: 'The trim',
  readback: 'The read-back',
}

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x)

/** A journal entry read from disk, or null when it is not one. */
export function parseEntry(text: string): JournalEntry | null {
  let x: unknown
  try {
    x = JSON.parse(text)
  } catch {
    return null
  }
  if (!isObj(x) || x.v !== 1) return null
  const { take_id, job_id, work_id, what, at_version, started_at } = x
  if (typeof take_id !== 'string' || !TAKE_ID_PATTERN.test(take_id)) return null
  if (typeof job_id !== 'string' || job_id.length === 0 || job_id.length > 64) return null
  if (typeof work_id !== 'string' || typeof started_at !== 'string') return null
  if (typeof what !== 'string' || !WHATS.includes(what as UnfinishedWorkWhat)) return null
  if (typeof at_version !== 'number' || !Number.isInteger(at_version) || at_version < 1) return null
  return { v: 1, take_id, job_id, work_id, what: what as UnfinishedWorkWhat, at_version, started_at }
}

function parseNote(text: string): StoredNote | null {
  let x: unknown
  try {
    x = JSON.parse(text)
  } catch {
    return null
  }
  if (!isObj(x) || x.v !== 1 || typeof x.take_id !== 'string' || !TAKE_ID_PATTERN.test(x.take_id)) return null
  const what =
    typeof x.what === 'string' && WHATS.includes(x.what as UnfinishedWorkWhat) ? (x.what as UnfinishedWorkWhat) : null
  return {
    v: 1,
    take_id: x.take_id,
    job_id: typeof x.job_id === 'string' ? x.job_id : null,
    what,
    at_version: typeof x.at_version === 'number' ? x.at_version : null,
    started_at: typeof x.started_at === 'string' ? x.started_at : null,
    version_at_start:
      typeof x.version_at_start === 'number' && Number.isInteger(x.version_at_start) ? x.version_at_start : null,
  }
}

/** The sentence a note says, from the take as it is now (null: the take is no longer there). */
export function noteSentence(
  note: { what: UnfinishedWorkWhat | null; at_version: number | null; version_at_start?: number | null },
  take: TakeMeta | null,
): string {
  const what = note.what ? WORK_WORDS[note.what] : 'Work on this take'
  if (!take) return `${what} before Booth stopped was not finished; the take is no longer there.`
  const name = `${take.label === 'pickup' ? 'pickup' : 'take'} ${take.take_number}`
  const now = take.current_version ?? 1
  // A comp makes a new take, and leaves its base as it was: whether it got as far as the take is not known here.
  if (note.what === 'comp')
    return `The comp started on ${name} when Booth stopped may not have finished: if no comp take is in the list, pick its sentences again.`
  if (note.what === null)
    return `Booth's note of work on ${name} when it stopped could not be read, so that work may not have finished; ${name} is at version ${now}.`
  // Judged from the take as Booth found it at its start, never from versions made since: the version was
  // kept just before Booth stopped (the entry's removal was what was cut off) only when it was there then.
  const atStart = note.version_at_start ?? null
  if (note.at_version !== null && atStart !== null && atStart > note.at_version)
    return `${what} was finished just before Booth stopped; ${name} is at version ${now}.`
  if (note.at_version !== null && atStart === null && now > note.at_version)
    return `${what} before Booth stopped may not have finished; ${name} is at version ${now}.`
  return `${what} before Booth stopped was not finished; ${name} is at version ${now}.`
}

export interface WorkJournalDeps {
  /** The take as it is now; null when it is gone. */
  readTake(takeId: string): Promise<TakeMeta | null>
  warn(message: string): void
  now?: () => Date
}

export class WorkJournal {
  private readonly ready: Promise<void>
  private seq = 0

  /** `dir`: the journal's folder (`<data folder>/version-work`). Recovery starts at once. */
  constructor(
    readonly dir: string,
    private readonly d: WorkJournalDeps,
  ) {
    this.ready = this.recover().catch((err: unknown) => {
      d.warn(
        `Booth could not look at what work was cut off when it last stopped: ${err instanceof Error ? err.message : String(err)}`,
      )
    })
  }

  private entryPath(takeId: string): string {
    return join(this.dir, `${takeId}.json`)
  }

  private notePath(takeId: string): string {
    return join(this.dir, `${takeId}.unfinished.json`)
  }

  /** Runs one version-making job on `take`, journalled from before it starts until it ends. */
  async run<T>(take: TakeMeta, what: UnfinishedWorkWhat, job: () => Promise<T>): Promise<T> {
    await this.ready
    const now = (this.d.now ?? (() => new Date()))()
    const entry: JournalEntry = {
      v: 1,
      take_id: take.id,
      job_id: take.job_id,
      work_id: `${process.pid}-${now.getTime()}-${++this.seq}`,
      what,
      at_version: take.current_version ?? 1,
      started_at: now.toISOString(),
    }
    await fsp.mkdir(this.dir, { recursive: true })
    await writeFileAtomic(this.entryPath(take.id), JSON.stringify(entry))
    try {
      return await job()
    } finally {
      // Only this job's entry: a second job refused on the same take must not remove the first one's.
      await this.removeEntry(take.id, entry.work_id).catch(() => undefined)
    }
  }

  private async removeEntry(takeId: string, workId: string): Promise<void> {
    const path = this.entryPath(takeId)
    const left = parseEntry(await fsp.readFile(path, 'utf8').catch(() => ''))
    if (left && left.work_id !== workId) return
    await fsp.rm(path, { force: true })
  }

  /** Turns the entries a stopped Booth left into notes; a damaged one is set aside. Never throws for a bad file. */
  async recover(): Promise<void> {
    let names: string[]
    try {
      names = await fsp.readdir(this.dir)
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return
      throw err
    }
    for (const name of names) {
      if (name.startsWith('.') && name.endsWith('.tmp')) {
        await fsp.rm(join(this.dir, name), { force: true }).catch(() => undefined)
        continue
      }
      const m = /^(.+)\.json$/.exec(name)
      if (!m || name.endsWith('.unfinished.json')) continue
      const path = join(this.dir, name)
      const text = await fsp.readFile(path, 'utf8').catch(() => null)
      const entry = text === null ? null : parseEntry(text)
      const takeId = entry?.take_id ?? (TAKE_ID_PATTERN.test(m[1] as string) ? (m[1] as string) : null)
      if (!entry) {
        await fsp.rename(path, `${path}.damaged`).catch(() => fsp.rm(path, { force: true }).catch(() => undefined))
        this.d.warn(`A note of version work Booth kept could not be read; it was set aside as ${name}.damaged.`)
      }
      if (takeId) {
        // The take's version now, before any work runs (jobs wait for this recovery): what the cut-off job left.
        const found = entry ? await this.d.readTake(entry.take_id).catch(() => null) : null
        const note: StoredNote = entry
          ? {
              v: 1,
              take_id: entry.take_id,
              job_id: entry.job_id,
              what: entry.what,
              at_version: entry.at_version,
              started_at: entry.started_at,
              version_at_start: found ? (found.current_version ?? 1) : null,
            }
          : { v: 1, take_id: takeId, job_id: null, what: null, at_version: null, started_at: null }
        await writeFileAtomic(this.notePath(takeId), JSON.stringify(note))
      }
      if (entry) await fsp.rm(path, { force: true })
    }
  }

  /** The notes of work that did not finish, for the takes of `jobId`, each with its sentence. */
  async notes(jobId: string): Promise<UnfinishedWorkNote[]> {
    await this.ready
    const names = await fsp.readdir(this.dir).catch(() => [] as string[])
    const out: UnfinishedWorkNote[] = []
    for (const name of names.filter((n) => n.endsWith('.unfinished.json')).sort()) {
      const note = parseNote(await fsp.readFile(join(this.dir, name), 'utf8').catch(() => ''))
      if (!note) continue
      const take = await this.d.readTake(note.take_id)
      if ((take?.job_id ?? note.job_id) !== jobId) continue
      out.push({ takeId: note.take_id, jobId, what: note.what, message: noteSentence(note, take) })
    }
    return out
  }

  /** The talent read the note: it is removed from disk. */
  async dismiss(takeId: string): Promise<void> {
    await this.ready
    await fsp.rm(this.notePath(takeId), { force: true })
  }
}
