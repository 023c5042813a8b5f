// The takes store shows a stopped take's check the moment main sends it (takeChecked), while the take is
// being saved, and never lets that moment undo what is known later: the saved take, or what the disk kept.
import { describe, expect, it } from 'vitest'
import type { Preflight, TakeView } from '../../../../shared/bridge-takes'
import { createTakesStore } from '../../../../renderer/src/takes/takes-store'
import { fakeBridge } from '../support/fake-bridge'

const check: Preflight = {
  measured: true,
  duration_s: 12.3,
  voiced_s: 10,
  sample_rate: 48000,
  channels: 1,
  bit_depth: 24,
  peak_dbfs: -4.2,
  lufs: -19.5,
  lead_silence_s: 0.3,
  tail_silence_s: 0.4,
  codec: 'pcm_s24le',
  warnings: [],
}
const recording: TakeView = {
  schema: 1,
  id: 'take-2',
  job_id: '31',
  file_name: 'ACME_main_02.wav',
  label: 'main',
  take_number: 2,
  note: 'warm read',
  preflight: null,
  created_at: '2025-03-05T10:00:00Z',
  source: 'recorded',
  original_name: null,
  state: 'recording',
  spot_length_s: 30,
  job_kind: 'dry_voice',
  trim: { head_s: 0, tail_s: 0 },
  upload: { handle: null, offset: 0, status: 'none' },
  delivery: { idempotency_key: null, delivery_id: null, status: 'none', queued: false },
}
const checked: TakeView = { ...recording, note: null, preflight: check, saving: true }

function storeWith(takes: TakeView[]) {
  const bridge = fakeBridge({ listDeliveryQueue: async () => ({ items: [] }) })
  const { store } = createTakesStore(bridge.api)
  store.setState({ byJob: { '31': { jobId: '31', takes, trash: [], damaged: [] } } })
  return { bridge, take: () => store.getState().byJob['31']?.takes.find((t) => t.id === recording.id), store }
}

describe('a take whose check arrives before it is saved', () => {
  it('shows the check at once, keeping what the list knew of the take, then the saved take from Stop', () => {
    const { bridge, take, store } = storeWith([recording])
    bridge.emit('takeChecked', checked)
    expect(take()).toMatchObject({ state: 'recording', saving: true, preflight: check, note: 'warm read' })
    store.getState().applyTake({ ...recording, state: 'ready', preflight: check })
    expect(take()).toMatchObject({ state: 'ready', preflight: check })
    expect(take()?.saving).toBeUndefined()
  })

  it('is added when the list did not have the take yet', () => {
    const { bridge, take } = storeWith([])
    bridge.emit('takeChecked', checked)
    expect(take()).toEqual(checked)
  })

  it('comes too late to change a take already saved, or kept as what the disk held', () => {
    for (const known of [
      { ...recording, state: 'ready' as const, preflight: check },
      { ...recording, state: 'recovered' as const },
    ]) {
      const { bridge, take } = storeWith([known])
      bridge.emit('takeChecked', checked)
      expect(take()).toEqual(known)
    }
  })

  it('of a job whose takes are not loaded, is left for when they are', () => {
    const bridge = fakeBridge({ listDeliveryQueue: async () => ({ items: [] }) })
    const { store } = createTakesStore(bridge.api)
    bridge.emit('takeChecked', checked)
    expect(store.getState().byJob).toEqual({})
  })
})

describe("main's takes event right after a check", () => {
  const saved: TakeView = { ...recording, state: 'ready', preflight: check }
  function held() {
    let paint: () => void = () => undefined
    const bridge = fakeBridge({
      listDeliveryQueue: async () => ({ items: [] }),
      listTakes: async () => ({ jobId: '31', takes: [{ ...saved, note: 'asked after' }], trash: [], damaged: [] }),
    })
    const { store } = createTakesStore(bridge.api, { afterPaint: () => new Promise<void>((r) => (paint = r)) })
    store.setState({ byJob: { '31': { jobId: '31', takes: [recording], trash: [], damaged: [] } } })
    const take = () => store.getState().byJob['31']?.takes.find((t) => t.id === recording.id)
    return {
      bridge,
      store,
      take,
      paint: async () => {
        paint()
        await Promise.resolve()
        await Promise.resolve()
      },
    }
  }

  it("waits until the check's frame is painted, then the newest list of the job is applied", async () => {
    const { bridge, take, paint } = held()
    bridge.emit('takeChecked', checked)
    bridge.emit('takes', { jobId: '31', takes: [{ ...saved, note: 'first' }], trash: [], damaged: [] })
    bridge.emit('takes', { jobId: '31', takes: [{ ...saved, note: 'newest' }], trash: [], damaged: [] })
    expect(take()).toMatchObject({ saving: true, preflight: check })
    await paint()
    expect(take()).toMatchObject({ state: 'ready', note: 'newest' })
    expect(take()?.saving).toBeUndefined()
    // Once drawn, a list applies at once again.
    bridge.emit('takes', { jobId: '31', takes: [{ ...saved, note: 'later' }], trash: [], damaged: [] })
    expect(take()?.note).toBe('later')
  })

  it('is applied at once when no check is on its way', () => {
    const { bridge, take } = held()
    bridge.emit('takes', { jobId: '31', takes: [saved], trash: [], damaged: [] })
    expect(take()).toEqual(saved)
  })

  it('gives way to a list asked for after it, which is newer', async () => {
    const { bridge, store, take, paint } = held()
    bridge.emit('takeChecked', checked)
    bridge.emit('takes', { jobId: '31', takes: [{ ...saved, note: 'waiting' }], trash: [], damaged: [] })
    await store.getState().loadTakes('31')
    expect(take()?.note).toBe('asked after')
    await paint()
    expect(take()?.note).toBe('asked after')
  })
})
