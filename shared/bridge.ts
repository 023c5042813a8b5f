/**
 * THE bridge contract: every call the renderer may make (its arguments, checked at runtime where they
 * enter main, and its result type) and every event main sends. main, preload and renderer all import this
 * file and nothing else to talk to each other.
 */
import { apiId, bool, list, nullable, obj, optional, str, type Check, type Checked } from './check'
import { ACCOUNT_EVENT_NAMES, accountCalls, type AccountEvents, type AccountResults } from './bridge-account'
import { TAKE_EVENT_NAMES, takeCalls, type TakeEvents, type TakeResults } from './bridge-takes'
import { READBACK_EVENT_NAMES, readbackCalls, type ReadbackEvents, type ReadbackResults } from './bridge-readback'
import { audioCalls, type AudioResults } from './bridge-audio'
import { DELIVERY_EVENT_NAMES, deliveryCalls, type DeliveryEvents, type DeliveryResults } from './bridge-deliveries'
import { NOTICE_EVENT_NAMES, noticeCalls, type NoticeEvents, type NoticeResults } from './bridge-notices'
import { PROMPTER_EVENT_NAMES, prompterCalls, type PrompterEvents, type PrompterResults } from './bridge-prompter'
import { DATA_FILE_EVENT_NAMES, dataFileCalls, type DataFileEvents, type DataFileResults } from './bridge-data-files'
import { VERSION_EVENT_NAMES, versionCalls, type VersionEvents, type VersionResults } from './bridge-versions'
import { exportCalls, type ExportResults } from './bridge-export'
import { jobListQuery, type JobCounts, type JobDetail, type JobListQuery, type JobSummary } from './bridge-job-list'

export {
  ALL_PENDING_JOBS_QUERY,
  DEFAULT_JOB_LIST_QUERY,
  JOB_FILTERS,
  JOB_TABS,
  jobListQuery,
  sameJobListQuery,
  type JobCounts,
  type JobDetail,
  type JobListQuery,
  type JobSummary,
} from './bridge-job-list'

const id = apiId

/** Argument checks, one per call. A call not listed here does not exist. */
export const bridgeCalls = {
  getSession: obj({}),
  signIn: obj({ baseUrl: str({ min: 8, max: 2048 }), apiKey: str({ min: 8, max: 4096 }) }),
  signOut: obj({}),
  startDemo: obj({}),
  listJobs: jobListQuery,
  getJob: obj({ jobId: id }),
  watchJob: obj({ jobId: nullable(id) }),
  refreshNow: obj({}),
  getNotificationSettings: obj({}),
  setNotificationSettings: obj({
    new_job: optional(bool),
    due_soon: optional(bool),
    due_today: optional(bool),
    overdue: optional(bool),
    script_changed: optional(bool),
    changes_requested: optional(bool),
    delivery_approved: optional(bool),
  }),
  openExternal: obj({ url: str({ min: 1, max: 8192 }) }),
  listPendingScripts: obj({ jobIds: list(id, { max: 100 }) }),
  acceptJobs: obj({ jobIds: list(id, { min: 1, max: 100, unique: true }) }),
  declineJobs: obj({ jobIds: list(id, { min: 1, max: 100, unique: true }), reason: str({ min: 1, max: 500 }) }),
  completeJobs: obj({ jobIds: list(id, { min: 1, max: 100, unique: true }), note: nullable(str({ max: 1000 })) }),
  getScriptPdf: obj({ jobId: id }),
  scriptsPdf: obj({ jobIds: list(id, { min: 1, max: 25, unique: true }) }),
  downloadAttachment: obj({ jobId: id, attachmentId: id, fileName: str({ min: 1, max: 255 }) }),
  /** A local URL the page can play an audio attachment from (main fetches it into the cache). */
  getAttachmentMediaUrl: obj({
    jobId: id,
    attachmentId: id,
    ext: str({ min: 1, max: 8, pattern: /^[A-Za-z0-9]{1,8}$/ }),
  }),
  ...accountCalls,
  ...takeCalls,
  ...readbackCalls,
  ...audioCalls,
  ...deliveryCalls,
  ...noticeCalls,
  ...prompterCalls,
  ...dataFileCalls,
  ...versionCalls,
  ...exportCalls,
} satisfies Record<string, Check<unknown>>

