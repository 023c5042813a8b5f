import { describe, expect, it } from 'vitest'
import {
  DEFAULT_JOB_LIST_QUERY,
  type BridgeEventName,
  type JobListQuery,
  type JobListView,
} from '../../../../shared/bridge'
import { createBoothStore } from '../../../../renderer/src/store/create-booth-store'
import { fakeBridge, jobView, listView, settle, SIGNED_IN, SIGNED_OUT } from '../support/fake-bridge'

async function signedInStore(bridge = fakeBridge()) {
  const booth = createBoothStore(bridge.api)
  await booth.store.getState().loadSession()
  await settle()
  return { ...booth, bridge, s: () => booth.store.getState() }
}

describe('booth store', () => {
  it('subscribes exactly once to each job, session and connection event', () => {
    const bridge = fakeBridge()
    const events: BridgeEventName[] = ['session', 'jobs', 'job', 'connectivity', 'notificationClicked', 'badge']
    const { unsubscribe } = createBoothStore(bridge.api)
    for (const e of events) expect(bridge.listenerCount(e)).toBe(1)
    unsubscribe()
    for (const e of events) expect(bridge.listenerCount(e)).toBe(0)
  })

  it('loads the first page of pending jobs once the session is active', async () => {
    const { s, bridge } = await signedInStore()
    expect(bridge.callsOf('listJobs')).toEqual([DEFAULT_JOB_LIST_QUERY])
    expect(s().jobList?.items.map((j) => j.job_id)).toEqual(['1', '2', '3'])
    expect(s().selectedJobId).toBe('1')
  })

  it('keeps the page when a patch changes nothing (the search box re-sending the same empty search)', async () => {
    const { s, bridge } = await signedInStore()
    s().setQuery({ page: 2 })
    s().setQuery({ q: '' })
    s().setQuery({ tab: 'pending' })
    await settle()
    expect(s().query.page).toBe(2)
    expect((bridge.callsOf('listJobs') as JobListQuery[]).map((q) => q.page)).toEqual([1, 2])
  })

  it('trims and caps search text, starts again at page 1, and skips a query that did not change', async () => {
    const { s, bridge } = await signedInStore()
    s().setQuery({ page: 3 })
    s().setQuery({ q: `  ${'x'.repeat(150)}  ` })
    s().setQuery({ q: 'x'.repeat(100) })
    s().setQuery({ q: '   ' })
    await settle()
    const queries = bridge.callsOf('listJobs') as JobListQuery[]
    expect(queries.map((q) => [q.page, q.q?.length ?? null])).toEqual([
      [1, null],
      [3, null],
      [1, 100],
      [1, null],
    ])
  })

  it('shows the answer to the latest query even when an older one answers last', async () => {
    const pending: Array<() => void> = []
    const bridge = fakeBridge({
      listJobs: (q) =>
        new Promise<JobListView>((resolve) => {
          const view = listView(q, q.tab === 'pending' ? ['1'] : ['9'])
          if (q.tab === 'pending' && q.filter === 'overdue') pending.push(() => resolve(view))
          else resolve(view)
        }),
    })
    const { s } = await signedInStore(bridge)
    s().setQuery({ filter: 'overdue' })
    s().setQuery({ tab: 'completed', filter: 'all' })
    await settle()
    pending.forEach((release) => release())
    await settle()
    expect(s().query.tab).toBe('completed')
    expect(s().jobList?.items.map((j) => j.job_id)).toEqual(['9'])
  })

  it('applies a jobs event only when it answers the query on screen, keeping the selection', async () => {
    const { s, bridge } = await signedInStore()
    s().selectJob('2')
    bridge.emit('jobs', listView({ ...DEFAULT_JOB_LIST_QUERY, tab: 'declined' }, ['7']))
    expect(s().jobList?.items.map((j) => j.job_id)).toEqual(['1', '2', '3'])
    bridge.emit('jobs', { ...listView(DEFAULT_JOB_LIST_QUERY, ['4', '2']), source: 'cache', fetchedAt: 5 })
    expect(s().jobList?.items.map((j) => j.job_id)).toEqual(['4', '2'])
    expect(s().jobList?.source).toBe('cache')
    expect(s().selectedJobId).toBe('2')
  })

  it('moves the selection within the list and stops at its ends', async () => {
    const { s } = await signedInStore()
    s().moveSelection(1)
    s().moveSelection(1)
    s().moveSelection(1)
    expect(s().selectedJobId).toBe('3')
    s().moveSelection(-5)
    expect(s().selectedJobId).toBe('1')
  })

  it('watches the open job, applies only its own snapshots, and stops watching on close', async () => {
    const { s, bridge } = await signedInStore()
    await s().openJob('2')
    expect(bridge.callsOf('watchJob')).toEqual([{ jobId: '2' }])
    expect(s().jobView?.job.job_id).toBe('2')
    bridge.emit('job', jobView('3'))
    expect(s().jobView?.job.job_id).toBe('2')
    const changed = jobView('2')
    changed.job.stage = 'accepted'
    bridge.emit('job', changed)
    expect(s().jobView?.job.stage).toBe('accepted')
    s().closeJob()
    expect(bridge.callsOf('watchJob')).toEqual([{ jobId: '2' }, { jobId: null }])
    expect(s().jobView).toBeNull()
  })

  it('says in words why a job could not be opened', async () => {
    const bridge = fakeBridge({
      getJob: async () =>
        Promise.reject(new Error("Error invoking remote method 'booth:call': Error: Job 5 is not yours.")),
    })
    const { s } = await signedInStore(bridge)
    await s().openJob('5')
    expect(s().jobError).toBe('Job 5 is not yours.')
  })

  it('opens the job a notification was about, and keeps connectivity and badge snapshots', async () => {
    const { s, bridge } = await signedInStore()
    bridge.emit('notificationClicked', { jobId: '3' })
    await settle()
    expect(s().openJobId).toBe('3')
    bridge.emit('connectivity', { online: false, problem: 'The platform did not answer.', lastOkAt: 1, nextPollAt: 2 })
    bridge.emit('badge', { count: 4 })
    expect(s().connectivity?.problem).toBe('The platform did not answer.')
    expect(s().badgeCount).toBe(4)
  })

  it('clears jobs when the session ends, and loads again when it returns', async () => {
    const { s, bridge } = await signedInStore()
    await s().openJob('1')
    await s().signOut()
    expect(s().session?.mode).toBe('signed_out')
    expect(s().jobList).toBeNull()
    expect(s().openJobId).toBeNull()
    bridge.emit('session', SIGNED_IN)
    await settle()
    expect(s().jobList?.items).toHaveLength(3)
    bridge.emit('session', SIGNED_OUT)
    expect(s().jobList).toBeNull()
  })
})
