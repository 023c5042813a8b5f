/**
 * The job panels that hold a part of the recorder (its take's record control, its punch panel), counted per
 * job: a part is let go a moment after its last panel went, unless one came back (React remounts them in
 * development, and the job's view may be drawn again at once).
 */
import type { RecorderClock } from './recorder-types'

export type HeldPart = 'take' | 'punch'

export function panelHolds(clock: RecorderClock) {
  const holders = { take: new Map<string, number>(), punch: new Map<string, number>() }
  return {
    attach: (kind: HeldPart, jobId: string) => void holders[kind].set(jobId, (holders[kind].get(jobId) ?? 0) + 1),
    /** Runs `release` a moment after the panel went, unless another panel of the job holds the part by then. */
    releaseLater: (kind: HeldPart, jobId: string, release: () => void) => {
      holders[kind].set(jobId, (holders[kind].get(jobId) ?? 1) - 1)
      clock.after(0, () => {
        if ((holders[kind].get(jobId) ?? 0) > 0) return
        holders[kind].delete(jobId)
        release()
      })
    },
  }
}
