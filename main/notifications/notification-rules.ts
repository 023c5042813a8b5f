/**
 * What Booth notifies about, and how it words it: the conditions for each kind of OS notification on a
 * job, the user's choices (defaults from the talent's email prefs), plain-text titles and bodies, and the
 * dock/taskbar badge. Pure functions; notification-ledger.ts remembers what was already shown.
 */

import { NOTIFICATION_KINDS, type NotificationKind } from '../../shared/bridge-notices'
import { dayNumber, formatCalendarDate } from '../../shared/format/calendar-date'
import { dateThatCounts, owesAudio } from '../../shared/job-due'
import { takeName } from '../../shared/take-name'

export { NOTIFICATION_KINDS, type NotificationKind }

/** The job summary fields (the job summary of resources/api/talent-v1.yaml) the rules read. */
export interface JobSummaryLike {
  job_id: string
  advertiser: string
  key_number: string
  // 'unknown': a value the API document does not name (main/api/answer-schemas.ts); it raises nothing.
  due_state: 'none' | 'later' | 'soon' | 'today' | 'overdue' | 'stale' | 'unknown'
  status: 'pending' | 'completed' | 'declined' | 'unknown'
  stage:
    | 'sent'
    | 'viewed'
    | 'accepted'
    | 'changes_requested'
    | 'delivered'
    | 'completed'
    | 'approved'
    | 'declined'
    | 'unknown'
  script_changed: boolean
  unopened: boolean
  spot_cancelled?: boolean
  due_date?: string | null
  /** While changes are requested: the date they are due by. */
  changes_due?: string | null
  customer?: { name: string }
}

/** A delivery's status (the Delivery schema of resources/api/talent-v1.yaml), with the job it belongs to. */
export interface DeliveryStatusLike {
  job_id: string
  delivery_id: string
  status: string
  take_label?: string
  take_number?: number
  /** The delivered file's name: the take's name as Booth and the producer know it (shared/take-name.ts). */
  file_name?: string
}

/** How a delivery is named in a notification: its file's name (`MILL-0042_main_03`), else "the main take #2". */
function deliveryName(d: DeliveryStatusLike): string | null {
  if (d.file_name) return plainText(takeName({ file_name: d.file_name, take_number: d.take_number ?? 0 }), 60)
  return d.take_label ? `The ${plainText(d.take_label, 10)} take${d.take_number ? ` #${d.take_number}` : ''}` : null
}

/** The talent's email preferences (GET /preferences `prefs`). */
export interface EmailPrefs {
  due_soon: boolean
  overdue: boolean
  script_changed: boolean
  changes_requested: boolean
  delivery_approved: boolean
}

export type NotificationPrefs = Record<NotificationKind, boolean>

/**
 * Defaults for Booth's notification choices: each kind follows the email pref of the same name; new jobs
 * are always on; "due today" follows "due soon" (the API has no separate email pref for it).
 * `choices` (what the user set in Booth) override the defaults.
 */
export function resolveNotificationPrefs(
  email: EmailPrefs,
  choices: Partial<NotificationPrefs> = {},
): NotificationPrefs {
  for (const key of ['due_soon', 'overdue', 'script_changed', 'changes_requested', 'delivery_approved'] as const) {
    if (typeof email?.[key] !== 'boolean') {
      throw new TypeError(`The email preferences need a true/false "${key}"; got ${JSON.stringify(email?.[key])}.`)
    }
  }
  const defaults: NotificationPrefs = {
    new_job: true,
    due_soon: email.due_soon,
    due_today: email.due_soon,
    overdue: email.overdue,
    script_changed: email.script_changed,
    changes_requested: email.changes_requested,
    delivery_approved: email.delivery_approved,
  }
  for (const [key, value] of Object.entries(choices)) {
    if (!NOTIFICATION_KINDS.includes(key as NotificationKind))
      throw new TypeError(`Unknown notification kind "${key}".`)
    if (typeof value !== 'boolean') throw new TypeError(`The notification choice "${key}" must be true or false.`)
  }
  return { ...defaults, ...choices }
}

const DUE_KIND: Partial<Record<JobSummaryLike['due_state'], NotificationKind>> = {
  soon: 'due_soon',
  today: 'due_today',
  overdue: 'overdue',
}

/** Which kinds hold for a job right now (its deliveries, when known, add approval and change requests). */
export function activeKinds(job: JobSummaryLike, deliveries: readonly DeliveryStatusLike[]): Set<NotificationKind> {
  const kinds = new Set<NotificationKind>()
  const pending = job.status === 'pending'
  if (pending && job.stage === 'sent' && job.unopened) kinds.add('new_job')
  const due = DUE_KIND[job.due_state]
  // Due reminders only while the talent still owes the audio (shared/job-due.ts), whatever due_state says.
  if (due && owesAudio(job)) kinds.add(due)
  if (pending && job.script_changed) kinds.add('script_changed')
  if (job.stage === 'changes_requested' || deliveries.some((d) => d.status === 'changes_requested')) {
    kinds.add('changes_requested')
  }
  if (job.stage === 'approved' || deliveries.some((d) => d.status === 'approved' || d.status === 'used')) {
    kinds.add('delivery_approved')
  }
  return kinds
}

