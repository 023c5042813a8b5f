/**
 * What the recorder says when a take stops without the person stopping it. Main's own sentence when the
 * disk stopped it (kind `recording_stopped`: what happened, what was kept, what to do); Booth gone (the
 * page cannot reach it: kind `unavailable`, or the page found its host gone); else the call's failure.
 */
import { errorText } from '../store/error-text'
import { displayText } from '../../../shared/display-text'

export const BOOTH_GONE_WHILE_RECORDING =
  'Recording stopped: Booth is not running any more. What reached the disk until then is kept; Booth offers the take back when it is started again.'

/** The input went away mid-take (unplugged, switched off): the take was stopped with what was recorded. */
export function inputGoneText(label: unknown): string {
  const named = typeof label === 'string' && label.trim() ? ` (${displayText(label.trim())})` : ''
  return (
    `Recording stopped: the input${named} went away — unplugged or switched off. What was ` +
    `recorded until then is kept as the take. Connect an input and choose it to record again.`
  )
}

/** `lead` begins a failure main did not word itself ("Recording stopped", "The take could not be finished"). */
export function recordingFailureText(err: unknown, lead = 'Recording stopped'): string {
  const kind = (err as { kind?: unknown } | null)?.kind
  if (kind === 'recording_stopped') return displayText(errorText(err))
  if (kind === 'unavailable') return BOOTH_GONE_WHILE_RECORDING
  if (kind === 'input_ended') return inputGoneText((err as { inputLabel?: unknown }).inputLabel)
  return `${lead}: ${displayText(errorText(err))}`
}
