/**
 * Work in slices: between slices the event loop runs (a timer or an I/O callback waiting meanwhile gets its
 * turn); within a slice nothing is given up.
 */
import { describe, expect, it } from 'vitest'
import { slicer } from '../../../main/process/slices'

describe('slicer', () => {
  it('gives the event loop a turn once a slice has run its time, and not before', async () => {
    const order: string[] = []
    setImmediate(() => order.push('waiting callback'))
    const within = slicer(60_000, 1)
    expect(within.due()).toBe(false)
    const spent = slicer(0, 1)
    order.push('work before')
    expect(spent.due()).toBe(true)
    await spent.turn()
    order.push('work after')
    expect(order).toEqual(['work before', 'waiting callback', 'work after'])
  })

  it('starts a new slice after each turn it gives', async () => {
    const s = slicer(0, 1)
    let turns = 0
    for (let i = 0; i < 5; i++) {
      if (s.due()) {
        turns++
        await s.turn()
      }
    }
    expect(turns).toBe(5)
  })

  it('reads the clock only every so many calls', () => {
    const s = slicer(0, 4)
    expect([s.due(), s.due(), s.due(), s.due(), s.due(), s.due(), s.due(), s.due()]).toEqual([
      false,
      false,
      false,
      true,
      false,
      false,
      false,
      true,
    ])
  })

  it('between steps, gives a turn only once the slice has run its time', async () => {
    const order: string[] = []
    setImmediate(() => order.push('waiting callback'))
    await slicer(60_000).between()
    order.push('step 2')
    await slicer(0).between()
    order.push('step 3')
    expect(order).toEqual(['step 2', 'waiting callback', 'step 3'])
  })

  it('shared by a chain of steps each shorter than a slice, still gives the loop a turn within the chain', async () => {
    const shared = slicer(5)
    const busy = (ms: number) => {
      const end = performance.now() + ms
      while (performance.now() < end) {
        /* a step's work */
      }
    }
    let waited = -1
    let step = 0
    setImmediate(() => (waited = step))
    for (step = 1; step <= 4; step++) {
      busy(3)
      await shared.between()
    }
    // Four 3 ms steps against a 5 ms slice: the callback ran after the second step at the latest (the
    // first, if this thread was held up meanwhile), not after all four; with a slicer per step, never.
    expect(waited).toBeGreaterThanOrEqual(1)
    expect(waited).toBeLessThanOrEqual(2)
  })
})
