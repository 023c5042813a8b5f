/**
 * Booth's read-back findings of one take as a delivery confirmation lists them: where, how sure Booth is
 * ("Differs" / "Listen here"), what it heard, and a play button that plays the take at that word (from
 * just before it). Holds its own hidden player.
 */
import type { ReadbackIssue } from '../../../../shared/readback/types'
import { issueCertainty } from '../../../../shared/readback/certainty'
import { clock, describeReadbackIssue, findingWord } from './readback-words'
import { useTakePlayback } from './use-take-playback'

const SHOWN = 8

export function ReadbackFindingsList({ takeId, issues }: { takeId: string; issues: readonly ReadbackIssue[] }) {
  const player = useTakePlayback()
  if (issues.length === 0) return null
  return (
    <div className="rb-findings">
      {player.element}
      <ul className="plain-list small rb-gate-list" aria-label="Booth’s read-back findings">
        {issues.slice(0, SHOWN).map((issue, n) => {
          const word = findingWord(issue)
          const at = issue.at_s === null ? null : clock(issue.at_s)
          return (
            <li key={n} className={`rb-finding cert-${issueCertainty(issue)}`} data-certainty={issueCertainty(issue)}>
              <button
                type="button"
                className="btn btn-small rb-play"
                disabled={issue.at_s === null}
                aria-label={`Play the take at ${at ?? 'this place'}: ${word}, ${describeReadbackIssue(issue)}`}
                onClick={() => void player.play(takeId, issue.at_s)}
              >
                ▶ {at ?? '—'}
              </button>{' '}
              <strong className="rb-cert">{word}</strong> {describeReadbackIssue(issue)}
              {issue.severity === 'high' && <span className="tag tag-warning">important</span>}
            </li>
          )
        })}
        {issues.length > SHOWN && <li className="muted">and {issues.length - SHOWN} more</li>}
      </ul>
      {player.error && (
        <p className="form-error" role="alert">
          {player.error}
        </p>
      )}
    </div>
  )
}
