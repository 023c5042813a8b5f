/**
 * One verdict per take, saying what each part checked (issue 41): "Level and length: no problems ·
 * Read-back: differs at 2 places". A green "No problems found" beside a read-back that says "Differs" told
 * the talent two things at once; now the line is green only when every part that ran found nothing, and a
 * part that has not run says so rather than counting as clean. Pure.
 */
import type { ReadbackState } from '../../../shared/bridge-readback'
import { differs, listenHere } from '../../../shared/readback/certainty'
import type { WarningTone } from './warning-words'

export type VerdictTone = 'success' | 'warning' | 'danger' | 'muted'

export interface VerdictPart {
  /** What was checked: "Level and length", "Read-back". */
  what: string
  /** What it found, in lower case after the colon. */
  said: string
  tone: VerdictTone
}

const places = (n: number) => `${n} ${n === 1 ? 'place' : 'places'}`

/** The measurement's part: its warnings (the list beside it names them). */
export function levelPart(warnings: ReadonlyArray<{ tone: WarningTone }>): VerdictPart {
  if (warnings.length === 0) return { what: 'Level and length', said: 'no problems', tone: 'success' }
  const tone: VerdictTone = warnings.some((w) => w.tone === 'danger') ? 'danger' : 'warning'
  return { what: 'Level and length', said: warnings.length === 1 ? '1 warning' : `${warnings.length} warnings`, tone }
}

/** The read-back's part, as it stands for the take; "Differs" only for places Booth is sure of. */
export function readbackPart(state: ReadbackState | undefined): VerdictPart {
  const what = 'Read-back'
  // Not known yet (the page has not had main's answer): said as unknown, not as "not checked yet".
  if (!state) return { what, said: '…', tone: 'muted' }
  if (state.status === 'none') return { what, said: 'not checked yet', tone: 'muted' }
  if (state.status === 'queued' || state.status === 'running') return { what, said: 'listening…', tone: 'muted' }
  if (state.status !== 'done' || !state.result) return { what, said: 'did not run', tone: 'muted' }
  const issues = state.result.check.issues
  // Nothing heard at all: said as the read-back says it, not as "differs at 1 place".
  if (state.result.words.length === 0 && state.result.check.verdict !== 'matches')
    return { what, said: 'heard no speech', tone: 'warning' }
  const sure = issues.filter((i) => !i.restart && differs(i)).length
  const unsure = issues.filter((i) => !i.restart && listenHere(i)).length
  const restarts = issues.filter((i) => i.restart).length
  const slips = issues.length - sure - unsure - restarts
  const found = [
    sure > 0 ? `differs at ${places(sure)}` : null,
    unsure > 0 ? `listen at ${places(unsure)}` : null,
    restarts > 0 ? `${restarts} false ${restarts === 1 ? 'start' : 'starts'}` : null,
    slips > 0 ? `${slips} small ${slips === 1 ? 'slip' : 'slips'}` : null,
  ].filter((x): x is string => x !== null)
  // The tone is the read-back's own verdict, so this line never says less or more than its panel.
  if (state.result.check.verdict === 'matches')
    return {
      what,
      said: found.length ? `matches the script (${found.join(', ')})` : 'matches the script',
      tone: 'success',
    }
  return { what, said: found.length ? found.join(', ') : 'worth a listen', tone: 'warning' }
}

/** The line and its one tone: the worst of its parts; green only when every part is. */
export function takeVerdict(parts: readonly VerdictPart[]): { text: string; tone: VerdictTone } {
  const text = parts.map((p) => `${p.what}: ${p.said}`).join(' · ')
  const tones = parts.map((p) => p.tone)
  const tone: VerdictTone = tones.includes('danger')
    ? 'danger'
    : tones.includes('warning')
      ? 'warning'
      : tones.every((t) => t === 'success')
        ? 'success'
        : 'muted'
  return { text, tone }
}
