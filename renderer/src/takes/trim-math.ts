/**
 * Head and tail trim ↔ the kept region on the waveform. The take's file is never cut: main stores how
 * much to drop at each end (setTakeTrim), and delivery renders it. Pure.
 */

/** Shortest audio a trim may leave (seconds). */
export const MIN_KEPT_S = 0.2
/** Trims are stored to the millisecond: finer is below what an edit can hear. */
const STEP_S = 0.001

export interface Trim {
  head_s: number
  tail_s: number
}

export interface KeptRegion {
  start: number
  end: number
}

const round = (s: number): number => Math.round(s / STEP_S) * STEP_S

/** The kept region for a stored trim on a take of `durationS`, clamped so at least MIN_KEPT_S stays. */
export function regionFromTrim(trim: Trim, durationS: number): KeptRegion {
  if (!(durationS > 0)) return { start: 0, end: 0 }
  const minKept = Math.min(MIN_KEPT_S, durationS)
  const start = Math.min(Math.max(0, trim.head_s), durationS - minKept)
  const end = Math.max(start + minKept, durationS - Math.max(0, trim.tail_s))
  return { start, end: Math.min(durationS, end) }
}

/** The trim to store for a region dragged on the waveform; the region is clamped to the take first. */
export function trimFromRegion(region: KeptRegion, durationS: number): Trim {
  if (!(durationS > 0)) return { head_s: 0, tail_s: 0 }
  const minKept = Math.min(MIN_KEPT_S, durationS)
  let start = Math.min(Math.max(0, region.start), durationS)
  let end = Math.min(Math.max(0, region.end), durationS)
  if (end < start) [start, end] = [end, start]
  if (end - start < minKept) {
    // Keep the handle that did not move where it was: grow toward the side with room.
    end = Math.min(durationS, start + minKept)
    start = Math.max(0, end - minKept)
  }
  return { head_s: Math.max(0, round(start)), tail_s: Math.max(0, round(durationS - end)) }
}

/** Whether two trims differ by more than the stored precision (so a redraw does not save again). */
export function sameTrim(a: Trim, b: Trim): boolean {
  return Math.abs(a.head_s - b.head_s) < STEP_S / 2 + 1e-9 && Math.abs(a.tail_s - b.tail_s) < STEP_S / 2 + 1e-9
}

/** Length of the take once trimmed. */
export function trimmedLength(durationS: number, trim: Trim): number {
  return Math.max(0, durationS - trim.head_s - trim.tail_s)
}

/**
 * Why a take's trim cannot change now, in a sentence, or null when it can: what was delivered (or is being
 * sent) is what the producer gets, so its trim stays the one it went with (main refuses the same).
 */
export function trimOffReason(
  take: { delivery: { status: string; queued: boolean }; upload: { status: string } },
  name: string,
): string | null {
  if (take.delivery.status === 'delivered') return `${name} was delivered as it is; its trim can no longer change.`
  if (take.delivery.status === 'sending' || take.upload.status === 'uploading')
    return `${name} is being sent with this trim; it can no longer change.`
  if (take.delivery.queued || take.delivery.status === 'queued')
    return `${name} is in the delivery queue with this trim; cancel that delivery to change it.`
  return null
}
