/**
 * Remembers which OS notifications Booth already raised, so each (job, kind) is shown ONCE while it holds,
 * also across restarts. The memory is a JSON file in the data folder, written atomically.
 *
 * - A kind is raised when it starts to hold for a job and is not in the ledger; it is then recorded.
 * - When a job in the current list no longer has that kind, the record is dropped, so the kind can be
 *   raised again if it comes back (a second change request, a script revised again, a new due date).
 * - A changed script is remembered with its revision (the job detail's `script.revision_id`, when the
 *   caller knows it): every further revision is raised too, although the job list's `script_changed`
 *   flag stays true from the first revision until a take is delivered. A revision not known yet never
 *   raises twice: it is noted when it becomes known.
 * - Kinds the user turned off are recorded but not shown, so turning them on later raises no backlog.
 * - On a fresh ledger (first run, or a damaged file that was reset) the first update only records what
 *   already holds: the window and the badge show that state, a burst of notifications would not help.
 * - Records not seen holding for 180 days are dropped (live ones are re-stamped monthly); at most 5000 kept.
 */
import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import { JsonFileError, removeLeftoverTempFiles, writeFileAtomic } from '../storage/atomic-file'
import { readJsonDataFile } from '../storage/json-data-file'
import {
  activeKinds,
  describeNotification,
  NOTIFICATION_KINDS,
  type BoothNotification,
  type DeliveryStatusLike,
  type JobSummaryLike,
  type NoticeContext,
  type NotificationKind,
  type NotificationPrefs,
} from './notification-rules'

export const LEDGER_FILE_NAME = 'notification-ledger.json'
const LEDGER_ABOUT = {
  what: 'The record of the notifications Booth has already shown',
  reset: 'It starts afresh: Booth shows no notification for what holds now, only for what changes from here.',
}
const MAX_AGE_MS = 180 * 24 * 3600 * 1000
const MAX_RECORDS = 5000
/** A record still holding is re-stamped this often, so age-based pruning never drops a live one. */
const RESTAMP_MS = 30 * 24 * 3600 * 1000

interface LedgerFile {
  version: 1
  /** `${kind}:${jobId}` → when it was recorded or last re-stamped (ms since epoch). */
  records: Record<string, number>
  /** `script_changed:${jobId}` → the script revision it was raised (or last noted) for. */
  revisions?: Record<string, string>
}

function validateLedger(value: unknown): LedgerFile {
  if (typeof value !== 'object' || value === null || (value as { version?: unknown }).version !== 1) {
    throw new Error('expected {"version": 1, "records": {...}}')
  }
  const records = (value as { records?: unknown }).records
  if (typeof records !== 'object' || records === null || Array.isArray(records)) {
    throw new Error('"records" must be an object')
  }
  for (const [key, at] of Object.entries(records)) {
    const [kind, jobId] = key.split(':')
    if (
      !NOTIFICATION_KINDS.includes(kind as NotificationKind) ||
      !jobId ||
      typeof at !== 'number' ||
      !Number.isFinite(at)
    ) {
      throw new Error(`the record "${key.slice(0, 60)}" is not a known kind and job with a time`)
    }
  }
  const revisions = (value as { revisions?: unknown }).revisions
  if (
    revisions !== undefined &&
    (typeof revisions !== 'object' ||
      revisions === null ||
      Array.isArray(revisions) ||
      Object.values(revisions).some((r) => typeof r !== 'string'))
  ) {
    throw new Error('"revisions" must map records to revision ids')
  }
  return {
    version: 1,
    records: records as Record<string, number>,
    revisions: { ...(revisions as Record<string, string> | undefined) },
  }
}

export interface LedgerUpdate {
  /** The job list as of now (any page or tab; jobs not in it are left alone). */
  current: readonly JobSummaryLike[]
  /** The list from the previous poll, if still in memory: a job already in it is never "new". */
  previous?: readonly JobSummaryLike[] | null
  /** Delivery statuses known for jobs (from job detail or GET /jobs/{id}/deliveries), if any. */
  deliveries?: readonly DeliveryStatusLike[]
  /** The script revision of jobs whose script changed, where known (job id → `script.revision_id`). */
  revisions?: ReadonlyMap<string, string>
  /** Today in the talent's zone (the job list's `today`), for the dates the notifications write. */
  today?: string
  prefs: NotificationPrefs
}

export interface NotificationLedger {
  /** Records what holds now and returns the notifications to raise (already filtered by prefs). */
  update(input: LedgerUpdate): Promise<BoothNotification[]>
  /** Number of records held. */
  readonly size: number
}

export interface OpenLedgerOptions {
  /** Path of the ledger file (usually `<dataDir>/notification-ledger.json`). */
  file: string
  /** Told when a damaged ledger is reset. */
  warn?: (message: string, fields?: Record<string, unknown>) => void
  now?: () => number
}

function checkJobs(list: unknown, what: string): asserts list is readonly JobSummaryLike[] {
  if (!Array.isArray(list)) throw new TypeError(`The ${what} job list must be an array.`)
  list.forEach((job, index) => {
    if (typeof job !== 'object' || job === null || typeof (job as { job_id?: unknown }).job_id !== 'string') {
      throw new TypeError(`Job ${index} of the ${what} job list has no job_id.`)
    }
  })
}

