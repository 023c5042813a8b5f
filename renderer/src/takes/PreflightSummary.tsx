/**
 * A take's measured facts (length, loudness, peak), its one verdict line (what each part checked: "Level and
 * length: no problems · Read-back: differs at 2 places") and its warnings in words, named by its findings. A
 * pickup gets no spot-length warning or finding: it reads a line or two, not the spot.
 */
import type { Preflight } from '../../../shared/bridge-takes'
import { formatTakeLength, takeLevels } from './take-numbers'
import { TakeFindings } from './TakeFindings'
import { preflightWarningWords, type WarningContext } from './warning-words'
import { useTakeReport } from './use-take-report'
import { useTakes, type TakesState } from './takes-store'
import { useReadback } from './readback/readback-store'
import { levelPart, readbackPart, takeVerdict } from './take-verdict'

/** Whether the take of this id is labelled pickup (in whichever job's list it is). */
function isPickupTake(byJob: TakesState['byJob'], takeId: string): boolean {
  for (const snapshot of Object.values(byJob)) {
    const t = snapshot.takes.find((x) => x.id === takeId)
    if (t) return t.label === 'pickup'
  }
  return false
}

/**
 * With `take`, the take's report is read, so each warning names its finding ("Too loud: loudness −20.9
 * LUFS", not "very loud or peaks too high"); with `findings` too (inside the takes area) the report's
 * findings follow the facts in full.
 */
export function PreflightSummary({
  preflight,
  context,
  take,
  findings = false,
}: {
  preflight: Preflight | null
  context: WarningContext
  take?: { id: string; customerId: string | null }
  findings?: boolean
}) {
  const { report, problem } = useTakeReport(take ?? null, preflight)
  // A pickup (labelled so, or a punch recording) is checked as one: the spot's length does not judge it.
  const labelledPickup = useTakes((s) => (take ? isPickupTake(s.byJob, take.id) : false))
  const pickup = context.pickup ?? labelledPickup
  // The take's read-back, for the one verdict line: each part says what it checked (take-verdict.ts).
  const readback = useReadback((s) => (take ? s.byTake[take.id] : undefined))
  if (!preflight) return <p className="muted small">Measuring…</p>
  const warnings = preflightWarningWords(preflight, { ...context, pickup }, report?.findings ?? [])
  const verdict = takeVerdict(take ? [levelPart(warnings), readbackPart(readback)] : [levelPart(warnings)])
  const levels = takeLevels(preflight)
  return (
    <div className="preflight">
      {preflight.measured && (
        <dl className="take-facts small">
          <div>
            <dt>Length</dt>
            <dd>{formatTakeLength(preflight.duration_s)}</dd>
          </div>
          <div>
            <dt>Loudness</dt>
            <dd>{levels.loudness}</dd>
          </div>
          <div>
            <dt>Peak</dt>
            <dd>{levels.peak}</dd>
          </div>
        </dl>
      )}
      {preflight.measured && (
        <p className={`small tone-${verdict.tone} take-verdict`} data-tone={verdict.tone}>
          {verdict.text}
        </p>
      )}
      {warnings.length > 0 && (
        <ul className="take-warnings" aria-label="Warnings">
          {warnings.map((w) => (
            <li key={w.code} className={`take-warning tone-${w.tone}`} data-code={w.code}>
              <span aria-hidden="true">⚠ </span>
              {w.text}
            </li>
          ))}
        </ul>
      )}
      {findings && preflight.measured && (
        <TakeFindings report={report} problem={problem} preflight={preflight} pickup={pickup} />
      )}
    </div>
  )
}
