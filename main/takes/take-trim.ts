/**
 * A take's trim, as rules on its metadata (pure): which trims a take may take now, whether a measurement or
 * a render still belongs to the take's current trim, and what to say when the take went to the trash while
 * its trim was being rendered. TakeStore (take-store.ts) applies them under the take's job lock.
 */
import { TakeInputError } from './take-input-checks'
import type { TakeMeta, TakeTrim } from './take-types'
import { currentStamp, stillCurrent } from '../version-records/version-stamp'
import { takeName } from '../../shared/take-name'

/** The trim asked for, checked: each end zero or more seconds. */
export function checkTrim(trim: TakeTrim): TakeTrim {
  const head = trim?.head_s
  const tail = trim?.tail_s
  for (const [name, v] of [
    ['head', head],
    ['tail', tail],
  ] as const) {
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0)
      throw new TakeInputError(`The ${name} trim must be zero or more seconds (got ${String(v)}).`)
  }
  return { head_s: head, tail_s: tail }
}

/** The take with its new trim, or why it cannot take it now (sent, queued, or nothing would be left). */
export function withTrim(m: TakeMeta, { head_s: head, tail_s: tail }: TakeTrim): TakeMeta {
  const same = m.trim.head_s === head && m.trim.tail_s === tail
  // What was delivered is what the service holds: the take's trim stays the one it was sent with.
  if (
    !same &&
    (m.delivery.status === 'delivered' || m.delivery.status === 'sending' || m.upload.status === 'uploading')
  ) {
    throw new TakeInputError(
      m.delivery.status === 'delivered'
        ? `${takeName(m)} was already delivered as it is; its trim can no longer change. Record or import a new take to send another cut.`
        : `${takeName(m)} is being sent with its current trim; its trim can no longer change.`,
    )
  }
  // A queued delivery may already have rendered (or uploaded) the file of the trim it was given.
  if (m.delivery.queued && !same) {
    throw new TakeInputError(
      `${takeName(m)} is in the delivery queue with its current trim; cancel that delivery to change the trim.`,
    )
  }
  const length = m.preflight?.duration_s
  if (typeof length === 'number' && head + tail >= length) {
    throw new TakeInputError(
      `Trimming ${head} s from the start and ${tail} s from the end leaves nothing of this ${length.toFixed(2)} s take.`,
    )
  }
  // A measurement of another trim is not this one's: it goes with the change, in the same write.
  return { ...m, trim: { head_s: head, tail_s: tail }, trimmed_preflight: same ? m.trimmed_preflight : null }
}

/** Whether `m` is still at the version and trim `was` was measured at (version-stamp.ts: number and render). */
export function sameTrimOf(m: TakeMeta, was: TakeMeta): boolean {
  return stillCurrent(m, currentStamp(was)) && m.trim.head_s === was.trim.head_s && m.trim.tail_s === was.trim.tail_s
}

/** A trim's render belongs to one version of the take and one trim. */
export function trimKey(trim: TakeTrim, version = 1): string {
  return `${version}|${trim.head_s}|${trim.tail_s}`
}

/**
 * What to say when a take's trim could not be rendered or measured because the take left the shelf meanwhile
 * (deleted: its audio moved to the trash under ffmpeg, "No such file"): that, not ffmpeg's words.
 */
export function deletedWhileTrimming(m: TakeMeta, inTrash: boolean): TakeInputError {
  const again = inTrash ? ' Restore it from the trash to trim it again.' : ''
  return new TakeInputError(`${takeName(m)} was deleted while its trim was being measured.${again}`)
}
