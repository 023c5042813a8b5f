/**
 * Turns each fresh pending job list into OS notifications (once per job and state, remembered across
 * restarts by the ledger) and the dock/taskbar badge. Which kinds show: the person's choices in Booth,
 * defaulting to the talent's email preferences.
 */
import { join } from 'node:path'
import type { TalentClient } from '../api/client'
import type { JobListView, JobSummary, NotificationSettings } from '../../shared/bridge'
import { LEDGER_FILE_NAME, openNotificationLedger, type NotificationLedger } from './notification-ledger'
import { badgeCountOf, resolveNotificationPrefs, type BoothNotification, type EmailPrefs } from './notification-rules'
import { ScriptRevisionWatch } from './script-revisions'
import { JobsThatLeft } from './jobs-that-left'
import { setTalentZone } from '../../shared/format/shown-zone'
import type { Log } from '../logging/redacting-log'
import type { EventHub } from '../bridge/event-hub'
import type { SettingsStore } from '../storage/settings-store'
import { MAX_NOTICES, type BoothNotice, type NoticesView } from '../../shared/bridge-notices'
import { NOTICES_FILE_NAME, openNoticeListFile, type NoticeListFile } from './notice-list-file'

export interface Notifier {
  show(notification: BoothNotification, onClick: () => void): void
}

export interface NotificationCenterDeps {
  dataDir: string
  notifier: Notifier
  settings: SettingsStore
  hub: EventHub
  log: Log
  setBadge(count: number): void
  client(): TalentClient | null
}

/** Until the talent's email preferences are known (or readable), every kind is on. */
const ALL_ON: EmailPrefs = {
  due_soon: true,
  overdue: true,
  script_changed: true,
  changes_requested: true,
  delivery_approved: true,
}

/**
 * The producer's verdicts on the talent's work: always listed in the bell (the in-app list), whatever the
 * choices; the choices (and the email prefs they default to) decide only whether the OS shows them too.
 */
const ALWAYS_IN_THE_BELL = ['changes_requested', 'delivery_approved'] as const

export class NotificationCenter {
  private ledger: NotificationLedger | null = null
  private emailPrefs: EmailPrefs = ALL_ON
  private previous: JobSummary[] | null = null
  /** The in-app list, newest first (the ledger keeps each once); saved in the data folder after every change. */
  private list: BoothNotice[] = []
  private readonly listFile: NoticeListFile
  /** The script revision of each changed job, so every revision is a notice (script-revisions.ts). */
  private readonly revisions: ScriptRevisionWatch
  /** Jobs that left the pending list (an approval makes a job completed): read once for their verdict. */
  private readonly left: JobsThatLeft

  constructor(private readonly deps: NotificationCenterDeps) {
    this.revisions = new ScriptRevisionWatch({ client: deps.client, log: deps.log })
    this.left = new JobsThatLeft({ client: deps.client, log: deps.log })
    this.listFile = openNoticeListFile({
      file: join(deps.dataDir, NOTICES_FILE_NAME),
      warn: (message, fields) => deps.log.warn(message, fields),
    })
  }

  async load(): Promise<void> {
    this.ledger = await openNotificationLedger({
      file: join(this.deps.dataDir, LEDGER_FILE_NAME),
      warn: (message, fields) => this.deps.log.warn(message, fields),
    })
    this.list = await this.listFile.load()
    if (this.list.length > 0) this.deps.hub.emit('notices', this.notices())
  }

  /** Saves the list; a failed write is logged (the list on screen is still right, and the next change retries). */
  private async persist(): Promise<void> {
    try {
      await this.listFile.save(this.list)
    } catch (err) {
      this.deps.log.warn('could not save the notification list', { err })
    }
  }

  /** Reads the talent's email preferences as the defaults; a key without account:read keeps all kinds on. */
  async loadPrefs(): Promise<void> {
    const client = this.deps.client()
    if (!client) return
    try {
      this.preferencesRead(await client.getPreferences())
    } catch (err) {
      this.deps.log.info('email preferences not readable; every notification kind stays on', { err })
    }
  }

  /**
   * The talent's preferences as the service answered them (at sign-in, or when a page read or saved them):
   * the email prefs are the notification defaults, and the time zone is the one due labels are read in and
   * times of day are compared with (shared/format/shown-zone.ts).
   */
  preferencesRead(answer: { prefs: EmailPrefs; time_zone: string }): void {
    this.emailPrefs = answer.prefs
    setTalentZone(answer.time_zone)
    this.deps.hub.emit('talentTimeZone', { zone: answer.time_zone })
  }

  settings(): NotificationSettings {
    return resolveNotificationPrefs(this.emailPrefs, this.deps.settings.get().notifications ?? {})
  }

  async update(patch: Partial<NotificationSettings>): Promise<NotificationSettings> {
    const current = this.deps.settings.get().notifications ?? {}
    await this.deps.settings.update({ notifications: { ...current, ...patch } })
    return this.settings()
  }

  async onPendingList(view: JobListView): Promise<void> {
    const count = badgeCountOf(view)
    this.deps.setBadge(count)
    this.deps.hub.emit('badge', { count })
    if (!this.ledger) return
    const revisions = await this.revisions.revisions(view.items)
    const left = await this.left.read(this.previous, view.items)
    const chosen = this.settings()
    const bell = { ...chosen }
    for (const kind of ALWAYS_IN_THE_BELL) bell[kind] = true
    const raised = await this.ledger.update({
      current: [...view.items, ...left.jobs],
      deliveries: left.deliveries,
      previous: this.previous,
      prefs: bell,
      revisions,
      today: view.today,
    })
    this.previous = view.items
    const at = Date.now()
    for (const n of raised) {
      this.list.unshift({
        id: `${n.kind}:${n.jobId}:${at}`,
        kind: n.kind,
        jobId: n.jobId,
        title: n.title,
        body: n.body,
        at,
        read: false,
      })
      if (chosen[n.kind])
        this.deps.notifier.show(n, () => this.deps.hub.emit('notificationClicked', { jobId: n.jobId }))
    }
    if (raised.length > 0) {
      this.list = this.list.slice(0, MAX_NOTICES)
      this.deps.hub.emit('notices', this.notices())
      await this.persist()
    }
  }

  /** The in-app notification centre's list and unread count. */
  notices(): NoticesView {
    return { items: this.list.map((n) => ({ ...n })), unread: this.list.filter((n) => !n.read).length }
  }

  /** After sign-out: the account's notices (and its time zone and revisions) leave the list, on screen and on disk. */
  async clearNotices(): Promise<void> {
    setTalentZone(null)
    this.revisions.clear()
    this.left.clear()
    this.previous = null
    this.list = []
    this.deps.hub.emit('notices', this.notices())
    await this.persist()
  }

  /** Marks these notices (or, with null, all) read. */
  async markRead(ids: readonly string[] | null): Promise<NoticesView> {
    const chosen = ids === null ? null : new Set(ids)
    this.list = this.list.map((n) => (chosen === null || chosen.has(n.id) ? { ...n, read: true } : n))
    const view = this.notices()
    this.deps.hub.emit('notices', view)
    await this.persist()
    return view
  }
}
