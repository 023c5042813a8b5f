/**
 * The talent's finish choices (shared/versions/finish.ts) against what the finish engine did. The engine
 * (finish-take.ts) plans with its own rules: tempo up to 4 %, pauses between sentences down to 0.25 s, and
 * breaths as finish-steps.ts `cleanStep` finds them. It receives the choices in its request
 * (`FinishRequestWithChoices`) for the day it plans with them; until then a finish that goes past the
 * talent's limits is refused here in one sentence, and nothing is made:
 *  - a tempo change larger than `maxTempoPercent` (tempo is the planner's last resort, so a plan within
 *    the limit needs no more than the engine's; beyond it the take cannot be fitted under that limit);
 *  - a pause the finish shortened to below `shortestPauseS`, when the talent asked for more than the
 *    engine's own 0.25 s (a pause already shorter before the finish is not one the finish made short);
 *  - breaths: `keep` with breath edits in the report (the engine lowered breaths it was asked to keep).
 */
import type { FinishChoices } from '../../shared/versions/finish'
import { DEFAULT_FINISH_CHOICES } from '../../shared/versions/finish'
import { FinishRefusal, type FinishReport, type FinishRequest } from './finish-take'

/** The request finishTake receives, with the choices it is to plan by (see the header). */
export interface FinishRequestWithChoices extends FinishRequest {
  choices: FinishChoices
  /** The choices in the engine's units: the largest tempo change as a fraction (FitInput.maxTempoChange). */
  maxTempoChange: number
}

/** The tolerance of figures rounded to milliseconds in the report (s, or a tempo fraction). */
const EPS = 0.0015

const pct = (x: number): string => `${(Math.round(x * 10) / 10).toFixed(1)} %`
const s2 = (x: number): string => `${x.toFixed(2)} s`

/** Why the finish the engine made goes past the talent's choices, in one sentence; null when it does not. */
export function choicesProblem(report: Pick<FinishReport, 'tempo' | 'edits'>, choices: FinishChoices, spotLengthS: number): string | null {
  const tempoChange = Math.abs(report.tempo - 1) * 100
  if (tempoChange > choices.maxTempoPercent + EPS * 100) {
    const allowed = choices.maxTempoPercent === 0 ? 'you allow no tempo change' : `the longest you allow is ${pct(choices.maxTempoPercent)}`
    return `Fitting this take to the ${spotLengthS.toFixed(1)} s spot needs a ${pct(tempoChange)} tempo change; ${allowed}.`
  }
  if (choices.shortestPauseS > DEFAULT_FINISH_CHOICES.shortestPauseS + EPS) {
    const squeezed = report.edits.filter((e) => e.kind === 'pause' && e.to_s < e.from_s && e.from_s >= choices.shortestPauseS - EPS && e.to_s < choices.shortestPauseS - EPS)
    const worst = squeezed.reduce<(typeof squeezed)[number] | null>((a, e) => (a === null || e.to_s < a.to_s ? e : a), null)
    if (worst) return `Fitting this take to the ${spotLengthS.toFixed(1)} s spot shortens the pause at ${worst.at_s.toFixed(1)} s to ${s2(worst.to_s)}; the shortest you allow is ${s2(choices.shortestPauseS)}.`
  }
  if (choices.breaths === 'keep') {
    const breaths = report.edits.filter((e) => e.kind === 'breath').length
    if (breaths > 0) return `This finish would lower ${breaths} breath${breaths === 1 ? '' : 's'}, and you chose to keep them.`
  }
  return null
}

/** Refuses a report that goes past the choices (see choicesProblem). */
export function holdToChoices(report: FinishReport, choices: FinishChoices, spotLengthS: number): void {
  const problem = choicesProblem(report, choices, spotLengthS)
  if (problem) throw new FinishRefusal(problem)
}
