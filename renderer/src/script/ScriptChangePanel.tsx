/**
 * The script changed: a diff of old → new (word by word when its cost allows, else by sentence or line;
 * computed in a worker so a long script never stalls the window), plus whether directions or the
 * document changed. One line over the script (what changed, in numbers) until the talent opens it.
 */
import { useState } from 'react'
import type { JobDetail } from '../../../shared/bridge'
import { diffForDisplay } from '../ui/diff/diff-view'
import { DiffText } from '../ui/diff/DiffText'
import { diffStats, type DiffGranularity } from '../ui/diff/word-diff'
import { useScriptDiff } from '../ui/diff/use-script-diff'
import { formatTimestamp } from '../ui/format/calendar-dates'

export function ScriptChangePanel({ change }: { change: NonNullable<JobDetail['script_change']> }) {
  const diff = useScriptDiff(change.previous_text, change.current_text)
  const segments = diff?.segments ?? []
  const stats = diffStats(segments)
  const textChanged = stats.added + stats.removed > 0
  const [showAll, setShowAll] = useState(false)
  const { pieces, hiddenChars } = diffForDisplay(segments, showAll)
  return (
    <details className="notice notice-warning script-change folded-note">
      <summary className="folded-note-line">
        <strong className="notice-title">
          Script changed since you {change.since === 'accepted' ? 'accepted the job' : 'last saw it'}
          {change.changed_at !== null && <span className="muted"> · {formatTimestamp(change.changed_at)}</span>}
        </strong>
        {textChanged && (
          <span className="folded-note-gist">
            +{stats.added} −{stats.removed} words
          </span>
        )}
      </summary>
      <ul className="change-facts">
        {textChanged && (
          <li>
            Words: <span className="diff-added-count">+{stats.added}</span>{' '}
            <span className="diff-removed-count">−{stats.removed}</span>
          </li>
        )}
        {diff === null && change.previous_text !== change.current_text && (
          <li role="status">Comparing the old and new script…</li>
        )}
        {diff && textChanged && diff.granularity !== 'words' && <li className="muted">{COARSER[diff.granularity]}</li>}
        {change.directions_changed && <li>Directions changed</li>}
        {change.document_replaced && <li>Document replaced</li>}
      </ul>
      {textChanged && <DiffText pieces={pieces} label="Changes in the script text" />}
      {textChanged && hiddenChars > 0 && (
        <button type="button" className="btn btn-small btn-quiet" onClick={() => setShowAll(true)}>
          Show the whole change ({hiddenChars.toLocaleString()} more characters)
        </button>
      )}
    </details>
  )
}

const COARSER: Record<Exclude<DiffGranularity, 'words'>, string> = {
  sentences: 'Shown sentence by sentence: the change is too large to compare word by word.',
  lines: 'Shown line by line: the change is too large to compare by word or sentence.',
  whole: 'The whole text changed: the old text is shown removed and the new text added.',
}