export type BridgeCallName = keyof typeof bridgeCalls
export type BridgeArgs<N extends BridgeCallName> = Checked<(typeof bridgeCalls)[N]>

export type SessionMode = 'signed_out' | 'demo' | 'signed_in' | 'key_rejected'

export interface SessionState {
  mode: SessionMode
  baseUrl: string | null
  account: { keyId: string; name: string; email: string; scopes: string[]; expiresAt: number | null } | null
  /** Human sentences: a key close to expiry, missing scopes and what they disable, a rejected key. */
  warnings: string[]
  /** Scopes this key lacks, each with the features it turns off. */
  missingScopes: Array<{ scope: string; disables: string }>
}

/** Where data on screen came from, so the UI can say "cached, 2 hours old". */
export interface Provenance {
  source: 'live' | 'cache'
  fetchedAt: number
  /**
   * Why the saved copy is shown though the service answered: what it sent could not be read (a sentence
   * naming the service, main/api/answer-door.ts). Absent when the copy is live or the service was not reached.
   */
  liveProblem?: string
}

/** A job of a list that the service sent in a form Booth cannot read: shown as a row of its own. */
export interface UnreadableJob {
  /** Its place in the list as the service sent it. */
  position: number
  /** Its id, when that could be read. */
  job_id: string | null
  /** What is wrong with it, in words. */
  problem: string
}

export interface NamedRef {
  id: string
  name: string
}

export interface JobListView extends Provenance {
  query: JobListQuery
  total: number
  items: JobSummary[]
  /** The jobs of this page the service sent in a form Booth cannot read (none when absent). */
  unreadable?: UnreadableJob[]
  counts: JobCounts
  today: string
  /**
   * Customers and voices Booth has seen in any job list, sorted by name: the choices of the customer and
   * voice filters (the API lists none of its own).
   */
  customers: NamedRef[]
  voices: NamedRef[]
}

export interface JobView extends Provenance {
  job: JobDetail
  /** A local copy of the script PDF, readable offline; null when the job has none or it is not cached yet. */
  scriptDocumentPath: string | null
}

export interface NotificationSettings {
  new_job: boolean
  due_soon: boolean
  due_today: boolean
  overdue: boolean
  script_changed: boolean
  changes_requested: boolean
  delivery_approved: boolean
}

export interface Connectivity {
  /**
   * The service answered the last poll. With a `problem`, it answered what Booth cannot use (an answer too
   * large to read, or not in the API's shape): Booth works from its saved copies without calling itself offline.
   */
  online: boolean
  /** Why the last poll failed, in words; null when fine. */
  problem: string | null
  lastOkAt: number | null
  nextPollAt: number | null
  /**
   * Until when the service asked Booth to wait (a Retry-After); null when it did not. Booth parks the
   * polling until then and keeps every screen working from the saved copies.
   */
  waitUntil?: number | null
}

export interface BridgeResults
  extends
    AccountResults,
    TakeResults,
    ReadbackResults,
    AudioResults,
    DeliveryResults,
    NoticeResults,
    PrompterResults,
    DataFileResults,
    VersionResults,
    ExportResults {
  getSession: SessionState
  signIn: SessionState
  signOut: SessionState
  startDemo: SessionState
  listJobs: JobListView
  getJob: JobView
  watchJob: null
  refreshNow: null
  getNotificationSettings: NotificationSettings
  setNotificationSettings: NotificationSettings
  openExternal: { opened: boolean; reason: string | null }
  listPendingScripts: Array<{ jobId: string; cached: boolean }>
  acceptJobs: JobActionResult
  declineJobs: JobActionResult
  completeJobs: JobActionResult
  getScriptPdf: ScriptPdf
  scriptsPdf: ScriptsPdfResult
  downloadAttachment: AttachmentDownload
  getAttachmentMediaUrl: { url: string }
}