/** Text safe for any notification centre: no control or direction characters, one line, bounded length. */
export function plainText(text: unknown, max = 120): string {
  const flat = String(text ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat
}

export interface BoothNotification {
  kind: NotificationKind
  jobId: string
  /** Plain text, never HTML. */
  title: string
  /** Plain text, never HTML. */
  body: string
}

const HEADLINE: Record<NotificationKind, string> = {
  new_job: 'New job',
  due_soon: 'Due soon',
  due_today: 'Due today',
  overdue: 'Overdue',
  script_changed: 'Script changed',
  changes_requested: 'Changes requested',
  delivery_approved: 'Take approved',
}

/** How a new job's due state is said in its one notification. */
const DUE_SENTENCE: Partial<Record<NotificationKind, string>> = {
  due_soon: 'It is due soon',
  due_today: 'It is due today',
  overdue: 'It is already overdue',
}

/** What else a notification may say beyond the job's own fields. */
export interface NoticeContext {
  /** Today in the talent's zone (the job list's `today`), so a date of this year is written without its year. */
  today?: string
  /** A script revised once more while the last revision was still unacknowledged. */
  revisedAgain?: boolean
}

/** Title and body for one notification, built only from data fields. */
export function describeNotification(
  kind: NotificationKind,
  job: JobSummaryLike,
  deliveries: readonly DeliveryStatusLike[],
  /** For a new job: how soon it is due, said in the same notification. */
  alsoDue?: NotificationKind,
  more: NoticeContext = {},
): BoothNotification {
  const advertiser = plainText(job.advertiser, 80) || 'a job'
  const key = plainText(job.key_number, 40)
  const ref = key ? `Key number ${key}` : `Job ${plainText(job.job_id, 12)}`
  const customer = job.customer?.name ? ` for ${plainText(job.customer.name, 60)}` : ''
  // The date as Booth writes dates everywhere ("Tue, Mar 5"); while changes are requested, theirs.
  const due = dateThatCounts(job)
  const dueDate = due ? ` (${plainText(formatCalendarDate(due.date, more.today), 20)})` : ''
  const what = due?.changes ? `${ref}: the changes are` : `${ref} is`
  const approved = deliveries.find((d) => d.status === 'approved' || d.status === 'used')
  const approvedName = approved ? deliveryName(approved) : null
  const take = approvedName ? `${approvedName} was approved.` : 'Your delivery was approved.'
  const asked = deliveries.find((d) => d.status === 'changes_requested')
  const askedName = asked ? deliveryName(asked) : null
  const bodies: Record<NotificationKind, string> = {
    new_job: `${ref}${customer} is waiting for you.${alsoDue ? ` ${DUE_SENTENCE[alsoDue] ?? ''}${alsoDue === 'due_today' ? '' : dueDate}.` : ''}`,
    due_soon: `${what} due soon${dueDate}.`,
    due_today: `${what} due today.`,
    overdue: `${what} overdue${dueDate}.`,
    script_changed: `${ref}: the script was revised${more.revisedAgain ? ' again' : ''}.`,
    changes_requested: `${ref}: the producer asked for changes${askedName && asked?.file_name ? ` to ${askedName}` : ''}.`,
    delivery_approved: `${ref}: ${take}`,
  }
  return {
    kind,
    jobId: job.job_id,
    title: plainText(`${HEADLINE[kind]}: ${advertiser}`),
    body: plainText(bodies[kind], 200),
  }
}

/**
 * Dock / taskbar badge: jobs overdue plus jobs due today. From the pending list itself when it holds every
 * pending job: only jobs that still owe audio (shared/job-due.ts) whose date that counts is today or past
 * (without a date: which the service calls overdue or due today): the jobs whose due label in the window
 * reads overdue or due today (renderer/src/ui/format/due-state.ts), so a finished or delivered job never
 * counts whatever a service says, a job whose changes are due tomorrow is not overdue, and a job with no
 * date that was merely left untouched ("stale") is not either. A list of only part of the jobs falls back to the service's `counts`.
 */
export function badgeCountOf(view: {
  items: readonly JobSummaryLike[]
  total: number
  counts: { overdue: number; due_today: number }
  today?: string
}): number {
  if (!Array.isArray(view?.items) || !Number.isInteger(view.total) || view.items.length < view.total)
    return badgeCount(view.counts)
  const today = typeof view.today === 'string' && dayNumber(view.today) !== null ? view.today : null
  return view.items.filter((job) => {
    if (!owesAudio(job)) return false
    const due = dateThatCounts(job)
    // The date decides when there is one (YYYY-MM-DD compares as text); without one, the service's word.
    if (due && today && dayNumber(due.date) !== null) return due.date <= today
    return job.due_state === 'overdue' || job.due_state === 'today'
  }).length
}

/** Dock / taskbar badge from the job list's `counts`: overdue plus due today. */
export function badgeCount(counts: { overdue: number; due_today: number }): number {
  for (const key of ['overdue', 'due_today'] as const) {
    const value = counts?.[key]
    if (!Number.isInteger(value) || value < 0) {
      throw new TypeError(`The job counts need a whole number ≥ 0 for "${key}"; got ${JSON.stringify(value)}.`)
    }
  }
  return counts.overdue + counts.due_today
}
