import { describe, expect, it } from 'vitest'
import { createBoothStore } from '../../../../renderer/src/store/create-booth-store'
import type { DeliveriesView, Delivery } from '../../../../shared/bridge-deliveries'
import { fakeBridge, jobView } from '../support/fake-bridge'

const delivery: Delivery = {
  delivery_id: '900',
  take_label: 'main',
  take_number: 1,
  file_name: 'ACME_main_01.wav',
  original_name: 'ACME_main_01.wav',
  size_bytes: 1000,
  status: 'processing',
  created_at: 1,
  updated_at: 1,
  note: null,
  facts: null,
  preflight: null,
  check: {
    state: 'pending',
    verdict: null,
    coverage: null,
    summary: '',
    issues: [],
    checked_at: null,
    can_retry: false,
  },
  listen_url: null,
  listen_url_expires_at: null,
  can_withdraw: false,
  can_resume: false,
}
const view = (jobId: string, fetchedAt: number): DeliveriesView => ({
  jobId,
  deliveries: jobView(jobId).job.deliveries_detail,
  fetchedAt,
  inMotion: false,
})

describe('deliveries of the job on screen (main owns refreshing, the store subscribes)', () => {
  it('asks main to watch the named job, and to stop when none is named', () => {
    const bridge = fakeBridge({ watchDeliveries: async () => null })
    const { store } = createBoothStore(bridge.api)
    store.getState().watchDeliveries('31')
    store.getState().watchDeliveries(null)
    expect(bridge.callsOf('watchDeliveries')).toEqual([{ jobId: '31' }, { jobId: null }])
  })

  it('keeps the pushed list of the watched job only, and listens to the event exactly once', async () => {
    const bridge = fakeBridge({ watchDeliveries: async () => null })
    const { store, unsubscribe } = createBoothStore(bridge.api)
    expect(bridge.listenerCount('deliveries')).toBe(1)
    await store.getState().openJob('31')
    const shown = () => store.getState().jobView?.job.deliveries_detail
    const original = shown()
    const pushed = (jobId: string, fetchedAt: number): DeliveriesView => ({
      ...view(jobId, fetchedAt),
      deliveries: [{ ...delivery, delivery_id: String(fetchedAt) }],
    })
    bridge.emit('deliveries', pushed('31', 1))
    expect(shown()).toEqual(original)
    store.getState().watchDeliveries('31')
    bridge.emit('deliveries', pushed('31', 2))
    bridge.emit('deliveries', pushed('32', 3))
    expect(shown()).toEqual(pushed('31', 2).deliveries)
    store.getState().watchDeliveries('32')
    bridge.emit('deliveries', pushed('31', 4))
    expect(shown()).toEqual(pushed('31', 2).deliveries)
    unsubscribe()
    expect(bridge.listenerCount('deliveries')).toBe(0)
  })

  it('writes a pushed list into the open job, so the takes list and the deliveries panel show the same', async () => {
    const bridge = fakeBridge({ watchDeliveries: async () => null })
    const { store } = createBoothStore(bridge.api)
    await store.getState().openJob('31')
    store.getState().watchDeliveries('31')
    const fresh = { ...view('31', 5), deliveries: [{ ...delivery, status: 'delivered' as const }] }
    bridge.emit('deliveries', fresh)
    expect(store.getState().jobView?.job.deliveries_detail).toEqual(fresh.deliveries)
    bridge.emit('deliveries', { ...view('32', 6) })
    expect(store.getState().jobView?.job.deliveries_detail).toEqual(fresh.deliveries)
  })

  it('a watch main cannot take leaves the store as it was, with no thrown error', async () => {
    const bridge = fakeBridge()
    const { store } = createBoothStore(bridge.api)
    store.getState().watchDeliveries('31')
    await new Promise((r) => setTimeout(r, 0))
    expect(store.getState().watchedDeliveriesJobId).toBe('31')
  })
})
