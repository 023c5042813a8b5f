/**
 * A call's answer that reaches the page after an event about the same thing never undoes the event: the
 * read-back asked for while it ran ("running") and answered after its "done" event stays done; a takes list
 * answered after a newer takes event keeps the event's list. Each case fails when the answer is applied as it
 * comes (the read-back stuck at "Listening to the take…", as a punch-and-roll run in CI showed).
 */
import { describe, expect, it } from 'vitest'
import type { BoothApi } from '../../../../shared/bridge'
import type { ReadbackState } from '../../../../shared/bridge-readback'
import type { TakesSnapshot } from '../../../../shared/bridge-takes'
import { createReadbackStore } from '../../../../renderer/src/takes/readback/readback-store'
import { createTakesStore } from '../../../../renderer/src/takes/takes-store'
import { createAnswerOrder } from '../../../../renderer/src/store/answer-order'

/** A bridge whose listed calls answer when the test says, and whose events the test sends. */
function fakeApi(calls: Record<string, () => Promise<unknown>>) {
  const listeners = new Map<string, Set<(d: unknown) => void>>()
  const api = new Proxy(
    {},
    {
      get: (_t, name: string) => {
        if (name === 'on')
          return (event: string, fn: (d: unknown) => void) => {
            const set = listeners.get(event) ?? new Set()
            set.add(fn)
            listeners.set(event, set)
            return () => set.delete(fn)
          }
        if (name === 'onPresence') return undefined // a bridge without the host's presence (Electron's)
        return (
          calls[name] ??
          (async () => {
            throw new Error(`${name} is not part of this test`)
          })
        )
      },
    },
  ) as BoothApi
  const send = (event: string, data: unknown) => listeners.get(event)?.forEach((fn) => fn(data))
  return { api, send }
}

function later<T>(): { promise: Promise<T>; resolve(v: T): void } {
  let resolve!: (v: T) => void
  const promise = new Promise<T>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

const running: ReadbackState = { takeId: 't1', status: 'running', result: null, message: null }
const done = {
  takeId: 't1',
  status: 'done',
  result: { check: { verdict: 'match' } },
  message: null,
} as unknown as ReadbackState

describe('answers that arrive after an event', () => {
  it('a read-back answered "running" after its "done" event stays done', async () => {
    const answer = later<ReadbackState>()
    const { api, send } = fakeApi({ getReadback: () => answer.promise })
    const { store } = createReadbackStore(api)
    const loading = store.getState().load('t1')
    send('readback', done)
    answer.resolve(running)
    await loading
    expect(store.getState().byTake['t1']?.status).toBe('done')
  })

  it('an answer with no event meanwhile is applied, and a later event still replaces it', async () => {
    const { api, send } = fakeApi({ getReadback: async () => running })
    const { store } = createReadbackStore(api)
    await store.getState().load('t1')
    expect(store.getState().byTake['t1']?.status).toBe('running')
    send('readback', done)
    expect(store.getState().byTake['t1']?.status).toBe('done')
  })

  it('an event about another take does not hold back this take’s answer', async () => {
    const answer = later<ReadbackState>()
    const { api, send } = fakeApi({ getReadback: () => answer.promise })
    const { store } = createReadbackStore(api)
    const loading = store.getState().load('t1')
    send('readback', { ...done, takeId: 't2' })
    answer.resolve(running)
    await loading
    expect(store.getState().byTake['t1']?.status).toBe('running')
  })

  it('a takes list answered after a newer takes event keeps the event’s list', async () => {
    const answer = later<TakesSnapshot>()
    const { api, send } = fakeApi({ listTakes: () => answer.promise })
    const { store } = createTakesStore(api)
    const old = { jobId: 'j1', takes: [] } as unknown as TakesSnapshot
    const newer = { jobId: 'j1', takes: [{ id: 'a' }] } as unknown as TakesSnapshot
    const loading = store.getState().loadTakes('j1')
    send('takes', newer)
    answer.resolve(old)
    await loading
    expect(store.getState().byJob['j1']).toBe(newer)
  })

  it('the order is kept per key and counts every event', async () => {
    const order = createAnswerOrder()
    const applied: string[] = []
    const a = later<string>()
    const pending = order.ask(
      'k',
      () => a.promise,
      (v) => applied.push(v),
    )
    order.heard('other')
    a.resolve('first')
    await pending
    const b = later<string>()
    const second = order.ask(
      'k',
      () => b.promise,
      (v) => applied.push(v),
    )
    order.heard('k')
    b.resolve('second')
    expect(await second).toBe('second')
    expect(applied).toEqual(['first'])
  })
})
