// The hold behind a stopped take's check: events wait from the Stop key until Stop is answered and the
// frame after it is painted, across any number of overlapping holds; a Stop never answered lets go at
// its limit; nothing is lost, and the newest value per key wins.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createPaintHold } from '../../../../renderer/src/store/paint-hold'

function hold() {
  const paints: Array<() => void> = []
  const applied: Array<Record<string, number>> = []
  const h = createPaintHold<number>(
    () => new Promise<void>((r) => paints.push(r)),
    (v) => applied.push(Object.fromEntries(v)),
  )
  const paint = async () => {
    for (const p of paints.splice(0)) p()
    for (let i = 0; i < 4; i++) await Promise.resolve()
  }
  return { h, applied, paint }
}

afterEach(() => vi.useRealTimers())

describe('a paint hold', () => {
  it('lets go only when the last of overlapping holds is let go', async () => {
    const { h, applied, paint } = hold()
    let answer: () => void = () => undefined
    h.holdUntil(new Promise<void>((r) => (answer = r)))
    h.hold()
    h.offer('a', 1)
    h.offer('a', 2)
    h.offer('b', 3)
    await paint()
    expect(applied).toEqual([])
    answer()
    await Promise.resolve()
    await paint()
    expect(applied).toEqual([{ a: 2, b: 3 }])
    h.offer('a', 4)
    expect(applied.at(-1)).toEqual({ a: 4 })
  })

  it('drops a waiting value once something newer was applied another way', async () => {
    const { h, applied, paint } = hold()
    h.hold()
    h.offer('a', 1)
    h.offer('b', 2)
    h.drop('a')
    await paint()
    expect(applied).toEqual([{ b: 2 }])
  })

  it('applies nothing when nothing was offered while holding', async () => {
    const { h, applied, paint } = hold()
    h.holdUntil(Promise.resolve())
    await Promise.resolve()
    await paint()
    expect(applied).toEqual([])
  })

  it('lets go at its limit when Stop is never answered', async () => {
    vi.useFakeTimers()
    const { h, applied, paint } = hold()
    h.holdUntil(new Promise<void>(() => undefined), 300)
    h.offer('a', 1)
    vi.advanceTimersByTime(299)
    await paint()
    expect(applied).toEqual([])
    vi.advanceTimersByTime(1)
    await paint()
    expect(applied).toEqual([{ a: 1 }])
  })
})
