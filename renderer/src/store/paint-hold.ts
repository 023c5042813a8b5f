/**
 * Holding main's events back for one frame: when a stopped take's check reaches the page (takeChecked),
 * the events that follow it within a few milliseconds (the saved take's list, its read-back starting) would
 * be rendered before the check's frame is painted, and the talent would wait for them to see the check.
 * A store offers such events here; while a check is on its way they wait, the newest per key, and are
 * applied together once that frame is painted. A value obtained another way meanwhile (an answer asked
 * for after the event, so newer) drops the one waiting.
 */

export interface PaintHold<T> {
  /** A check is on its way to the screen: hold what is offered until its frame is painted. */
  hold(): void
  /** Applied now, or, while holding, kept (the newest per key) for the frame after. */
  offer(key: string, value: T): void
  /** Something newer than the value waiting for `key` was applied: drop that value. */
  drop(key: string): void
}

/** Resolves once the frame on its way is painted, or at once where no page paints (tests, workers). */
export type AfterPaint = () => Promise<void>

export function createPaintHold<T>(afterPaint: AfterPaint, apply: (values: ReadonlyMap<string, T>) => void): PaintHold<T> {
  const waiting = new Map<string, T>()
  let holding = false
  return {
    hold() {
      if (holding) return
      holding = true
      void afterPaint().then(() => {
        holding = false
        if (waiting.size === 0) return
        const values = new Map(waiting)
        waiting.clear()
        apply(values)
      })
    },
    offer(key, value) {
      if (!holding) return apply(new Map([[key, value]]))
      waiting.set(key, value)
    },
    drop(key) {
      waiting.delete(key)
    },
  }
}
