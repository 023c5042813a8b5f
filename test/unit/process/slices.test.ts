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
      if (s.due()) { turns++; await s.turn() }
    }
    expect(turns).toBe(5)
  })

  it('reads the clock only every so many calls', () => {
    const s = slicer(0, 4)
    expect([s.due(), s.due(), s.due(), s.due(), s.due(), s.due(), s.due(), s.due()]).toEqual([false, false, false, true, false, false, false, true])
  })
})
