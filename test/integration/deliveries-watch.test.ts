/**
 * The core wires the deliveries watch: the bridge call watchDeliveries answers at once and the list
 * follows as a `deliveries` event; every regular poll reads it again, from the job itself when that job
 * is open (one read per poll, not two); signing out stops it and forgets
 * the last list, so a new window is not handed another account's deliveries.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_JOB_LIST_QUERY, type JobView } from '../../shared/bridge'
import type { DeliveriesView } from '../../shared/bridge-deliveries'
import {
  makeCore,
  pollOnce,
  removeTempDirs,
  settle,
  startTestSandbox,
  tempDir,
  waitFor,
  type TestCore,
  type TestSandbox,
} from './harness'

const KEY = 'watch-key-0123456789'
let sandbox: TestSandbox
let t: TestCore

beforeAll(async () => {
  sandbox = await startTestSandbox({ dataDir: await tempDir('watch-sandbox'), keys: [{ token: KEY, scopes: '*' }] })
})
beforeEach(async () => {
  t = await makeCore({ dataDir: await tempDir('watch-core') })
  await t.core.start({ autoDemo: false })
  await t.core.handlers.signIn({ baseUrl: sandbox.url, apiKey: KEY })
  await waitFor('the first job list', () => t.eventsOf('jobs').length > 0)
  await settle(t)
})
afterEach(async () => {
  await t.core.close()
})
afterAll(async () => {
  await sandbox.close()
  await removeTempDirs()
})

const deliveryReads = () =>
  t.requests.filter((r) => r.method === 'GET' && /\/jobs\/\d+\/deliveries$/.test(r.path)).length

describe('watchDeliveries through the core', () => {
  it("pushes the watched job's deliveries, reads them again with each poll, and stops on sign-out", async () => {
    const list = await t.core.handlers.listJobs({ ...DEFAULT_JOB_LIST_QUERY, tab: 'completed' })
    const jobId = list.items[0]?.job_id
    if (!jobId) throw new Error('the sandbox world has no completed job')
    await expect(t.core.handlers.watchDeliveries({ jobId })).resolves.toBeNull()
    const first = await waitFor('a deliveries event', () => t.eventsOf<DeliveriesView>('deliveries').at(-1))
    expect(first.jobId).toBe(jobId)
    expect(first.deliveries.length).toBeGreaterThan(0)
    expect(first.deliveries.every((d) => typeof d.delivery_id === 'string')).toBe(true)

    const reads = deliveryReads()
    await pollOnce(t)
    await waitFor('a read with the poll', () => deliveryReads() > reads)
    // The read is counted when sent; its list follows when it answers.
    await waitFor('the list read with the poll', () => t.eventsOf<DeliveriesView>('deliveries').length > 1)

    // The job open on screen too: the poll reads it live (GET /jobs/{id}) and its deliveries_detail is the
    // list, so the poll does not read GET /jobs/{id}/deliveries again; the event still comes with the poll.
    await t.core.handlers.watchJob({ jobId })
    // Every read so far has answered (each answered read is one event), so none is under way.
    await waitFor('the reads so far to answer', () => t.eventsOf('deliveries').length === deliveryReads())
    const jobReads = () => t.requests.filter((r) => r.method === 'GET' && r.path.endsWith(`/jobs/${jobId}`)).length
    for (let i = 0; i < 2; i++) {
      const [deliveriesBefore, jobsBefore, eventsBefore] = [deliveryReads(), jobReads(), t.events.length]
      await pollOnce(t)
      const pushed = await waitFor('the deliveries pushed after the poll read the job', () => {
        const since = t.events.slice(eventsBefore)
        const job = since.findIndex((e) => e.event === 'job')
        return job < 0 ? undefined : since.slice(job).find((e) => e.event === 'deliveries')
      })
      expect(jobReads()).toBeGreaterThan(jobsBefore)
      expect(deliveryReads()).toBe(deliveriesBefore)
      const view = pushed.data as DeliveriesView
      expect(view.jobId).toBe(jobId)
      expect(view.deliveries).toEqual(t.eventsOf<JobView>('job').at(-1)?.job.deliveries_detail)
    }

    await t.core.handlers.signOut({})
    const seen: string[] = []
    const unsubscribe = t.core.hub.subscribe((event) => seen.push(event))
    unsubscribe()
    expect(seen).not.toContain('deliveries')
    const after = deliveryReads()
    await t.core.handlers.refreshNow({})
    await settle(t)
    expect(deliveryReads()).toBe(after)
  })
})
