import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { LEDGER_FILE_NAME, openNotificationLedger } from '../../../main/notifications/notification-ledger'
import {
  badgeCount,
  plainText,
  resolveNotificationPrefs,
  type JobSummaryLike,
  type NotificationPrefs,
} from '../../../main/notifications/notification-rules'
import { job } from './job-summaries'

let dir: string
let file: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'booth-ledger-'))
  file = join(dir, 'data', LEDGER_FILE_NAME)
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const ALL_ON = resolveNotificationPrefs({
  due_soon: true,
  overdue: true,
  script_changed: true,
  changes_requested: true,
  delivery_approved: true,
})

/** A ledger past its first (silent, baseline) update. */
async function primed(prefs: NotificationPrefs = ALL_ON, warnings: string[] = []) {
  const ledger = await openNotificationLedger({ file, warn: (message) => void warnings.push(message) })
  await ledger.update({ current: [], prefs })
  return ledger
}

describe('notification ledger', () => {
  it('raises each kind once per job, in plain text built from the data', async () => {
    const ledger = await primed()
    const first = await ledger.update({
      current: [
        job('1', { stage: 'sent', unopened: true }),
        job('2', { due_state: 'soon' }),
        job('3', { due_state: 'today' }),
        job('4', { due_state: 'overdue' }),
        job('5', { script_changed: true }),
        job('6', { stage: 'changes_requested' }),
        job('7', { stage: 'delivered' }),
      ],
      deliveries: [{ job_id: '7', delivery_id: '70', status: 'approved', take_label: 'main', take_number: 2 }],
      prefs: ALL_ON,
    })
    expect(first).toEqual([
      { kind: 'new_job', jobId: '1', title: 'New job: Advertiser 1', body: 'Key number KN-1 for Acme Audio is waiting for you.' },
      { kind: 'due_soon', jobId: '2', title: 'Due soon: Advertiser 2', body: 'Key number KN-2 is due soon (2026-05-20).' },
      { kind: 'due_today', jobId: '3', title: 'Due today: Advertiser 3', body: 'Key number KN-3 is due today.' },
      { kind: 'overdue', jobId: '4', title: 'Overdue: Advertiser 4', body: 'Key number KN-4 is overdue (2026-05-20).' },
      { kind: 'script_changed', jobId: '5', title: 'Script changed: Advertiser 5', body: 'Key number KN-5: the script was revised.' },
      { kind: 'changes_requested', jobId: '6', title: 'Changes requested: Advertiser 6', body: 'Key number KN-6: the producer asked for changes.' },
      { kind: 'delivery_approved', jobId: '7', title: 'Take approved: Advertiser 7', body: 'Key number KN-7: The main take #2 was approved.' },
    ])
    const again = await ledger.update({
      current: [job('2', { due_state: 'soon' }), job('4', { due_state: 'overdue' }), job('7', { stage: 'approved' })],
      prefs: ALL_ON,
    })
    expect(again).toEqual([])
  })

  it('says a new job that is already due in ONE notification, and does not repeat the due one later', async () => {
    const ledger = await primed()
    const raised = await ledger.update({
      current: [
        job('20', { stage: 'sent', unopened: true, due_state: 'soon' }),
        job('21', { stage: 'sent', unopened: true, due_state: 'today' }),
        job('22', { stage: 'sent', unopened: true, due_state: 'overdue', script_changed: true }),
      ],
      prefs: ALL_ON,
    })
    expect(raised).toEqual([
      { kind: 'new_job', jobId: '20', title: 'New job: Advertiser 20', body: 'Key number KN-20 for Acme Audio is waiting for you. It is due soon (2026-05-20).' },
      { kind: 'new_job', jobId: '21', title: 'New job: Advertiser 21', body: 'Key number KN-21 for Acme Audio is waiting for you. It is due today.' },
      { kind: 'new_job', jobId: '22', title: 'New job: Advertiser 22', body: 'Key number KN-22 for Acme Audio is waiting for you. It is already overdue (2026-05-20).' },
      { kind: 'script_changed', jobId: '22', title: 'Script changed: Advertiser 22', body: 'Key number KN-22: the script was revised.' },
    ])
    const next = await ledger.update({
      current: [job('20', { due_state: 'soon' }), job('21', { due_state: 'today' }), job('22', { due_state: 'overdue', script_changed: true })],
      prefs: ALL_ON,
    })
    expect(next).toEqual([])
    // Moving on to a later due state is still news.
    expect((await ledger.update({ current: [job('20', { due_state: 'today' })], prefs: ALL_ON })).map((n) => n.kind)).toEqual(['due_today'])
  })

  it('remembers across a restart: a new ledger on the same file raises nothing already raised', async () => {
    const jobs = [job('10', { due_state: 'today' }), job('11', { stage: 'sent', unopened: true })]
    const before = await primed()
    expect((await before.update({ current: jobs, prefs: ALL_ON })).map((n) => n.kind)).toEqual(['due_today', 'new_job'])

    const after = await openNotificationLedger({ file })
    expect(after.size).toBe(2)
    expect(await after.update({ current: jobs, prefs: ALL_ON })).toEqual([])
    // a state that moves on is raised once, also after the restart
    const moved = await after.update({ current: [job('10', { due_state: 'overdue' })], prefs: ALL_ON })
    expect(moved.map((n) => [n.kind, n.jobId])).toEqual([['overdue', '10']])
    const third = await openNotificationLedger({ file })
    expect(await third.update({ current: [job('10', { due_state: 'overdue' })], prefs: ALL_ON })).toEqual([])
  })

  it('raises a kind again only after it stopped holding (a second change request)', async () => {
    const ledger = await primed()
    const ask = (stage: JobSummaryLike['stage']) => ledger.update({ current: [job('20', { stage })], prefs: ALL_ON })
    expect((await ask('changes_requested')).map((n) => n.kind)).toEqual(['changes_requested'])
    expect(await ask('changes_requested')).toEqual([])
    expect(await ask('delivered')).toEqual([])
    expect((await ask('changes_requested')).map((n) => n.kind)).toEqual(['changes_requested'])
  })

  it('never calls a job seen in the previous list "new", and stays silent on the first run', async () => {
    const ledger = await openNotificationLedger({ file })
    const unopened = job('30', { stage: 'sent', unopened: true, due_state: 'overdue' })
    expect(await ledger.update({ current: [unopened], prefs: ALL_ON })).toEqual([])
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ version: 1, records: { 'new_job:30': expect.any(Number) } })
    const other = job('31', { stage: 'sent', unopened: true })
    expect(await ledger.update({ current: [unopened, other], previous: [other], prefs: ALL_ON })).toEqual([])
  })

  it('filters by the user choices, defaulting from the email prefs, without a backlog when turned on', async () => {
    const prefs = resolveNotificationPrefs(
      { due_soon: false, overdue: true, script_changed: false, changes_requested: true, delivery_approved: false },
      { changes_requested: false },
    )
    expect(prefs).toEqual({
      new_job: true,
      due_soon: false,
      due_today: false,
      overdue: true,
      script_changed: false,
      changes_requested: false,
      delivery_approved: false,
    })
    const ledger = await primed(prefs)
    const jobs = [
      job('40', { due_state: 'soon' }),
      job('41', { due_state: 'overdue', script_changed: true }),
      job('42', { stage: 'changes_requested' }),
      job('43', { stage: 'sent', unopened: true }),
    ]
    expect((await ledger.update({ current: jobs, prefs })).map((n) => `${n.kind}:${n.jobId}`)).toEqual(['overdue:41', 'new_job:43'])
    expect(await ledger.update({ current: jobs, prefs: ALL_ON })).toEqual([])
    const noNewJobs = resolveNotificationPrefs(
      { due_soon: true, overdue: true, script_changed: true, changes_requested: true, delivery_approved: true },
      { new_job: false },
    )
    expect(await ledger.update({ current: [job('44', { stage: 'sent', unopened: true })], prefs: noNewJobs })).toEqual([])
  })

  it('gives no due reminders for delivered, cancelled or finished jobs', async () => {
    const ledger = await primed()
    const raised = await ledger.update({
      current: [
        job('50', { due_state: 'overdue', stage: 'delivered' }),
        job('51', { due_state: 'today', spot_cancelled: true }),
        job('52', { due_state: 'overdue', status: 'completed', stage: 'completed' }),
        job('53', { due_state: 'stale' }),
      ],
      prefs: ALL_ON,
    })
    expect(raised).toEqual([])
  })

  it('resets a damaged ledger with a warning instead of crashing, and keeps working', async () => {
    const ledger = await primed()
    await ledger.update({ current: [job('60', { due_state: 'today' })], prefs: ALL_ON })
    for (const damage of ['{"version":1,"records":{"due_today:60":', '{"version":2}', '{"version":1,"records":{"bogus:1":5}}']) {
      await writeFile(file, damage)
      const warnings: string[] = []
      const reopened = await openNotificationLedger({ file, warn: (message) => void warnings.push(message) })
      expect(warnings).toHaveLength(1)
      expect(warnings[0]).toMatch(/^The notification ledger was damaged and has been reset; .*notification-ledger\.json/)
      expect(reopened.size).toBe(0)
      // first update after the reset is silent (no burst), later changes are raised again
      expect(await reopened.update({ current: [job('60', { due_state: 'today' })], prefs: ALL_ON })).toEqual([])
      const next = await reopened.update({ current: [job('60', { due_state: 'overdue' })], prefs: ALL_ON })
      expect(next.map((n) => n.kind)).toEqual(['overdue'])
      expect(JSON.parse(await readFile(file, 'utf8')).version).toBe(1)
    }
    expect((await readdir(join(dir, 'data'))).filter((name) => name.endsWith('.tmp'))).toEqual([])
  })

  it('keeps titles and bodies plain, single-line text whatever the client typed', async () => {
    const ledger = await primed()
    const [note] = await ledger.update({
      current: [job('70', { stage: 'sent', unopened: true, advertiser: '<img src=x onerror=alert(1)>\n\u202eevil', key_number: '' })],
      prefs: ALL_ON,
    })
    expect(note?.title).toBe('New job: <img src=x onerror=alert(1)> evil')
    expect(note?.body).toBe('Job 70 for Acme Audio is waiting for you.')
    expect(plainText('x'.repeat(300))).toHaveLength(120)
  })

  it('refuses malformed input with readable errors', async () => {
    const ledger = await primed()
    await expect(ledger.update({ current: 'nope' as never, prefs: ALL_ON })).rejects.toThrow('The current job list must be an array.')
    await expect(ledger.update({ current: [{} as never], prefs: ALL_ON })).rejects.toThrow('Job 0 of the current job list has no job_id.')
    await expect(ledger.update({ current: [], prefs: undefined as never })).rejects.toThrow(/prefs\) are missing/)
    expect(() => resolveNotificationPrefs({ due_soon: true } as never)).toThrow(/need a true\/false "overdue"/)
    expect(() => resolveNotificationPrefs(ALL_ON, { loud: true } as never)).toThrow(/Unknown notification kind "loud"/)
    await expect(openNotificationLedger({ file: '' })).rejects.toThrow(/needs the path/)
  })
})

describe('badgeCount', () => {
  it('is overdue plus due today', () => {
    expect(badgeCount({ overdue: 2, due_today: 3 })).toBe(5)
    expect(badgeCount({ overdue: 0, due_today: 0 })).toBe(0)
    expect(() => badgeCount({ overdue: -1, due_today: 0 })).toThrow(/"overdue"; got -1/)
    expect(() => badgeCount({ overdue: 1 } as never)).toThrow(/"due_today"; got undefined/)
  })
})
