/**
 * Every JSON file Booth keeps in its data folder, damaged on a real disk before Booth starts (or before
 * Booth reads it): each is moved aside with a time stamp, byte for byte, never overwritten, and listed for
 * the page with what was reset and where the old copy is — while Booth starts and works as usual. A take
 * whose metadata is empty is listed as damaged wherever it is, the trash included, and so is audio no
 * readable take record names.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { SetAsideFile } from '../../shared/bridge-data-files'
import type { TakesSnapshot } from '../../shared/bridge-takes'
import { OfflineCache } from '../../main/jobs/offline-cache'
import { makeAudio } from '../support/audio-fixtures'
import {
  makeCore,
  PENDING,
  removeTempDirs,
  startTestSandbox,
  tempDir,
  waitFor,
  type TestCore,
  type TestSandbox,
} from './harness'

const KEY = 'damaged-key-0123456789'
let sandbox: TestSandbox
const cores: TestCore[] = []

beforeAll(async () => {
  sandbox = await startTestSandbox({
    dataDir: await tempDir('damaged-sandbox'),
    keys: [{ token: KEY, scopes: '*' }],
    rateLimit: { limit: 100_000, windowMs: 60_000 },
  })
})
afterEach(async () => {
  await Promise.all(cores.splice(0).map((t) => t.core.close()))
})
afterAll(async () => {
  await sandbox.close()
  await removeTempDirs()
})

/** Damage as it is found on disks: cut off mid-write, empty, noise, or valid JSON of the wrong shape. */
const DAMAGED_AT_START: Record<string, string> = {
  'settings.json': '{"baseUrl": "https://api.example.com", "notifications": {"due_so',
  'notices.json': '',
  'notification-ledger.json': '\u0000\u0000\u0000\u0000',
  'delivery-queue.json': '{"schema": 7, "items": "many"}',
  'abandoned-uploads.json': '{"handle": "not a list"}',
  'uploads.json': '{"tus::abc::1": {"uploadUrl": "http://x/api/v1/uploads/',
  'readback/settings.json': '[[[',
}

async function writeAll(dataDir: string, files: Record<string, string>): Promise<void> {
  for (const [name, text] of Object.entries(files)) {
    await mkdir(join(dataDir, name, '..'), { recursive: true })
    await writeFile(join(dataDir, name), text)
  }
}

async function expectKept(dataDir: string, files: Record<string, string>, listed: SetAsideFile[]): Promise<void> {
  for (const [name, text] of Object.entries(files)) {
    const record = listed.find((r) => r.keptAs.startsWith(`${join(dataDir, name)}.damaged-`))
    expect(record, `${name} is listed as set aside`).toBeDefined()
    expect(record?.keptAs).toMatch(/\.damaged-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z(-\d+)?$/)
    expect(await readFile(record?.keptAs ?? '', 'utf8'), `${name} is kept byte for byte`).toBe(text)
    expect(record?.what).toMatch(/\S/)
    expect(record?.reset).toMatch(/\S/)
  }
}

describe('damaged data files', () => {
  it('found at start: each set aside and listed for the page; Booth starts, is signed in and works', async () => {
    const dataDir = await tempDir('damaged-start')
    await writeAll(dataDir, DAMAGED_AT_START)
    // The key from the environment: Booth is signed in at start, so all it does at start is done.
    const t = await makeCore({ dataDir, env: { apiKey: KEY, baseUrl: sandbox.url } })
    cores.push(t)
    await t.core.start({ autoDemo: false })
    const listed = await waitFor(
      'every damaged file to be set aside',
      async () => {
        const files = await t.core.handlers.listSetAsideFiles({})
        return files.length >= Object.keys(DAMAGED_AT_START).length ? files : null
      },
      20_000,
    ).catch(async (err: unknown) => {
      throw new Error(
        `${String(err)}; set aside: ${(await t.core.handlers.listSetAsideFiles({})).map((f) => f.keptAs).join(', ')}`,
      )
    })
    await expectKept(dataDir, DAMAGED_AT_START, listed)
    expect(listed.find((r) => r.keptAs.includes('settings.json.damaged') && !r.keptAs.includes('readback'))?.what).toBe(
      "Booth's settings (the service's address, your notification choices, the account last seen)",
    )
    expect(t.eventsOf<SetAsideFile[]>('setAsideFiles').length).toBeGreaterThan(0)
    // The page gets plain words: the reader's own sentence (and the file's old place) stay in main, for the log.
    for (const file of listed)
      expect(Object.keys(file).sort()).toEqual(['at', 'id', 'keptAs', 'reason', 'reset', 'what'])

    // Booth goes on: signed in, the settings file written fresh beside the kept copy once the key is confirmed.
    expect(t.core.session.get().mode).toBe('signed_in')
    await waitFor(
      'the settings to be written fresh',
      async () => /"keyTag"/.test(await readFile(join(dataDir, 'settings.json'), 'utf8').catch(() => '')),
      20_000,
    )
    expect((await t.core.handlers.listJobs(PENDING)).items.length).toBeGreaterThan(0)

    // The talent closes one: it leaves the page, its copy stays on disk.
    const first = listed[0]
    const left = await t.core.handlers.dismissSetAsideFile({ id: first?.id ?? '' })
    expect(left.map((r) => r.id)).not.toContain(first?.id)
    expect(await readFile(first?.keptAs ?? '', 'utf8')).toBe(
      Object.entries(DAMAGED_AT_START).find(([n]) => first?.keptAs.startsWith(join(dataDir, n)))?.[1],
    )
  })

  it('found when read: delivery profiles, a saved job list, pending account writes, a take counter', async () => {
    const dataDir = await tempDir('damaged-later')
    const lists = join('cache', 'lists', `${OfflineCache.queryKey(PENDING)}.json`)
    const later: Record<string, string> = {
      'delivery-profiles.json': 'nul',
      [lists]: '{"query": {"tab": "pend',
      'pending-writes.json': '{"putAvailability": {"key": "short"}}',
      'takes/12/.take-numbers.json': '{"last_take_number": "seven"}',
    }
    await writeAll(dataDir, later)
    const t = await makeCore({ dataDir })
    cores.push(t)
    await t.core.start({ autoDemo: false })
    await t.core.handlers.signIn({ baseUrl: sandbox.url, apiKey: KEY })

    expect((await t.core.handlers.listDeliveryProfiles({})).profiles.length).toBeGreaterThan(0)
    await t.core.handlers.listJobs(PENDING)
    await t.core.handlers.saveAvailability({ days: [1, 2, 3], same_day: false })
    const wav = await makeAudio(await tempDir('damaged-audio'), 'read.wav', [{ kind: 'tone', seconds: 1, dbfs: -12 }])
    const take = await t.core.handlers.importTake({ jobId: '12', path: wav })
    expect(take.take_number).toBe(1)

    await expectKept(dataDir, later, await t.core.handlers.listSetAsideFiles({}))
    // Each is gone from its place or written fresh beside its kept copy, as valid JSON.
    for (const name of Object.keys(later)) {
      const now = await readFile(join(dataDir, name), 'utf8').catch(() => null)
      if (now !== null) JSON.parse(now)
    }
  })
})

