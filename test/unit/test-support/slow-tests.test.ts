import { describe, expect, it } from 'vitest'
import { isSlow, slowTestLines } from '../../support/slow-tests'

describe('the tests slower than a third of their timeout', () => {
  it('counts a test past a third of its own timeout, and none without a timeout', () => {
    expect(isSlow(10_001, 30_000)).toBe(true)
    expect(isSlow(10_000, 30_000)).toBe(false)
    expect(isSlow(200_000, 600_000)).toBe(false)
    expect(isSlow(5_000, undefined)).toBe(false)
    expect(isSlow(5_000, 0)).toBe(false)
  })

  it('lists them by the share of the timeout they used, with the figures', () => {
    const lines = slowTestLines('e2e', [
      { name: 'a', durationMs: 25_000, timeoutMs: 60_000 },
      { name: 'b', durationMs: 58_200, timeoutMs: 120_000 },
    ])
    expect(lines).toEqual([
      '== e2e: 2 tests took more than a third of the timeout (make each robust, not longer):',
      '   49% 58.2 s of 120 s  b',
      '   42% 25.0 s of 60 s  a',
    ])
    expect(slowTestLines('vitest', [])).toEqual(['== vitest: no test took more than a third of its timeout'])
  })
})
