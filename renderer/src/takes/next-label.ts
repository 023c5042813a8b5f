/**
 * The label the next recorded take gets: main until the job has a main take, then alt — the usual order
 * of a session. The person can change it for the next take with one key (`l` cycles) or the recorder's
 * menu; the choice holds for that one take.
 */
import { TAKE_LABEL_VALUES, type TakeLabelValue } from '../../../shared/bridge-takes'

export function defaultNextLabel(takes: ReadonlyArray<{ label: TakeLabelValue }>): TakeLabelValue {
  return takes.some((t) => t.label === 'main') ? 'alt' : 'main'
}

/** The label after this one, round the list (main → alt → safety → pickup → tag → main). */
export function cycleLabel(label: TakeLabelValue): TakeLabelValue {
  const i = TAKE_LABEL_VALUES.indexOf(label)
  return TAKE_LABEL_VALUES[(i + 1) % TAKE_LABEL_VALUES.length] ?? 'main'
}
