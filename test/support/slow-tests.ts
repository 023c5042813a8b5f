/**
 * What the two test reporters share: a test that took more than a third of its timeout is close enough to
 * it that a slower machine or a busier moment fails it (issue 41: report each, and make it robust rather
 * than give it longer). The list is printed at the end of a run, slowest share first, with the figures.
 */
export interface SlowTest {
  /** File and test name, as the runner shows it. */
  name: string
  durationMs: number
  timeoutMs: number
}

/** The share of its timeout past which a test is reported. */
export const SLOW_SHARE = 1 / 3

export function isSlow(durationMs: number, timeoutMs: number | undefined): boolean {
  return timeoutMs !== undefined && timeoutMs > 0 && durationMs > timeoutMs * SLOW_SHARE
}

/** The lines printed at the end of a run: a heading and one line per slow test, or one line saying there were none. */
export function slowTestLines(runner: string, slow: readonly SlowTest[]): string[] {
  if (slow.length === 0) return [`== ${runner}: no test took more than a third of its timeout`]
  const sorted = [...slow].sort((a, b) => b.durationMs / b.timeoutMs - a.durationMs / a.timeoutMs)
  return [
    `== ${runner}: ${sorted.length} test${sorted.length === 1 ? '' : 's'} took more than a third of the timeout (make each robust, not longer):`,
    ...sorted.map(
      (t) =>
        `   ${Math.round((100 * t.durationMs) / t.timeoutMs)}% ${(t.durationMs / 1000).toFixed(1)} s of ${(t.timeoutMs / 1000).toFixed(0)} s  ${t.name}`,
    ),
  ]
}
