/**
 * What the recorder says when a take stops without the person stopping it. Main's own sentence when the
 * disk stopped it (kind `recording_stopped`: what happened, what was kept, what to do); Booth gone (the
 * page cannot reach it: kind `unavailable`, or the page found its host gone); else the call's failure.
 */
import { errorText } from '../store/error-text'
import { displayText } from '../../../shared/display-text'

export const BOOTH_GONE_WHILE_RECORDING =
  'Recording stopped: Booth is not running any more. What reached the disk until then is kept; Booth offers the take back when it is started again.'

/** `lead` begins a failure main did not word itself ("Recording stopped", "The take could not be finished"). */
export function recordingFailureText(err: unknown, lead = 'Recording stopped'): string {
  const kind = (err as { kind?: unknown } | null)?.kind
  if (kind === 'recording_stopped') return displayText(errorText(err))
  if (kind === 'unavailable') return BOOTH_GONE_WHILE_RECORDING
  return `${lead}: ${displayText(errorText(err))}`
}