describe('the list of set-aside files outlives a restart', () => {
  it('until the talent dismisses each; a kept copy deleted meanwhile leaves it; a damaged list is set aside too', async () => {
    const dataDir = await tempDir('damaged-restart')
    await writeAll(dataDir, { 'settings.json': '{"baseUrl": ', 'notices.json': '', 'readback/settings.json': '[[[' })
    const started = async () => {
      const t = await makeCore({ dataDir })
      await t.core.start({ autoDemo: false })
      return t
    }
    const first = await started()
    const listed = await waitFor(
      'three files set aside',
      async () => {
        const files = await first.core.handlers.listSetAsideFiles({})
        return files.length === 3 ? files : null
      },
      20_000,
    )
    await first.core.close() // before the talent has read them

    const second = await started()
    expect(await second.core.handlers.listSetAsideFiles({})).toEqual(listed)
    await second.core.handlers.dismissSetAsideFile({ id: listed[0]?.id ?? '' })
    await import('node:fs/promises').then((fs) => fs.rm(listed[1]?.keptAs ?? ''))
    await second.core.close()

    const third = await started()
    expect(await third.core.handlers.listSetAsideFiles({})).toEqual([listed[2]])
    await third.core.close()

    // The list file itself cut off mid-write: kept aside and listed like any other, and Booth starts.
    await writeFile(join(dataDir, 'set-aside-files.json'), '{"files": [{"id": "1')
    const fourth = await started()
    cores.push(fourth)
    const now = await fourth.core.handlers.listSetAsideFiles({})
    expect(now.map((f) => f.what)).toEqual(['the list of damaged files Booth set aside'])
    expect(await readFile(now[0]?.keptAs ?? '', 'utf8')).toBe('{"files": [{"id": "1')
  })
})

describe('damaged takes are listed wherever they are', () => {
  it('a trashed take whose metadata is empty, and audio whose record is gone, are listed; nothing is deleted', async () => {
    const dataDir = await tempDir('damaged-takes')
    const t = await makeCore({ dataDir })
    cores.push(t)
    await t.core.start({ autoDemo: false })
    const audio = await tempDir('damaged-take-audio')
    const first = await t.core.handlers.importTake({
      jobId: '31',
      path: await makeAudio(audio, 'a.wav', [{ kind: 'tone', seconds: 1, dbfs: -12 }]),
    })
    const second = await t.core.handlers.importTake({
      jobId: '31',
      path: await makeAudio(audio, 'b.wav', [{ kind: 'tone', seconds: 1, dbfs: -12 }]),
    })
    await t.core.handlers.deleteTake({ takeId: first.id })
    await t.core.handlers.deleteTake({ takeId: second.id })
    const trash = join(dataDir, 'trash', '31')
    await writeFile(join(trash, `${first.id}.take.json`), '')
    await writeFile(join(trash, `${second.id}.take.json`), '') // then lost altogether:
    await import('node:fs/promises').then((fs) => fs.rm(join(trash, `${second.id}.take.json`)))

    const snap: TakesSnapshot = await t.core.handlers.listTakes({ jobId: '31' })
    expect(snap.trash).toEqual([])
    const inTrash = snap.damaged.filter((d) => d.shelf === 'trash')
    expect(inTrash.map((d) => d.id).sort()).toEqual(
      [`audio:${first.file_name}`, `audio:${second.file_name}`, first.id].sort(),
    )
    expect(inTrash.find((d) => d.id === first.id)?.message).toMatch(
      /is not valid JSON \(it is empty\); its audio is left where it is \(in the trash\)\.$/,
    )
    expect(inTrash.find((d) => d.id === `audio:${second.file_name}`)).toMatchObject({
      audioPath: join(trash, second.file_name),
    })
    expect((await readdir(trash)).sort()).toEqual([`${first.id}.take.json`, first.file_name, second.file_name].sort())
  })
})
