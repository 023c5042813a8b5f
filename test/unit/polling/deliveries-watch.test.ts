/**
 * Main owns refreshing the deliveries on screen: watchDeliveries names the job, main reads its deliveries
 * from a real sandbox (its clock driven by the test, so a take moves from storing to a finished check at
 * once) and pushes `deliveries` events — every 4 s only while one is on its way, at once on Booth's own
 * deliveryState for that job, never for a job no longer watched, never offline. A list the poll already
 * read with the job itself is taken as it is (offer), without reading it again.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTalentClient, type TalentClient } from '../../../main/api/client'
import { newIdempotencyKey } from '../../../main/api/idempotency'
import { EventHub } from '../../../main/bridge/event-hub'
import { createLog, type LogEntry } from '../../../main/logging/redacting-log'
import { createDeliveriesWatch, type DeliveriesWatch } from '../../../main/polling/deliveries-watch'
import type { PollTimers } from '../../../main/polling/poll-ports'
import { DELIVERY_MOTION_REFRESH_MS, type DeliveriesView } from '../../../shared/bridge-deliveries'
import { startSandbox, type RunningSandbox } from '../../../sandbox/server'
import { TOKEN, toneWav, uploadTake } from '../../contract/sandbox-fixture'
import { ManualOnline } from '../../support/manual-online'

/** Timers the test fires by hand: what is scheduled, and for how long. */
class HandTimers implements PollTimers {
  private next = 1
  readonly pending = new Map<number, { fn: () => void; ms: number }>()
  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.next++
    this.pending.set(id, { fn, ms })
    return id
  }
  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number)
  }
  delays(): number[] {
    return [...this.pending.values()].map((p) => p.ms)
  }
  fireAll(): void {
    const due = [...this.pending.values()]
    this.pending.clear()
    for (const p of due) p.fn()
  }
}

let sandbox: RunningSandbox
let clock = Date.now()
let client: TalentClient
let signedIn: TalentClient | null
let hub: EventHub
let events: DeliveriesView[]
let timers: HandTimers
let online: ManualOnline
let logged: LogEntry[]
let watch: DeliveriesWatch
let requests: string[]

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
async function until<T>(what: string, check: () => T): Promise<NonNullable<T>> {
  const end = Date.now() + 5000
  for (;;) {
    const v = check()
    if (v) return v as NonNullable<T>
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await sleep(5)
  }
}

async function deliverableJob(): Promise<string> {
  const page = await client.listJobs({ tab: 'pending', page_size: 100 })
  for (const item of page.items) {
    const { job } = await client.getJob(item.job_id)
    if (job.can.deliver && job.deliveries_detail.length === 0) return job.job_id
  }
  throw new Error('the sandbox world has no pending job without deliveries that can take one')
}

async function deliverTo(jobId: string): Promise<string> {
  const handle = await uploadTake(sandbox, toneWav())
  const answer = await client.deliver(
    jobId,
    { handle, take_label: 'main', note: null, preflight: null },
    { idempotencyKey: newIdempotencyKey() },
  )
  return answer.delivery.delivery_id
}

beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    keys: [{ token: TOKEN, scopes: '*' }],
    producer: false,
    log: () => {},
    now: () => clock,
    tickIntervalMs: 10,
    rateLimit: { limit: 100_000, windowMs: 60_000 },
  })
  client = createTalentClient({
    baseUrl: sandbox.url,
    apiKey: () => TOKEN,
    timeoutMs: 10_000,
    retry: { maxAttempts: 1 },
    fetch: (request) => {
      requests.push(`${request.method} ${new URL(request.url).pathname}`)
      return fetch(request)
    },
  })
})
afterAll(async () => {
  await sandbox.close()
})
beforeEach(() => {
  hub = new EventHub()
  events = []
  requests = []
  logged = []
  hub.subscribe((event, data) => {
    if (event === 'deliveries') events.push(data as DeliveriesView)
  })
  timers = new HandTimers()
  online = new ManualOnline(true)
  signedIn = client
  watch = createDeliveriesWatch({
    client: () => signedIn,
    hub,
    online,
    timers,
    now: () => clock,
    log: createLog({ sink: { write: (e) => logged.push(e) } }),
  })
})
afterEach(() => watch.close())

const deliveryReads = () => requests.filter((r) => /^GET \/api\/v1\/jobs\/\d+\/deliveries$/.test(r)).length

