// A read-back event that follows a stopped take's check (its read-back starting) waits until the check's
// frame is painted, so the talent sees the check first; nothing is lost or applied out of order meanwhile.
import { describe, expect, it } from 'vitest'
import type { ReadbackState } from '../../../../shared/bridge-readback'
import type { TakeView } from '../../../../shared/bridge-takes'
import { createReadbackStore } from '../../../../renderer/src/takes/readback/readback-store'
import { fakeBridge } from '../support/fake-bridge'

const running: ReadbackState = { takeId: 't1', status: 'running', result: null, message: null }
const failed: ReadbackState = { takeId: 't1', status: 'failed', result: null, message: 'The recogniser stopped.' }
const off: ReadbackState = { takeId: 't1', status: 'off', result: null, message: 'Read-back is off.' }
const checked = { id: 't9', job_id: '31' } as TakeView

function held(getReadback: () => Promise<ReadbackState> = async () => off) {
  let paint: () => void = () => undefined
  const bridge = fakeBridge({ getReadback })
  const { store } = createReadbackStore(bridge.api, { afterPaint: () => new Promise<void>((r) => (paint = r)) })
  const state = () => store.getState().byTake['t1']?.status
  return {
    bridge,
    store,
    state,
    paint: async () => {
      paint()
      await Promise.resolve()
      await Promise.resolve()
    },
  }
}

describe('read-back events right after a check', () => {
  it("wait for the check's frame, then the newest of each take is applied, and later ones at once again", async () => {
    const { bridge, state, paint } = held()
    bridge.emit('takeChecked', checked)
    bridge.emit('readback', running)
    bridge.emit('readback', failed)
    expect(state()).toBeUndefined()
    await paint()
    expect(state()).toBe('failed')
    bridge.emit('readback', running)
    expect(state()).toBe('running')
  })

  it('are applied at once when no check is on its way', () => {
    const { bridge, state } = held()
    bridge.emit('readback', running)
    expect(state()).toBe('running')
  })

  it('give way to an answer asked for after them, which is newer', async () => {
    const { bridge, store, state, paint } = held()
    bridge.emit('takeChecked', checked)
    bridge.emit('readback', running)
    await store.getState().load('t1')
    expect(state()).toBe('off')
    await paint()
    expect(state()).toBe('off')
  })

  it('still beat an answer asked for before them (answer-order.ts), once drawn', async () => {
    let answer: (s: ReadbackState) => void = () => undefined
    const { bridge, store, state, paint } = held(() => new Promise<ReadbackState>((r) => (answer = r)))
    const loading = store.getState().load('t1')
    bridge.emit('takeChecked', checked)
    bridge.emit('readback', failed)
    answer(running)
    await loading
    expect(state()).toBeUndefined()
    await paint()
    expect(state()).toBe('failed')
  })

  it("from the Stop key: the previous take's read-back finishing waits for Stop's answer and the frame after it", async () => {
    const { bridge, store, state, paint } = held()
    let answer: () => void = () => undefined
    store.getState().holdEventsUntil(new Promise<void>((r) => (answer = r)))
    bridge.emit('readback', failed)
    await paint()
    // A frame painted before Stop is answered lets nothing go.
    expect(state()).toBeUndefined()
    answer()
    await Promise.resolve()
    expect(state()).toBeUndefined()
    await paint()
    expect(state()).toBe('failed')
    bridge.emit('readback', running)
    expect(state()).toBe('running')
  })

  it('from the Stop key: a Stop that fails lets them go too, after one frame', async () => {
    const { bridge, store, state, paint } = held()
    let fail: (e: Error) => void = () => undefined
    store.getState().holdEventsUntil(new Promise<void>((_r, j) => (fail = j)))
    bridge.emit('readback', failed)
    fail(new Error('The microphone went away'))
    await Promise.resolve()
    await paint()
    expect(state()).toBe('failed')
  })
})
