/**
 * The one Esc rule (pure, so it can be tested without a DOM): Esc closes the innermost open thing and
 * nothing behind it. From the inside out:
 *
 * 1. a dialog (it handles Esc itself: cancel), or a popover that closes itself (the notice centre);
 * 2. a fold that holds the focus (a folded note opened, a disclosure): it folds back;
 * 3. a message with a Dismiss button (a take's message, a delivery's line, a bulk result): dismissed;
 * 4. the jobs list laid over the job ("peek"): folded away again;
 * 5. the open job: closed, but never while a take is under way (recording, a punch shown, a version being
 *    made): Esc then does nothing to the job (a punch cancels itself on its own Esc);
 * 6. with no job open, the ticked jobs: unticked.
 * While the person types in a field, Esc belongs to the field.
 */

export interface EscScene {
  typing: boolean
  /** A modal dialog or a popover that handles its own Esc is open. */
  ownedLayer: boolean
  /** A fold (details) holding the focus is open. */
  openFold: boolean
  /** A message with a Dismiss button is shown. */
  message: boolean
  /** The jobs list is laid over the job. */
  peek: boolean
  jobOpen: boolean
  /** A take is being recorded, a punch is shown, or a version is being made. */
  takeUnderWay: boolean
  ticked: boolean
}

export type EscAction =
  /** Leave the key to whoever owns it (a dialog, a popover, a field), do nothing here. */
  | 'leave'
  | 'fold'
  | 'dismiss-message'
  | 'fold-list'
  | 'close-job'
  /** A job with a take under way stays open: Esc does nothing to it. */
  | 'hold'
  | 'clear-ticks'

export function escAction(scene: EscScene): EscAction {
  if (scene.typing || scene.ownedLayer) return 'leave'
  if (scene.openFold) return 'fold'
  if (scene.message) return 'dismiss-message'
  if (scene.peek) return 'fold-list'
  if (scene.jobOpen) return scene.takeUnderWay ? 'hold' : 'close-job'
  if (scene.ticked) return 'clear-ticks'
  return 'leave'
}