describe('watchDeliveries: main refreshes the deliveries on screen and pushes them', () => {
  it('reads the watched job at once and pushes its list; nothing on its way means no 4 s rhythm', async () => {
    const jobId = await deliverableJob()
    await watch.watch(jobId)
    expect(events).toEqual([{ jobId, deliveries: [], fetchedAt: clock, inMotion: false }])
    expect(timers.delays()).toEqual([])
    expect(watch.watched()).toBe(jobId)
  })

  it('while a take is on its way, reads every 4 s; once it is delivered and checked, stops', async () => {
    const jobId = await deliverableJob()
    await watch.watch(jobId)
    const deliveryId = await deliverTo(jobId)
    // Booth's own delivery service says a take of this job changed state: main reads at once.
    hub.emit('deliveryState', { takeId: 't1', jobId, status: 'delivered', deliveryId, message: null })
    const moving = await until('the new delivery pushed', () =>
      events.find((e) => e.deliveries.some((d) => d.delivery_id === deliveryId)),
    )
    expect(moving).toMatchObject({ jobId, inMotion: true })
    expect(moving.deliveries.find((d) => d.delivery_id === deliveryId)?.status).toBe('storing')
    await until('the 4 s timer', () => timers.delays().length === 1)
    expect(timers.delays()).toEqual([DELIVERY_MOTION_REFRESH_MS])

    // The sandbox's clock moves past processing and the audio check; the next timed read sees it settled.
    clock += 10_000
    await sleep(50)
    const before = events.length
    timers.fireAll()
    const settled = await until('the settled list', () => (events.length > before ? events.at(-1) : undefined))
    expect(settled.inMotion).toBe(false)
    expect(settled.deliveries.find((d) => d.delivery_id === deliveryId)?.status).toBe('delivered')
    expect(timers.delays()).toEqual([])
  })

  it('takes the list the poll read with the job itself: the same event and 4 s rhythm, without a read of its own', async () => {
    const jobId = await deliverableJob()
    await watch.watch(jobId)
    await deliverTo(jobId)
    const { job } = await client.getJob(jobId)
    const reads = deliveryReads()
    const before = events.length
    expect(watch.offer(jobId, job.deliveries_detail)).toBe(true)
    expect(events.slice(before)).toEqual([
      { jobId, deliveries: job.deliveries_detail, fetchedAt: clock, inMotion: true },
    ])
    expect(timers.delays()).toEqual([DELIVERY_MOTION_REFRESH_MS])
    expect(deliveryReads()).toBe(reads)
    // Another job, none watched, offline or signed out: not taken (the caller reads instead).
    expect(watch.offer('999999', job.deliveries_detail)).toBe(false)
    online.set(false)
    expect(watch.offer(jobId, job.deliveries_detail)).toBe(false)
    online.set(true)
    signedIn = null
    expect(watch.offer(jobId, job.deliveries_detail)).toBe(false)
    signedIn = client
    await watch.watch(null)
    expect(watch.offer(jobId, job.deliveries_detail)).toBe(false)
    expect(events.length).toBe(before + 1)
  })

  it('a list offered while a read is under way is not taken (that read lands after it)', async () => {
    const jobId = await deliverableJob()
    const reading = watch.watch(jobId)
    expect(watch.offer(jobId, [])).toBe(false)
    await reading
    expect(events.map((e) => e.jobId)).toEqual([jobId])
  })

  it('a deliveryState of another job, or none watched, reads nothing', async () => {
    const jobId = await deliverableJob()
    await watch.watch(jobId)
    const reads = deliveryReads()
    hub.emit('deliveryState', { takeId: 't2', jobId: '999999', status: 'sending', deliveryId: null, message: null })
    await watch.watch(null)
    hub.emit('deliveryState', { takeId: 't3', jobId, status: 'sending', deliveryId: null, message: null })
    await watch.refresh()
    await sleep(30)
    expect(deliveryReads()).toBe(reads)
    expect(watch.watched()).toBeNull()
  })

  it('drops a list read for a job no longer on screen, and reads the new one', async () => {
    const first = await deliverableJob()
    const second = (await client.listJobs({ tab: 'completed', page_size: 25 })).items[0]?.job_id
    if (!second) throw new Error('the sandbox world has no completed job')
    const reading = watch.watch(first)
    const switched = watch.watch(second)
    await Promise.all([reading, switched])
    await until('the second job pushed', () => events.some((e) => e.jobId === second))
    expect(events.map((e) => e.jobId)).toEqual([second])
  })

  it('reads nothing while offline or signed out, and the regular poll reads again once back', async () => {
    const jobId = await deliverableJob()
    online.set(false)
    await watch.watch(jobId)
    signedIn = null
    online.set(true)
    await watch.refresh()
    expect(deliveryReads()).toBe(0)
    expect(events).toEqual([])
    signedIn = client
    await watch.refresh()
    expect(events.map((e) => e.jobId)).toEqual([jobId])
  })

  it('a read the service refuses ends the 4 s rhythm and says so in the log; a job it does not know is not retried by timer', async () => {
    await watch.watch('987654321')
    expect(events).toEqual([])
    expect(timers.delays()).toEqual([])
    expect(logged.map((e) => e.message)).toContain('could not refresh the deliveries on screen')
  })

  it('after close, a watch or a deliveryState reads nothing', async () => {
    const jobId = await deliverableJob()
    watch.close()
    await watch.watch(jobId)
    hub.emit('deliveryState', { takeId: 't4', jobId, status: 'delivered', deliveryId: null, message: null })
    await sleep(30)
    expect(deliveryReads()).toBe(0)
  })
})
