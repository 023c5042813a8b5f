/**
 * An approval or a change request always reaches the bell (issue 41): an approval moves the job out of the
 * pending list main polls, so the job that left is read for its verdict; and the talent's email prefs (the
 * sandbox's talent has "delivery approved" off) decide only the OS notification, never the in-app list.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { EventHub } from '../../../main/bridge/event-hub'
import { NotificationCenter } from '../../../main/notifications/notification-center'
import { JobsThatLeft, MAX_READS_PER_POLL, MAX_TRIES } from '../../../main/notifications/jobs-that-left'
import type { JobSummaryLike } from '../../../main/notifications/notification-rules'
import type { Log } from '../../../main/logging/redacting-log'
import type { TalentClient } from '../../../main/api/client'
import { SettingsStore } from '../../../main/storage/settings-store'
import type { JobListView } from '../../../shared/bridge'
import { job } from './job-summaries'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'booth-verdicts-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const quiet: Log = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  child: () => quiet,
  addSecret: () => undefined,
  removeSecret: () => undefined,
}

interface Delivered {
  delivery_id: string
  status: string
  take_label: string
  take_number: number
  file_name: string
}

/** A client whose GET /jobs/{id} answers `details` (a job missing there fails as a lost answer would). */
function clientOf(
  details: Map<string, JobSummaryLike & { deliveries_detail: Delivered[] }>,
  reads: string[],
): TalentClient {
  return {
    getJob: async (id: string) => {
      reads.push(id)
      const detail = details.get(id)
      if (!detail) throw new Error('the answer was lost')
      return { job: detail }
    },
  } as unknown as TalentClient
}

async function startCentre(client: TalentClient | null) {
  const settings = new SettingsStore(dir)
  await settings.load()
  const shown: string[] = []
  const centre = new NotificationCenter({
    dataDir: dir,
    notifier: { show: (n) => void shown.push(n.body) },
    settings,
    hub: new EventHub(),
    log: quiet,
    setBadge: () => undefined,
    client: () => client,
  })
  await centre.load()
  return { centre, shown }
}

const listView = (items: JobSummaryLike[]) =>
  ({ items, counts: { overdue: 0, due_today: 0 } }) as unknown as JobListView
const delivered = (status: string): Delivered => ({
  delivery_id: 'd1',
  status,
  take_label: 'main',
  take_number: 1,
  file_name: 'MILL-0042_main_03.wav',
})
/** The sandbox's talent: every email on but "delivery approved". */
const SANDBOX_PREFS = {
  prefs: { due_soon: true, overdue: true, script_changed: true, changes_requested: true, delivery_approved: false },
  time_zone: 'UTC',
}

describe("a producer's verdict in the bell", () => {
  it('an approval that takes the job out of the pending list is listed, naming the take as Booth does', async () => {
    const details = new Map([
      ['7', { ...job('7', { stage: 'approved', status: 'completed' }), deliveries_detail: [delivered('approved')] }],
    ])
    const reads: string[] = []
    const { centre, shown } = await startCentre(clientOf(details, reads))
    centre.preferencesRead(SANDBOX_PREFS)
    await centre.onPendingList(listView([job('7', { stage: 'delivered' }), job('8')])) // a fresh ledger only records
    await centre.onPendingList(listView([job('8')]))
    expect(reads).toEqual(['7'])
    const items = centre.notices().items
    expect(items.map((n) => [n.kind, n.jobId, n.body])).toEqual([
      ['delivery_approved', '7', 'Key number KN-7: MILL-0042_main_03 was approved.'],
    ])
    // The OS shows it only if the talent's choice says so (the email pref is off here).
    expect(shown).toEqual([])
    // Read once: the next poll neither reads it again nor lists it twice.
    await centre.onPendingList(listView([job('8')]))
    expect(reads).toEqual(['7'])
    expect(centre.notices().items).toHaveLength(1)
  })

  it('a change request on a listed job is listed and shown, whatever the other choices', async () => {
    const { centre, shown } = await startCentre(null)
    centre.preferencesRead(SANDBOX_PREFS)
    await centre.onPendingList(listView([job('3', { stage: 'delivered' })]))
    await centre.onPendingList(listView([job('3', { stage: 'changes_requested' })]))
    expect(centre.notices().items.map((n) => n.kind)).toEqual(['changes_requested'])
    expect(shown).toEqual(['Key number KN-3: the producer asked for changes.'])
  })

  it('turning "Take approved" off in Booth silences the OS, not the bell', async () => {
    const { centre, shown } = await startCentre(null)
    await centre.update({ delivery_approved: false, changes_requested: false })
    await centre.onPendingList(listView([job('4', { stage: 'delivered' }), job('5', { stage: 'delivered' })]))
    await centre.onPendingList(listView([job('4', { stage: 'approved' }), job('5', { stage: 'changes_requested' })]))
    expect(
      centre
        .notices()
        .items.map((n) => n.kind)
        .sort(),
    ).toEqual(['changes_requested', 'delivery_approved'])
    expect(shown).toEqual([])
  })
})

describe('jobs that left the pending list', () => {
  const awaiting = (id: string, fields: Partial<JobSummaryLike> = {}) => job(id, { stage: 'delivered', ...fields })

  it('reads only jobs that awaited a verdict and were opened, a few a poll, and tries a lost answer again a bounded number of times', async () => {
    const reads: string[] = []
    const details = new Map<string, JobSummaryLike & { deliveries_detail: Delivered[] }>()
    for (const id of ['1', '2', '3', '4'])
      details.set(id, { ...awaiting(id, { stage: 'approved', status: 'completed' }), deliveries_detail: [] })
    const left = new JobsThatLeft({ client: () => clientOf(details, reads), log: quiet })
    const before = [
      awaiting('1'),
      awaiting('2'),
      awaiting('3'),
      awaiting('4'),
      awaiting('9'),
      job('5', { stage: 'accepted' }),
      awaiting('6', { unopened: true }),
    ]
    const first = await left.read(before, [])
    expect(first.jobs.map((j) => j.job_id)).toEqual(['1', '2', '3'].slice(0, MAX_READS_PER_POLL))
    const second = await left.read([], [])
    expect(second.jobs.map((j) => j.job_id)).toEqual(['4'])
    // '9' has no answer: tried MAX_TRIES times in all, then let go; '5' (no verdict awaited) and '6' (unopened) never.
    for (let i = 0; i < MAX_TRIES + 2; i++) await left.read([], [])
    expect(reads.filter((id) => id === '9')).toHaveLength(MAX_TRIES)
    expect(reads.some((id) => id === '5' || id === '6')).toBe(false)
  })

  it('a job back in the list is not read', async () => {
    const reads: string[] = []
    const left = new JobsThatLeft({ client: () => clientOf(new Map(), reads), log: quiet })
    const out = await left.read([awaiting('1')], [awaiting('1')])
    expect(out.jobs).toEqual([])
    expect(reads).toEqual([])
  })
})
