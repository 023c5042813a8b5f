/** A take's measured facts (length, loudness, peak) and its warnings in words. */
import type { Preflight } from '../../../shared/bridge-takes'
import { formatLoudness, formatPeak, formatTakeLength } from './take-numbers'
import { TakeFindings } from './TakeFindings'
import { preflightWarningWords, type WarningContext } from './warning-words'

/** With `take` (inside the takes area), the findings of the take's report follow the facts. */
export function PreflightSummary({ preflight, context, take }: { preflight: Preflight | null; context: WarningContext; take?: { id: string; customerId: string | null } }) {
  if (!preflight) return <p className="muted small">Measuring…</p>
  const warnings = preflightWarningWords(preflight, context)
  return (
    <div className="preflight">
      {preflight.measured && (
        <dl className="take-facts small">
          <div><dt>Length</dt><dd>{formatTakeLength(preflight.duration_s)}</dd></div>
          <div><dt>Loudness</dt><dd>{formatLoudness(preflight.lufs)}</dd></div>
          <div><dt>Peak</dt><dd>{formatPeak(preflight.peak_dbfs)}</dd></div>
        </dl>
      )}
      {warnings.length > 0 ? (
        <ul className="take-warnings" aria-label="Warnings">
          {warnings.map((w) => (
            <li key={w.code} className={`take-warning tone-${w.tone}`} data-code={w.code}>
              <span aria-hidden="true">⚠ </span>
              {w.text}
            </li>
          ))}
        </ul>
      ) : (
        preflight.measured && <p className="small tone-success take-ok">No problems found</p>
      )}
      {take && preflight.measured && <TakeFindings takeId={take.id} customerId={take.customerId} preflight={preflight} />}
    </div>
  )
}
