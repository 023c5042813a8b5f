/**
 * Answers that do not conform to the API document, made by Booth's fault proxy from the real sandbox's
 * answers (a job's field null, missing or of the wrong type, an unknown enum value, a list that is not a
 * list), through Booth's whole core: one malformed job is one unreadable row and the rest of the list
 * works; a list that does not conform as a whole is an error naming the service, the connection line says
 * the service answered (never "offline"); an unknown value reads "unknown"; and nothing malformed is ever
 * written to the offline copy.
 */
import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Connectivity, JobListView, JobView } from '../../shared/bridge'
import { OfflineCache } from '../../main/jobs/offline-cache'
import { nullAt, removeAt, setAt, type Mangle } from '../support/answer-mangling'
import { makeCore, PENDING, tempDir, waitFor } from './harness'
import { useProxiedCore } from './proxied-core'

const KEY = 'mangle-key-0123456789'
const booth = useProxiedCore('mangle', KEY)
const signedIn = () => booth.signedIn()

/** The next job list the proxy passes (the list on screen: 25 a page) comes mangled. */
function mangleNextList(...mangles: Mangle[]): void {
  booth.proxy.addRule({ method: 'GET', path: /^\/api\/v1\/jobs$/, times: 1, fault: { type: 'mangle', mangles } })
}

const savedListFile = (dataDir: string) => join(dataDir, 'cache', 'lists', `${OfflineCache.queryKey(PENDING)}.json`)

describe('one job that does not conform', () => {
  it.each([
    ['a required field null', nullAt('/items/1/advertiser'), '"advertiser" is empty (null) where text is expected'],
    ['a required field missing', removeAt('/items/1/due_state'), '"due_state" is missing'],
    [
      'a field of the wrong type',
      setAt('/items/1/length_s', 'thirty'),
      '"length_s" is text where a number is expected',
    ],
    [
      'a nested field of the wrong type',
      setAt('/items/1/customer', 'Northwind'),
      '"customer" is text where a group of fields is expected',
    ],
  ])(
    '%s: one unreadable row with its id; every other job is there; the offline copy holds none of it',
    async (_name, mangle, problem) => {
      const { t, dataDir } = await signedIn()
      const live = await t.core.handlers.listJobs(PENDING)
      const badId = live.items[1]?.job_id
      expect(badId).toBeDefined()

      mangleNextList(mangle)
      const view = await t.core.handlers.listJobs(PENDING)
      expect(view.source).toBe('live')
      expect(view.unreadable).toEqual([{ position: 1, job_id: badId, problem }])
      expect(view.items.map((j) => j.job_id)).toEqual(live.items.filter((j) => j.job_id !== badId).map((j) => j.job_id))

      const saved = JSON.parse(await readFile(savedListFile(dataDir), 'utf8')) as JobListView
      expect(saved.items.map((j) => j.job_id)).not.toContain(badId)
      expect(saved.unreadable).toEqual(view.unreadable)
    },
  )

  it('an enum value the document does not name reads "unknown"; the job is kept and opens', async () => {
    const { t } = await signedIn()
    const live = await t.core.handlers.listJobs(PENDING)
    const job = live.items[0]
    mangleNextList(setAt('/items/0/stage', 'on_hold'), setAt('/items/0/kind', 'radio_jingle'))
    const view = await t.core.handlers.listJobs(PENDING)
    expect(view.unreadable).toEqual([])
    expect(view.items[0]).toMatchObject({ job_id: job?.job_id, stage: 'unknown', kind: 'unknown' })

    booth.proxy.addRule({
      method: 'GET',
      path: `/api/v1/jobs/${job?.job_id}`,
      times: 1,
      fault: { type: 'mangle', mangles: [setAt('/job/kind', 'radio_jingle'), setAt('/job/timeline/0/actor', 'robot')] },
    })
    const opened = await t.core.handlers.getJob({ jobId: job?.job_id ?? '' })
    expect(opened.source).toBe('live')
    expect(opened.job.kind).toBe('unknown')
    expect(opened.job.timeline[0]?.actor).toBe('unknown')
  })
})

describe('a list that does not conform as a whole', () => {
  it('the poll names the service; the connection line says it answered, not offline; the saved list is untouched', async () => {
    const { t, dataDir } = await signedIn()
    await t.core.handlers.listJobs(PENDING)
    const before = await readFile(savedListFile(dataDir), 'utf8')
    const cacheFilesBefore = await readdir(join(dataDir, 'cache', 'lists'))

    booth.proxy.addRule({
      method: 'GET',
      path: /^\/api\/v1\/jobs$/,
      fault: { type: 'mangle', mangles: [setAt('/items', { 0: 'not a list' })] },
    })
    await t.core.handlers.refreshNow({})
    const connectivity = await waitFor('the connection line to report the unreadable list', () =>
      t.eventsOf<Connectivity>('connectivity').find((c) => c.problem !== null),
    )
    expect(connectivity.online).toBe(true)
    expect(connectivity.problem).toBe(
      'The service sent a job list Booth cannot read: "items" is a group of fields where a list is expected.',
    )

    // The talent asks for the list: the saved copy answers, saying why (not "offline").
    const view = await t.core.handlers.listJobs(PENDING)
    expect(view.source).toBe('cache')
    expect(view.liveProblem).toBe(connectivity.problem)
    expect(await readFile(savedListFile(dataDir), 'utf8')).toBe(before)
    expect(await readdir(join(dataDir, 'cache', 'lists'))).toEqual(cacheFilesBefore)
  })

  it('without a saved copy, the list call fails with that sentence', async () => {
    const dataDir = await tempDir('mangle-fresh')
    const t = booth.adopt(await makeCore({ dataDir }))
    await t.core.start({ autoDemo: false })
    booth.proxy.addRule({
      method: 'GET',
      path: /^\/api\/v1\/jobs$/,
      fault: { type: 'mangle', mangles: [removeAt('/counts')] },
    })
    await t.core.handlers.signIn({ baseUrl: booth.proxy.url, apiKey: KEY })
    await expect(t.core.handlers.listJobs(PENDING)).rejects.toThrow(
      'The service sent a job list Booth cannot read: "counts" is missing.',
    )
    await expect(readdir(join(dataDir, 'cache', 'lists'))).rejects.toThrow(/ENOENT/)
  })
})

describe('a job detail that does not conform', () => {
  it('the saved copy answers with the reason; the saved job is not overwritten', async () => {
    const { t, dataDir } = await signedIn()
    const { items } = await t.core.handlers.listJobs(PENDING)
    const jobId = items[0]?.job_id ?? ''
    await t.core.handlers.getJob({ jobId })
    const file = join(dataDir, 'cache', 'jobs', `${jobId}.json`)
    const before = await readFile(file, 'utf8')

    booth.proxy.addRule({
      method: 'GET',
      path: `/api/v1/jobs/${jobId}`,
      fault: { type: 'mangle', mangles: [nullAt('/job/script')] },
    })
    const view: JobView = await t.core.handlers.getJob({ jobId })
    expect(view.source).toBe('cache')
    expect(view.liveProblem).toBe(
      'The service sent a newer copy of this job that Booth cannot read, so the saved one is shown.',
    )
    expect(view.job.script).not.toBeNull()
    expect(await readFile(file, 'utf8')).toBe(before)
  })
})
