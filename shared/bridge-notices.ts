/**
 * The in-app notification centre's part of the bridge contract: what Booth noticed (due soon, overdue,
 * new job, script changed, changes requested, take approved), each once per job and state (the same
 * ledger as the OS notifications), newest first, with what has been read.
 */
import { list, nullable, obj, str, type Check } from './check'

export const MAX_NOTICES = 100

/** What Booth notifies about, in the order the notification ledger walks them. */
export const NOTIFICATION_KINDS = [
  'new_job',
  'due_soon',
  'due_today',
  'overdue',
  'script_changed',
  'changes_requested',
  'delivery_approved',
] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

export interface BoothNotice {
  /** Unique per notice: `<kind>:<job_id>:<raised at ms>`. */
  id: string
  kind: NotificationKind
  jobId: string
  /** Plain text, never HTML. */
  title: string
  /** Plain text, never HTML. */
  body: string
  /** ms since the epoch. */
  at: number
  read: boolean
}

export interface NoticesView {
  items: BoothNotice[]
  unread: number
}

const noticeId = str({ min: 1, max: 200 })

export const noticeCalls = {
  listNotices: obj({}),
  /** Marks these notices read; null marks every notice read. */
  markNoticesRead: obj({ ids: nullable(list(noticeId, { max: MAX_NOTICES })) }),
} satisfies Record<string, Check<unknown>>

export interface NoticeResults {
  listNotices: NoticesView
  markNoticesRead: NoticesView
}

export interface NoticeEvents {
  notices: NoticesView
  /** The talent's time zone from their preferences (read with the notification defaults); null until known. */
  talentTimeZone: { zone: string | null }
}

export const NOTICE_EVENT_NAMES: { [E in keyof NoticeEvents]: true } = { notices: true, talentTimeZone: true }
