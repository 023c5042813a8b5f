/**
 * Turns each fresh pending job list into OS notifications (once per job and state, remembered across
 * restarts by the ledger) and the dock/taskbar badge. Which kinds show: the person's choices in Booth,
 * defaulting to the talent's email preferences.
 */
import { join } from 'node:path'
import type { TalentClient } from '../api/client'
import type { JobListView, JobSummary, NotificationSettings } from '../../shared/bridge'
import { LEDGER_FILE_NAME, openNotificationLedger, type NotificationLedger } from './notification-ledger'
import { badgeCount, resolveNotificationPrefs, type BoothNotification, type EmailPrefs } from './notification-rules'
import type { Log } from '../logging/redacting-log'
import type { EventHub } from '../bridge/event-hub'
import type { SettingsStore } from '../storage/settings-store'

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
const ALL_ON: EmailPrefs = { due_soon: true, overdue: true, script_changed: true, changes_requested: true, delivery_approved: true }

export class NotificationCenter {
  private ledger: NotificationLedger | null = null
  private emailPrefs: EmailPrefs = ALL_ON
  private previous: JobSummary[] | null = null

  constructor(private readonly deps: NotificationCenterDeps) {}

  async load(): Promise<void> {
    this.ledger = await openNotificationLedger({
      file: join(this.deps.dataDir, LEDGER_FILE_NAME),
      warn: (message, fields) => this.deps.log.warn(message, fields),
    })
  }

  /** Reads the talent's email preferences as the defaults; a key without account:read keeps all kinds on. */
  async loadPrefs(): Promise<void> {
    const client = this.deps.client()
    if (!client) return
    try {
      this.emailPrefs = (await client.getPreferences()).prefs
    } catch (err) {
      this.deps.log.info('email preferences not readable; every notification kind stays on', { err })
    }
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
    const count = badgeCount(view.counts)
    this.deps.setBadge(count)
    this.deps.hub.emit('badge', { count })
    if (!this.ledger) return
    const raised = await this.ledger.update({ current: view.items, previous: this.previous, prefs: this.settings() })
    this.previous = view.items
    for (const n of raised) this.deps.notifier.show(n, () => this.deps.hub.emit('notificationClicked', { jobId: n.jobId }))
  }
}
