/**
 * The script with the audio check's issues marked on its words: each mark shows its issue on hover or
 * focus. Issues that cannot be placed on the script are listed below it. Text only (never HTML).
 */
import { useId, useMemo } from 'react'
import { describeIssue, placeIssues, SEVERITY_WORDS, type CheckIssue } from './check-placement'

const KIND_WORDS: Record<CheckIssue['kind'], string> = {
  missing: 'Missing',
  changed: 'Changed',
  extra: 'Extra',
  repeated: 'Repeated',
  unknown: 'Unknown kind',
}

function worst(issues: CheckIssue[]): CheckIssue['severity'] {
  if (issues.some((i) => i.severity === 'high')) return 'high'
  return issues.some((i) => i.severity === 'normal') ? 'normal' : 'soft'
}

export function CheckedScript({ text, issues }: { text: string; issues: readonly CheckIssue[] }) {
  const base = useId()
  const placement = useMemo(() => placeIssues(text, issues), [text, issues])
  return (
    <div className="checked-script">
      <div className="checked-script-text pre-wrap">
        {placement.pieces.map((piece, i) => {
          if (piece.issues.length === 0) return <span key={i}>{piece.text}</span>
          const marked = piece.issues.map((n) => issues[n]).filter((x): x is CheckIssue => x !== undefined)
          const tipId = `${base}-tip-${i}`
          return (
            <mark
              key={i}
              className={`check-mark sev-${worst(marked)} kind-${marked[0]?.kind ?? 'missing'}`}
              tabIndex={0}
              aria-describedby={tipId}
            >
              {piece.text}
              <span id={tipId} role="tooltip" className="check-tip">
                {marked.map((issue, k) => (
                  <span key={k} className="check-tip-line">
                    <strong>{KIND_WORDS[issue.kind]}</strong> · {SEVERITY_WORDS[issue.severity]}: {describeIssue(issue)}
                  </span>
                ))}
              </span>
            </mark>
          )
        })}
      </div>
      {placement.unplaced.length > 0 && (
        <ul className="plain-list small check-unplaced" aria-label="Issues not placed on the script">
          {placement.unplaced.map((n) => {
            const issue = issues[n]
            return issue ? (
              <li key={n}>
                <strong>{KIND_WORDS[issue.kind]}</strong> · {SEVERITY_WORDS[issue.severity]}: {describeIssue(issue)}
                {issue.context && <span className="muted"> — “…{issue.context}…”</span>}
              </li>
            ) : null
          })}
        </ul>
      )}
    </div>
  )
}
