/** The script changed: a word-level diff of old → new, plus whether directions or the document changed. */
import { useMemo } from 'react'
import type { JobDetail } from '../../../shared/bridge'
import { diffStats, wordDiff } from '../script/word-diff'
import { formatTimestamp } from '../format/calendar-dates'

export function ScriptChangePanel({ change }: { change: NonNullable<JobDetail['script_change']> }) {
  const segments = useMemo(() => wordDiff(change.previous_text, change.current_text), [change.previous_text, change.current_text])
  const stats = diffStats(segments)
  const textChanged = stats.added + stats.removed > 0
  return (
    <details className="notice notice-warning script-change" open>
      <summary className="notice-title">
        Script changed since you {change.since === 'accepted' ? 'accepted the job' : 'last saw it'}
        {change.changed_at !== null && <span className="muted"> · {formatTimestamp(change.changed_at)}</span>}
      </summary>
      <ul className="change-facts">
        {textChanged && (
          <li>
            Words: <span className="diff-added-count">+{stats.added}</span> <span className="diff-removed-count">−{stats.removed}</span>
          </li>
        )}
        {change.directions_changed && <li>Directions changed</li>}
        {change.document_replaced && <li>Document replaced</li>}
      </ul>
      {textChanged && (
        <p className="diff" aria-label="Changes in the script text">
          {segments.map((s, i) =>
            s.kind === 'added' ? (
              <ins key={i}>
                <span className="sr-only">added: </span>
                {s.text}
              </ins>
            ) : s.kind === 'removed' ? (
              <del key={i}>
                <span className="sr-only">removed: </span>
                {s.text}
              </del>
            ) : (
              <span key={i}>{s.text}</span>
            ),
          )}
        </p>
      )}
    </details>
  )
}
