/**
 * Long work on the main process in slices: between slices the event loop runs, so requests, IPC and the
 * window's events keep their turn while a read-back builds its model. A slice ends after `sliceMs` of work;
 * the next starts on a later turn of the loop (setImmediate, after pending I/O). The loop between items
 * asks `due()`, which counts the calls and reads the clock only every `every`-th one, so even a scan of
 * millions of small items pays next to nothing for it:
 *
 *   for (const item of items) { if (slices.due()) await slices.turn(); work(item) }
 *
 * and between two steps that are each shorter than a slice, `await slices.between()`.
 */
import { performance } from 'node:perf_hooks'

/** How long one slice may hold the event loop (ms). */
export const SLICE_MS = 12
/** How many calls of due() go by between two readings of the clock. */
const CHECK_EVERY = 256

export interface Slicer {
  /** Call between items of work: true once this slice has run its time. */
  due(): boolean
  /** Gives the event loop its turn, then starts a new slice. */
  turn(): Promise<void>
  /** Between two steps of work: gives the event loop its turn if this slice has run its time (reads the clock now). */
  between(): Promise<void>
}

/**
 * The main process's one slice clock, shared by all background work on it. A slice is the event loop's
 * time, not one function's: a chain of steps (pronounce, language model, ARPA text) that each stay under
 * a slice would otherwise run back to back, awaiting only promises, and hold the loop for all of them.
 */
export const mainSlices: Slicer = slicer()

export function slicer(sliceMs = SLICE_MS, every = CHECK_EVERY): Slicer {
  let started = performance.now()
  let calls = 0
  const turn = () =>
    new Promise<void>((resolve) =>
      setImmediate(() => {
        started = performance.now()
        resolve()
      }),
    )
  return {
    due() {
      if (++calls < every) return false
      calls = 0
      return performance.now() - started >= sliceMs
    },
    turn,
    between() {
      calls = 0
      return performance.now() - started >= sliceMs ? turn() : Promise.resolve()
    },
  }
}
