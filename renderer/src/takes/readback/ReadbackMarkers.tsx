/**
 * Booth's read-back issues along the take's length, shown under its waveform: one marker per issue at
 * its time; clicking one plays the take from just before it.
 */
import type { ReadbackIssue } from '../../../../shared/readback/types'
import { issueCertainty } from '../../../../shared/readback/certainty'
import { clock, describeReadbackIssue, findingWord } from './readback-words'

export function ReadbackMarkers({
  issues,
  durationS,
  positionS,
  onPlay,
}: {
  issues: readonly ReadbackIssue[]
  durationS: number
  positionS: number | null
  onPlay(issue: ReadbackIssue): void
}) {
  if (durationS <= 0) return null
  const pct = (s: number) => `${Math.min(100, Math.max(0, (s / durationS) * 100))}%`
  return (
    <div className="rb-markers" role="group" aria-label="Read-back issues along the take">
      {positionS !== null && <span className="rb-playhead" style={{ left: pct(positionS) }} aria-hidden="true" />}
      {issues.map((issue, n) =>
        issue.at_s === null ? null : (
          <button
            key={n}
            type="button"
            className={`rb-marker kind-${issue.kind} sev-${issue.severity} cert-${issueCertainty(issue)}`}
            style={{ left: pct(issue.at_s) }}
            title={`${clock(issue.at_s)} · ${findingWord(issue)}: ${describeReadbackIssue(issue)}`}
            onClick={() => onPlay(issue)}
          >
            <span className="sr-only">
              {clock(issue.at_s)} {findingWord(issue)}: {describeReadbackIssue(issue)}
            </span>
          </button>
        ),
      )}
    </div>
  )
}