/** Opens (or creates) the ledger at `file`. A damaged file is reset with a warning, never a crash. */
export async function openNotificationLedger(options: OpenLedgerOptions): Promise<NotificationLedger> {
  if (typeof options?.file !== 'string' || options.file === '') {
    throw new TypeError('openNotificationLedger needs the path of the ledger file.')
  }
  const { file } = options
  const now = options.now ?? Date.now
  const warn = options.warn ?? ((message: string) => process.emitWarning(message))
  await mkdir(dirname(file), { recursive: true })
  await removeLeftoverTempFiles(file)

  let fresh = false
  let records: Record<string, number>
  let revisions: Record<string, string>
  try {
    const read = await readJsonDataFile<LedgerFile | null>(file, {
      fallback: null,
      validate: validateLedger,
      about: LEDGER_ABOUT,
    })
    if (read.setAside)
      warn(
        `The notification ledger was damaged and has been reset; notifications already shown may ` +
          `not repeat, new ones will. It is kept as ${read.setAside.keptAs}.`,
        { file, reason: read.setAside.detail },
      )
    fresh = read.value === null
    records = read.value?.records ?? {}
    revisions = read.value?.revisions ?? {}
  } catch (error) {
    if (!(error instanceof JsonFileError)) throw error
    warn(
      `The notification ledger was damaged and has been reset; notifications already shown may not repeat, new ones will. ${error.message}`,
      {
        file,
        reason: error.reason,
      },
    )
    fresh = true
    records = {}
    revisions = {}
  }

  let queue: Promise<unknown> = Promise.resolve()

  const apply = async (input: LedgerUpdate): Promise<BoothNotification[]> => {
    checkJobs(input?.current, 'current')
    if (input.previous != null) checkJobs(input.previous, 'previous')
    const prefs = input.prefs
    if (typeof prefs !== 'object' || prefs === null)
      throw new TypeError('The notification choices (prefs) are missing.')
    const known = new Set((input.previous ?? []).map((job) => job.job_id))
    const byJob = new Map<string, DeliveryStatusLike[]>()
    for (const delivery of input.deliveries ?? []) {
      byJob.set(delivery.job_id, [...(byJob.get(delivery.job_id) ?? []), delivery])
    }
    const at = now()
    let changed = false
    const raised: BoothNotification[] = []
    for (const job of input.current) {
      const deliveries = byJob.get(job.job_id) ?? []
      const holding = activeKinds(job, deliveries)
      if (known.has(job.job_id)) holding.delete('new_job')
      const starting: NotificationKind[] = []
      const revision = input.revisions?.get(job.job_id)
      let revisedAgain = false
      for (const kind of NOTIFICATION_KINDS) {
        const key = `${kind}:${job.job_id}`
        const noted = kind === 'script_changed' ? revisions[key] : undefined
        if (holding.has(kind) && records[key] === undefined) {
          records[key] = at
          if (kind === 'script_changed' && revision !== undefined) revisions[key] = revision
          changed = true
          if (!fresh && prefs[kind] === true) starting.push(kind)
        } else if (holding.has(kind) && kind === 'script_changed' && revision !== undefined && noted !== revision) {
          // A revision learnt for the change already raised is noted; a further one is news.
          revisions[key] = revision
          records[key] = at
          changed = true
          if (noted !== undefined && !fresh && prefs[kind] === true) {
            starting.push(kind)
            revisedAgain = true
          }
        } else if (holding.has(kind) && at - (records[key] ?? at) > RESTAMP_MS) {
          records[key] = at
          changed = true
        } else if (!holding.has(kind) && records[key] !== undefined && !(kind === 'new_job' && known.has(job.job_id))) {
          delete records[key]
          delete revisions[key]
          changed = true
        }
      }
      raised.push(
        ...notificationsFor(job, deliveries, starting, {
          ...(input.today ? { today: input.today } : {}),
          revisedAgain,
        }),
      )
    }
    changed = prune(records, at) || changed
    for (const key of Object.keys(revisions)) if (records[key] === undefined) delete revisions[key]
    if (changed || fresh) {
      await writeFileAtomic(file, JSON.stringify({ version: 1, records, revisions } satisfies LedgerFile))
    }
    fresh = false
    return raised
  }

  return {
    update(input) {
      const result = queue.then(() => apply(input))
      queue = result.catch(() => undefined)
      return result
    },
    get size() {
      return Object.keys(records).length
    },
  }
}

/**
 * One job's notifications for the kinds that just started to hold. A job that is new AND already due
 * soon, today or overdue gets one notification saying both, not two at once.
 */
function notificationsFor(
  job: JobSummaryLike,
  deliveries: DeliveryStatusLike[],
  starting: NotificationKind[],
  more: NoticeContext,
): BoothNotification[] {
  if (!starting.includes('new_job'))
    return starting.map((kind) => describeNotification(kind, job, deliveries, undefined, more))
  const due = DUE_KINDS.find((kind) => starting.includes(kind))
  const rest = starting.filter((kind) => kind !== 'new_job' && !DUE_KINDS.includes(kind))
  return [
    describeNotification('new_job', job, deliveries, due, more),
    ...rest.map((kind) => describeNotification(kind, job, deliveries, undefined, more)),
  ]
}

const DUE_KINDS: NotificationKind[] = ['overdue', 'due_today', 'due_soon']

/** Drops records older than 180 days and the oldest beyond 5000. True when something was dropped. */
function prune(records: Record<string, number>, at: number): boolean {
  let dropped = false
  for (const [key, time] of Object.entries(records)) {
    if (at - time > MAX_AGE_MS) {
      delete records[key]
      dropped = true
    }
  }
  const keys = Object.keys(records)
  if (keys.length > MAX_RECORDS) {
    keys.sort((a, b) => (records[a] ?? 0) - (records[b] ?? 0))
    for (const key of keys.slice(0, keys.length - MAX_RECORDS)) delete records[key]
    dropped = true
  }
  return dropped
}
