import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { EventHub } from '../../../main/bridge/event-hub'
import { NotificationCenter } from '../../../main/notifications/notification-center'
import { boundNotices, NOTICES_FILE_NAME, openNoticeListFile } from '../../../main/notifications/notice-list-file'
import type { JobSummaryLike } from '../../../main/notifications/notification-rules'
import type { Log } from '../../../main/logging/redacting-log'
import { SettingsStore } from '../../../main/storage/settings-store'
import { MAX_NOTICES, type BoothNotice } from '../../../shared/bridge-notices'
import type { JobListView } from '../../../shared/bridge'
import { job } from './job-summaries'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'booth-notices-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

function recordingLog(warnings: string[]): Log {
  const log: Log = {
    debug: () => undefined,
    info: () => undefined,
    warn: (message) => void warnings.push(message),
    error: (message) => void warnings.push(message),
    child: () => log,
    addSecret: () => undefined,
    removeSecret: () => undefined,
  }
  return log
}

/** A notification centre as a run of Booth builds it, over `dir` (a "restart" is a new one over the same folder). */
async function startCentre(warnings: string[] = []) {
  const settings = new SettingsStore(dir)
  await settings.load()
  const shown: string[] = []
  const centre = new NotificationCenter({
    dataDir: dir,
    notifier: { show: (n) => void shown.push(n.title) },
    settings,
    hub: new EventHub(),
    log: recordingLog(warnings),
    setBadge: () => undefined,
    client: () => null,
  })
  await centre.load()
  return { centre, shown }
}

function listView(items: JobSummaryLike[]): JobListView {
  return { items, counts: { overdue: 0, due_today: 0 } } as unknown as JobListView
}

describe('the notification centre list across a restart', () => {
  it('keeps the notices and their read flags, and raises nothing twice', async () => {
    const first = await startCentre()
    await first.centre.onPendingList(listView([job('1')])) // a fresh ledger only records what holds
    await first.centre.onPendingList(
      listView([job('1', { script_changed: true }), job('2', { stage: 'sent', unopened: true })]),
    )
    const before = first.centre.notices()
    expect(before.items.map((n) => n.kind).sort()).toEqual(['new_job', 'script_changed'])
    expect(before.unread).toBe(2)
    const scriptNotice = before.items.find((n) => n.kind === 'script_changed')!
    await first.centre.markRead([scriptNotice.id])

    const second = await startCentre()
    const after = second.centre.notices()
    expect(after.items).toEqual(first.centre.notices().items)
    expect(after.unread).toBe(1)
    expect(after.items.find((n) => n.id === scriptNotice.id)?.read).toBe(true)

    // The same state polled again after the restart adds nothing (the ledger remembers it too).
    await second.centre.onPendingList(
      listView([job('1', { script_changed: true }), job('2', { stage: 'sent', unopened: true })]),
    )
    expect(second.shown).toEqual([])
    expect(second.centre.notices().items).toHaveLength(2)
  })

  it('is empty after a restart that follows a sign-out', async () => {
    const first = await startCentre()
    await first.centre.onPendingList(listView([job('1')]))
    await first.centre.onPendingList(listView([job('1', { script_changed: true })]))
    expect(first.centre.notices().items).toHaveLength(1)
    await first.centre.clearNotices()
    const second = await startCentre()
    expect(second.centre.notices()).toEqual({ items: [], unread: 0 })
  })

  it('marking all read survives the restart', async () => {
    const first = await startCentre()
    await first.centre.onPendingList(listView([job('1'), job('2')]))
    await first.centre.onPendingList(listView([job('1', { script_changed: true }), job('2', { script_changed: true })]))
    await first.centre.markRead(null)
    const second = await startCentre()
    expect(second.centre.notices().unread).toBe(0)
    expect(second.centre.notices().items).toHaveLength(2)
  })

  it('a damaged file is reported in words and the list starts empty; the next notice is saved again', async () => {
    await writeFile(join(dir, NOTICES_FILE_NAME), '{"version": 1, "items": [')
    const warnings: string[] = []
    const { centre } = await startCentre(warnings)
    expect(centre.notices().items).toEqual([])
    expect(warnings.join(' ')).toMatch(/notification list could not be read/)
    await centre.onPendingList(listView([job('7')]))
    await centre.onPendingList(listView([job('7', { script_changed: true })]))
    const saved = JSON.parse(await readFile(join(dir, NOTICES_FILE_NAME), 'utf8')) as { items: BoothNotice[] }
    expect(saved.items.map((n) => n.jobId)).toEqual(['7'])
  })
})

const noticeArb: fc.Arbitrary<BoothNotice> = fc.record({
  id: fc.string({ minLength: 1, maxLength: 40 }),
  kind: fc.constantFrom(
    'new_job',
    'due_soon',
    'due_today',
    'overdue',
    'script_changed',
    'changes_requested',
    'delivery_approved',
  ),
  jobId: fc.stringMatching(/^[1-9][0-9]{0,5}$/),
  title: fc.string({ maxLength: 80 }),
  body: fc.string({ maxLength: 80 }),
  at: fc.integer({ min: 0, max: 2 ** 42 }),
  read: fc.boolean(),
})

describe('the notice list file', () => {
  it('round-trips any text, bounded to MAX_NOTICES, newest first, one per id', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(noticeArb, { maxLength: MAX_NOTICES + 30 }), async (items) => {
        const file = openNoticeListFile({ file: join(dir, 'prop', NOTICES_FILE_NAME) })
        await file.load()
        await file.save(items)
        const loaded = await file.load()
        expect(loaded).toEqual(boundNotices(items))
        expect(loaded.length).toBeLessThanOrEqual(MAX_NOTICES)
        expect(new Set(loaded.map((n) => n.id)).size).toBe(loaded.length)
        for (let i = 1; i < loaded.length; i++) expect(loaded[i - 1]!.at).toBeGreaterThanOrEqual(loaded[i]!.at)
      }),
      { numRuns: 40 },
    )
  })

  it('drops only the entries that do not fit and keeps the rest', async () => {
    const path = join(dir, NOTICES_FILE_NAME)
    const good = { id: 'a', kind: 'overdue', jobId: '3', title: 'Overdue', body: 'x', at: 5, read: true }
    await writeFile(
      path,
      JSON.stringify({ version: 1, items: [good, { ...good, id: 'b', kind: 'mystery' }, { id: 'c' }] }),
    )
    expect(await openNoticeListFile({ file: path }).load()).toEqual([good])
  })
})
