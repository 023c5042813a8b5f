/**
 * Holding main's events back while a stopped take's check is on its way to the screen. From the Stop key
 * until Stop is answered, and then for one frame, the events that arrive (the saved take's list, its
 * read-back starting, or the previous take's read-back finishing just then) would be rendered before the
 * check's frame is painted, and the talent would wait for them to see the check. Likewise for one frame
 * after the check itself arrives (takeChecked). A store offers such events here; while held they wait, the
 * newest per key, and are applied together once the last hold is let go. A value obtained another way
 * meanwhile (an answer asked for after the event, so newer) drops the one waiting.
 */

export interface PaintHold<T> {
  /** A check is on its way to the screen: hold what is offered until its frame is painted. */
  hold(): void
  /**
   * Stop was pressed: hold what is offered until `done` settles (Stop answered or failed), or at the
   * latest `atMostMs` later, and then until the frame after it is painted.
   */
  holdUntil(done: Promise<unknown>, atMostMs?: number): void
  /** Applied now, or, while holding, kept (the newest per key) for the frame after. */
  offer(key: string, value: T): void
  /** Something newer than the value waiting for `key` was applied: drop that value. */
  drop(key: string): void
}

/** Resolves once the frame on its way is painted, or at once where no page paints (tests, workers). */
export type AfterPaint = () => Promise<void>

/** The longest a Stop holds events for when its answer never comes (the recorder's own limit is shorter). */
export const STOP_HOLD_AT_MOST_MS = 5000

export function createPaintHold<T>(
  afterPaint: AfterPaint,
  apply: (values: ReadonlyMap<string, T>) => void,
): PaintHold<T> {
  const waiting = new Map<string, T>()
  let holds = 0
  let painting = false
  const letGo = () => {
    holds -= 1
    if (holds > 0 || waiting.size === 0) return
    const values = new Map(waiting)
    waiting.clear()
    apply(values)
  }
  return {
    hold() {
      // One frame is enough for any number of checks arriving before it is painted.
      if (painting) return
      painting = true
      holds += 1
      void afterPaint().then(() => {
        painting = false
        letGo()
      })
    },
    holdUntil(done, atMostMs = STOP_HOLD_AT_MOST_MS) {
      holds += 1
      let settled = false
      const timer = setTimeout(() => settle(), atMostMs)
      const settle = () => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        void afterPaint().then(letGo)
      }
      done.then(settle, settle)
    },
    offer(key, value) {
      if (holds === 0) return apply(new Map([[key, value]]))
      waiting.set(key, value)
    },
    drop(key) {
      waiting.delete(key)
    },
  }
}
