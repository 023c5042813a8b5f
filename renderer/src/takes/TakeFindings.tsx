/**
 * A take's findings in plain words, judged by its job's delivery profile: what, with the numbers and the
 * rule ("True peak +1.8 dBTP; EBU R128 allows -1.0"), and where in the take; above them the take's true
 * peak and room tone, with what room tone is. The report comes from use-take-report.ts. A pickup is not
 * judged by the spot's length.
 */
import type { TakeReportView } from '../../../shared/bridge-audio'
import type { Preflight } from '../../../shared/bridge-takes'
import { formatLevel } from '../../../shared/format/level-words'
import { findingLine, forPickup } from './warning-words'

/** What room tone is, said where its figure shows. */
export const ROOM_TONE_MEANS = 'the sound of your booth in the pauses, when no one speaks; the lower, the cleaner'

/** `pickup`: the take reads a line or two, so no finding judges it by the spot's length. */
export function TakeFindings({
  report,
  problem,
  preflight,
  pickup = false,
}: {
  report: TakeReportView | null
  problem: string | null
  preflight: Preflight
  pickup?: boolean
}) {
  if (problem) return <p className="small muted">{problem}</p>
  if (!report) return null
  const shown = forPickup(report.findings, pickup)
  const notes = shown.filter((f) => f.severity === 'note')
  const problems = shown.filter((f) => f.severity === 'problem')
  // A measured take with no peak at all is digital silence: its true peak and room tone are silence too.
  const silent = preflight.measured && preflight.peak_dbfs === null && (preflight.duration_s ?? 0) > 0
  const roomTone =
    report.noise_floor_dbfs !== null
      ? formatLevel(report.noise_floor_dbfs, 'dBFS')
      : silent
        ? 'silence'
        : 'not measured (no pause of 0.3 s or more)'
  return (
    <div className="take-findings small" data-profile={report.profile}>
      <p className="muted take-levels">
        True peak{' '}
        {report.true_peak_dbtp === null ? (silent ? 'silence' : '—') : formatLevel(report.true_peak_dbtp, 'dBTP')}
        {' · '}
        <span className="room-tone" title={`Room tone: ${ROOM_TONE_MEANS}`}>
          room tone (your booth in the pauses)
        </span>{' '}
        {roomTone}
      </p>
      {[...problems, ...notes].length > 0 && (
        <ul aria-label="Findings">
          {[...problems, ...notes].map((f, i) => (
            <li
              key={`${f.code}-${i}`}
              className={f.severity === 'problem' ? 'tone-danger' : 'muted'}
              data-code={f.code}
            >
              {findingLine(f)}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
