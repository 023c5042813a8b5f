import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { LEDGER_FILE_NAME, openNotificationLedger } from '../../../main/notifications/notification-ledger'
import {
  badgeCount,
  badgeCountOf,
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
      {
        kind: 'new_job',
        jobId: '1',
        title: 'New job: Advertiser 1',
        body: 'Key number KN-1 for Acme Audio is waiting for you.',
      },
      {
        kind: 'due_soon',
        jobId: '2',
        title: 'Due soon: Advertiser 2',
        body: 'Key number KN-2 is due soon (Wed, May 20, 2026).',
      },
      { kind: 'due_today', jobId: '3', title: 'Due today: Advertiser 3', body: 'Key number KN-3 is due today.' },
      {
        kind: 'overdue',
        jobId: '4',
        title: 'Overdue: Advertiser 4',
        body: 'Key number KN-4 is overdue (Wed, May 20, 2026).',
      },
      {
        kind: 'script_changed',
        jobId: '5',
        title: 'Script changed: Advertiser 5',
        body: 'Key number KN-5: the script was revised.',
      },
      {
        kind: 'changes_requested',
        jobId: '6',
        title: 'Changes requested: Advertiser 6',
        body: 'Key number KN-6: the producer asked for changes.',
      },
      {
        kind: 'delivery_approved',
        jobId: '7',
        title: 'Take approved: Advertiser 7',
        body: 'Key number KN-7: The main take #2 was approved.',
      },
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
      {
        kind: 'new_job',
        jobId: '20',
        title: 'New job: Advertiser 20',
        body: 'Key number KN-20 for Acme Audio is waiting for you. It is due soon (Wed, May 20, 2026).',
      },
      {
        kind: 'new_job',
        jobId: '21',
        title: 'New job: Advertiser 21',
        body: 'Key number KN-21 for Acme Audio is waiting for you. It is due today.',
      },
      {
        kind: 'new_job',
        jobId: '22',
        title: 'New job: Advertiser 22',
        body: 'Key number KN-22 for Acme Audio is waiting for you. It is already overdue (Wed, May 20, 2026).',
      },
      {
        kind: 'script_changed',
        jobId: '22',
        title: 'Script changed: Advertiser 22',
        body: 'Key number KN-22: the script was revised.',
      },
    ])
    const next = await ledger.update({
      current: [
        job('20', { due_state: 'soon' }),
        job('21', { due_state: 'today' }),
        job('22', { due_state: 'overdue', script_changed: true }),
      ],
      prefs: ALL_ON,
    })
    expect(next).toEqual([])
    // Moving on to a later due state is still news.
    expect(
      (await ledger.update({ current: [job('20', { due_state: 'today' })], prefs: ALL_ON })).map((n) => n.kind),
    ).toEqual(['due_today'])
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
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({
      version: 1,
      records: { 'new_job:30': expect.any(Number) },
    })
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
    expect((await ledger.update({ current: jobs, prefs })).map((n) => `${n.kind}:${n.jobId}`)).toEqual([
      'overdue:41',
      'new_job:43',
    ])
    expect(await ledger.update({ current: jobs, prefs: ALL_ON })).toEqual([])
    const noNewJobs = resolveNotificationPrefs(
      { due_soon: true, overdue: true, script_changed: true, changes_requested: true, delivery_approved: true },
      { new_job: false },
    )
    expect(await ledger.update({ current: [job('44', { stage: 'sent', unopened: true })], prefs: noNewJobs })).toEqual(
      [],
    )
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

  it('raises every revision of a changed script, not only the first, and never one revision twice', async () => {
    const ledger = await primed()
    const changed = [job('80', { script_changed: true })]
    const poll = (revision?: string) =>
      ledger.update({
        current: changed,
        prefs: ALL_ON,
        ...(revision ? { revisions: new Map([['80', revision]]) } : {}),
      })
    // The flag turns before the revision is known: raised once, the revision noted when it is read.
    expect((await poll()).map((n) => n.body)).toEqual(['Key number KN-80: the script was revised.'])
    expect(await poll('r1')).toEqual([])
    expect(await poll()).toEqual([])
    // The producer revises again while the flag is still up: a second notice.
    expect((await poll('r2')).map((n) => [n.kind, n.body])).toEqual([
      ['script_changed', 'Key number KN-80: the script was revised again.'],
    ])
    expect(await poll('r2')).toEqual([])
    // Remembered across a restart, revision and all.
    const reopened = await openNotificationLedger({ file })
    expect(await reopened.update({ current: changed, prefs: ALL_ON, revisions: new Map([['80', 'r2']]) })).toEqual([])
    expect(
      (await reopened.update({ current: changed, prefs: ALL_ON, revisions: new Map([['80', 'r3']]) })).map(
        (n) => n.kind,
      ),
    ).toEqual(['script_changed'])
    // A take delivered clears the flag; the next change is news again, known revision or not.
    expect(await reopened.update({ current: [job('80')], prefs: ALL_ON })).toEqual([])
    expect(
      (await reopened.update({ current: changed, prefs: ALL_ON, revisions: new Map([['80', 'r4']]) })).map(
        (n) => n.body,
      ),
    ).toEqual(['Key number KN-80: the script was revised.'])
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ revisions: { 'script_changed:80': 'r4' } })
    // Turned off: noted, not shown, and no backlog later.
    const off = resolveNotificationPrefs({
      due_soon: true,
      overdue: true,
      script_changed: false,
      changes_requested: true,
      delivery_approved: true,
    })
    expect(await reopened.update({ current: changed, prefs: off, revisions: new Map([['80', 'r5']]) })).toEqual([])
    expect(await reopened.update({ current: changed, prefs: ALL_ON, revisions: new Map([['80', 'r5']]) })).toEqual([])
  })

  it('writes dates as Booth writes them, and the changes’ date while changes are requested', async () => {
    const ledger = await primed()
    const raised = await ledger.update({
      current: [
        job('90', { due_state: 'soon', due_date: '2026-05-20' }),
        job('91', {
          due_state: 'overdue',
          stage: 'changes_requested',
          due_date: '2026-05-01',
          changes_due: '2026-05-17',
        }),
        job('92', { due_state: 'soon', due_date: '2027-01-04' }),
      ],
      today: '2026-05-18',
      prefs: ALL_ON,
    })
    expect(raised.filter((n) => n.kind !== 'changes_requested').map((n) => n.body)).toEqual([
      'Key number KN-90 is due soon (Wed, May 20).',
      'Key number KN-91: the changes are overdue (Sun, May 17).',
      'Key number KN-92 is due soon (Mon, Jan 4, 2027).',
    ])
  })

  it('resets a damaged ledger with a warning instead of crashing, and keeps working', async () => {
    const ledger = await primed()
    await ledger.update({ current: [job('60', { due_state: 'today' })], prefs: ALL_ON })
    for (const damage of [
      '{"version":1,"records":{"due_today:60":',
      '{"version":2}',
      '{"version":1,"records":{"bogus:1":5}}',
      '{"version":1,"records":{},"revisions":{"script_changed:1":5}}',
    ]) {
      await writeFile(file, damage)
      const warnings: string[] = []
      const reopened = await openNotificationLedger({ file, warn: (message) => void warnings.push(message) })
      expect(warnings).toHaveLength(1)
      expect(warnings[0]).toMatch(
        /^The notification ledger was damaged and has been reset; .*notification-ledger\.json/,
      )
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
      current: [
        job('70', {
          stage: 'sent',
          unopened: true,
          advertiser: '<img src=x onerror=alert(1)>\n\u202eevil',
          key_number: '',
        }),
      ],
      prefs: ALL_ON,
    })
    expect(note?.title).toBe('New job: <img src=x onerror=alert(1)> evil')
    expect(note?.body).toBe('Job 70 for Acme Audio is waiting for you.')
    expect(plainText('x'.repeat(300))).toHaveLength(120)
  })

  it('refuses malformed input with readable errors', async () => {
    const ledger = await primed()
    await expect(ledger.update({ current: 'nope' as never, prefs: ALL_ON })).rejects.toThrow(
      'The current job list must be an array.',
    )
    await expect(ledger.update({ current: [{} as never], prefs: ALL_ON })).rejects.toThrow(
      'Job 0 of the current job list has no job_id.',
    )
    await expect(ledger.update({ current: [], prefs: undefined as never })).rejects.toThrow(/prefs\) are missing/)
    expect(() => resolveNotificationPrefs({ due_soon: true } as never)).toThrow(/need a true\/false "overdue"/)
    expect(() => resolveNotificationPrefs(ALL_ON, { loud: true } as never)).toThrow(/Unknown notification kind "loud"/)
    await expect(openNotificationLedger({ file: '' })).rejects.toThrow(/needs the path/)
  })
})

