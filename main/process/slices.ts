/**
 * Long work on the main process in slices: between slices the event loop runs, so requests, IPC and the
 * window's events keep their turn while a read-back builds its model. A slice ends after `sliceMs` of work;
 * the next starts on a later turn of the loop (setImmediate, after pending I/O).
 */
import { performance } from 'node:perf_hooks'

/** How long one slice may hold the event loop (ms). */
export const SLICE_MS = 12

export interface Slicer {
  /** Call between items of work: yields to the event loop when this slice has run long enough. */
  tick(): Promise<void> | undefined
}

export function slicer(sliceMs = SLICE_MS): Slicer {
  let started = performance.now()
  return {
    tick() {
      if (performance.now() - started < sliceMs) return undefined
      return new Promise<void>((resolve) => setImmediate(() => { started = performance.now(); resolve() }))
    },
  }
}