/** Events main sends; each carries a whole snapshot the store can apply with setState. */
/** What one accept / decline / complete did, per job. */
export interface JobActionResult {
  results: Array<{ job_id: string; outcome: string; job: JobSummary }>
  replayed: boolean
}

export interface ScriptPdf {
  jobId: string
  fileName: string
  /** The PDF's bytes, base64; read from the offline copy when the service cannot be reached. */
  base64: string
  source: 'live' | 'cache'
  fetchedAt: number
}

export interface ScriptsPdfResult {
  included: string[]
  missing: Array<{ job_id: string; reason: 'no_script' | 'no_pdf' | 'not_mergeable' | 'unknown' }>
  /** Where Booth saved the merged PDF (desktop), or a short-lived link the browser downloads (web host). */
  savedPath: string | null
  url: string | null
  fileName: string
}

export interface AttachmentDownload {
  /** Desktop: saved where the person chose (null when they cancelled). */
  savedPath: string | null
  /** Web host: a short-lived link the browser downloads itself. */
  url: string | null
}

export interface BridgeEvents
  extends
    AccountEvents,
    TakeEvents,
    ReadbackEvents,
    DeliveryEvents,
    NoticeEvents,
    PrompterEvents,
    DataFileEvents,
    VersionEvents {
  session: SessionState
  jobs: JobListView
  job: JobView
  connectivity: Connectivity
  notificationClicked: { jobId: string }
  badge: { count: number }
}
export type BridgeEventName = keyof BridgeEvents

const EVENT_NAMES: { [E in BridgeEventName]: true } = {
  session: true,
  jobs: true,
  job: true,
  connectivity: true,
  notificationClicked: true,
  badge: true,
  ...ACCOUNT_EVENT_NAMES,
  ...TAKE_EVENT_NAMES,
  ...READBACK_EVENT_NAMES,
  ...DELIVERY_EVENT_NAMES,
  ...NOTICE_EVENT_NAMES,
  ...PROMPTER_EVENT_NAMES,
  ...DATA_FILE_EVENT_NAMES,
  ...VERSION_EVENT_NAMES,
}
export const BRIDGE_EVENTS = Object.keys(EVENT_NAMES) as BridgeEventName[]

/**
 * Every call as a function, its arguments and result typed from the one list above (bridgeCalls for the
 * names and argument checks, BridgeResults for what each answers): main implements it (main/bridge/dispatch.ts
 * BridgeHandlers), the renderer calls it (BoothApi).
 */
export type BridgeCallFunctions = {
  [N in BridgeCallName]: (args: BridgeArgs<N>) => Promise<BridgeResults[N]>
}

/** BridgeResults answers exactly the calls of bridgeCalls: a result for a call that does not exist fails to compile. */
const resultsNameNoOtherCall: Record<Exclude<keyof BridgeResults, BridgeCallName>, never> = {}
void resultsNameNoOtherCall

/**
 * Whether the page can reach Booth (the web host's page only; an Electron window goes with its main
 * process): `up`; `down` (the host stopped answering: killed, crashed, hung; the page tries again);
 * `lost` (the page stopped trying: what answered did not prove it holds this tab's key — a Booth started
 * afresh has a new one — or nothing answered for a while: Booth must be opened again from its address).
 */
export type HostPresence = 'up' | 'down' | 'lost'

/** The typed object the renderer uses (window.booth in Electron, the HTTP bridge in a browser). */
export type BoothApi = BridgeCallFunctions & {
  on<E extends BridgeEventName>(event: E, fn: (data: BridgeEvents[E]) => void): () => void
  /** A file dropped onto the page, as a path main can read (importTake takes paths). */
  pathForFile(file: File): Promise<string>
  /** The web host's page: told when Booth stops answering and when it is back (see HostPresence). */
  onPresence?(fn: (presence: HostPresence) => void): () => void
}

export function isBridgeCallName(name: string): name is BridgeCallName {
  return Object.prototype.hasOwnProperty.call(bridgeCalls, name)
}