describe('badgeCountOf', () => {
  const counts = { overdue: 9, due_today: 9 }
  it('counts, from a whole pending list, only jobs that still owe audio and are due today or late', () => {
    const items = [
      job('1', { due_state: 'overdue', due_date: '2026-05-10' }),
      job('2', { due_state: 'today', due_date: '2026-05-18' }),
      // A service that calls finished or handed-in work overdue does not move the badge.
      job('3', { due_state: 'overdue', due_date: '2026-05-10', stage: 'delivered' }),
      job('4', { due_state: 'overdue', due_date: '2026-05-10', status: 'completed', stage: 'approved' }),
      job('5', { due_state: 'today', due_date: '2026-05-18', spot_cancelled: true }),
      // Changes due tomorrow: not late, whatever the job's own date was.
      job('6', { due_state: 'overdue', stage: 'changes_requested', due_date: '2026-05-10', changes_due: '2026-05-19' }),
      // A date the service has not caught up with yet still counts; no date: the service's word.
      job('7', { due_state: 'soon', due_date: '2026-05-17' }),
      job('8', { due_state: 'overdue', due_date: null }),
      // Left untouched with no date at all: nothing is late (the window shows no label either).
      job('9', { due_state: 'stale', due_date: null }),
      job('10', { due_state: 'later', due_date: '2026-06-01' }),
    ]
    expect(badgeCountOf({ items, total: items.length, counts, today: '2026-05-18' })).toBe(4)
  })
  it('falls back to the service’s counts when the list holds only part of the pending jobs', () => {
    expect(
      badgeCountOf({
        items: [job('1', { due_state: 'overdue' })],
        total: 150,
        counts: { overdue: 3, due_today: 2 },
        today: '2026-05-18',
      }),
    ).toBe(5)
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
