import { describe, expect, it } from 'vitest'
import { createBoothStore } from '../../../renderer/src/store/create-booth-store'
import type { DeliveriesView } from '../../../shared/bridge-deliveries'
import { fakeBridge, jobView } from './support/fake-bridge'

const view = (jobId: string, fetchedAt: number): DeliveriesView => ({ jobId, deliveries: jobView(jobId).job.deliveries_detail, fetchedAt, inMotion: false })

describe('deliveries of the job on screen (main owns refreshing, the store subscribes)', () => {
  it('asks main to watch the named job, and to stop when none is named', () => {
    const bridge = fakeBridge({ watchDeliveries: async () => null })
    const { store } = createBoothStore(bridge.api)
    store.getState().watchDeliveries('31')
    store.getState().watchDeliveries(null)
    expect(bridge.callsOf('watchDeliveries')).toEqual([{ jobId: '31' }, { jobId: null }])
  })

  it('keeps the pushed list of the watched job only, and listens to the event exactly once', () => {
    const bridge = fakeBridge({ watchDeliveries: async () => null })
    const { store, unsubscribe } = createBoothStore(bridge.api)
    expect(bridge.listenerCount('deliveries')).toBe(1)
    bridge.emit('deliveries', view('31', 1))
    expect(store.getState().deliveries).toBeNull()
    store.getState().watchDeliveries('31')
    bridge.emit('deliveries', view('31', 2))
    bridge.emit('deliveries', view('32', 3))
    expect(store.getState().deliveries?.fetchedAt).toBe(2)
    store.getState().watchDeliveries('32')
    expect(store.getState().deliveries).toBeNull()
    unsubscribe()
    expect(bridge.listenerCount('deliveries')).toBe(0)
  })

  it('a watch main cannot take leaves the store as it was, with no thrown error', async () => {
    const bridge = fakeBridge()
    const { store } = createBoothStore(bridge.api)
    store.getState().watchDeliveries('31')
    await new Promise((r) => setTimeout(r, 0))
    expect(store.getState().watchedDeliveriesJobId).toBe('31')
  })
})
