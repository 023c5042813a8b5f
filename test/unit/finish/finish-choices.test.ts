/**
 * The talent's finish choices held against what the engine made (main/finish/finish-choices.ts), on
 * reports shaped as finishTake writes them: a tempo past the allowed change, a pause made shorter than the
 * shortest allowed (one already shorter before is not), breaths kept; the engine's defaults refuse nothing.
 */
import { describe, expect, it } from 'vitest'
import { choicesProblem } from '../../../main/finish/finish-choices'
import { DEFAULT_FINISH_CHOICES } from '../../../shared/versions/finish'
import type { FinishReport } from '../../../main/finish/finish-take'

const edit = (kind: FinishReport['edits'][number]['kind'], at_s: number, from_s: number, to_s: number) => ({ kind, at_s, from_s, to_s })
const report = (tempo: number, edits: FinishReport['edits']) => ({ tempo, edits })

describe('finish choices', () => {
  it('the defaults refuse nothing the engine makes', () => {
    expect(choicesProblem(report(1.04, [edit('pause', 3, 1, 0.25), edit('breath', 5, 5, 5.2)]), DEFAULT_FINISH_CHOICES, 30)).toBeNull()
  })

  it('a tempo change past the allowed one is named with both figures', () => {
    const r = report(1.0349, [edit('tempo', 0, 11.11, 10.732)])
    expect(choicesProblem(r, { ...DEFAULT_FINISH_CHOICES, maxTempoPercent: 3.5 }, 15)).toBeNull()
    expect(choicesProblem(r, { ...DEFAULT_FINISH_CHOICES, maxTempoPercent: 2 }, 15)).toBe('Fitting this take to the 15.0 s spot needs a 3.5 % tempo change; the longest you allow is 2.0 %.')
    expect(choicesProblem(report(0.98, []), { ...DEFAULT_FINISH_CHOICES, maxTempoPercent: 0 }, 15)).toBe('Fitting this take to the 15.0 s spot needs a 2.0 % tempo change; you allow no tempo change.')
  })

  it('a pause made shorter than the shortest allowed is named; one already shorter is not', () => {
    const r = report(1, [edit('pause', 2.4, 0.9, 0.5), edit('pause', 6.1, 1.1, 0.42), edit('pause', 9, 0.3, 0.3)])
    expect(choicesProblem(r, { ...DEFAULT_FINISH_CHOICES, shortestPauseS: 0.6 }, 20)).toBe('Fitting this take to the 20.0 s spot shortens the pause at 6.1 s to 0.42 s; the shortest you allow is 0.60 s.')
    expect(choicesProblem(r, { ...DEFAULT_FINISH_CHOICES, shortestPauseS: 0.4 }, 20)).toBeNull()
    expect(choicesProblem(report(1, [edit('pause', 2, 0.5, 0.6)]), { ...DEFAULT_FINISH_CHOICES, shortestPauseS: 1.2 }, 20)).toBeNull()
  })

  it('breaths kept: a finish that lowered breaths is refused', () => {
    const r = report(1, [edit('breath', 3, 3, 3.3), edit('breath', 7, 7, 7.2)])
    expect(choicesProblem(r, { ...DEFAULT_FINISH_CHOICES, breaths: 'keep' }, 30)).toBe('This finish would lower 2 breaths, and you chose to keep them.')
    expect(choicesProblem(r, { ...DEFAULT_FINISH_CHOICES, breaths: 'cut' }, 30)).toBeNull()
  })
})
