/**
 * Below the script: the issues of either check that could not be placed on the words shown, with why,
 * so nothing a check found is lost; Booth's read-back ones still play the take from just before them.
 */
import type { ReadbackIssue } from '../../../../shared/readback/types'
import { describeIssue, type CheckIssue } from '../../takes/check-placement'
import {
  clock,
  describeReadbackIssue,
  issueKindWord,
  playFrom,
  READBACK_LABEL,
} from '../../takes/readback/readback-words'
import { isPlayable, PLATFORM_LABEL } from './mark-look'
import type { UnplacedWhy } from './script-marks'

const WHY: Record<UnplacedWhy, string> = {
  no_place: 'it names no place in the script',
  script_changed: 'the script changed there since this take was read',
  not_shown: 'its words are not in the script as shown',
}

interface Props {
  readback: readonly ReadbackIssue[]
  platform: readonly CheckIssue[]
  unplacedReadback: ReadonlyArray<{ issue: number; why: UnplacedWhy }>
  unplacedPlatform: readonly number[]
  onPlay(issue: number): void
}

export function ScriptUnplaced({ readback, platform, unplacedReadback, unplacedPlatform, onPlay }: Props) {
  if (unplacedReadback.length === 0 && unplacedPlatform.length === 0) return null
  return (
    <ul className="plain-list small sm-unplaced" aria-label="Found by the checks but not placed on the script">
      {unplacedReadback.map(({ issue: n, why }) => {
        const issue = readback[n]
        if (!issue) return null
        const text = `${READBACK_LABEL} · ${issueKindWord(issue)}: ${describeReadbackIssue(issue)} — not marked above: ${WHY[why]}.`
        return (
          <li key={`rb${n}`}>
            {isPlayable(issue) ? (
              <button type="button" className="sm-unplaced-play" onClick={() => onPlay(n)}>
                <span className="rb-time">{clock(issue.at_s as number)}</span> {text}{' '}
                <span className="sr-only">Plays the take from {clock(playFrom(issue.at_s))}.</span>
              </button>
            ) : (
              text
            )}
          </li>
        )
      })}
      {unplacedPlatform.map((n) => {
        const issue = platform[n]
        return issue ? (
          <li key={`pf${n}`}>
            {PLATFORM_LABEL}: {describeIssue(issue)}
            {issue.context && <span className="muted"> — “…{issue.context}…”</span>} — not marked above: its words were
            not found in the script.
          </li>
        ) : null
      })}
    </ul>
  )
}
