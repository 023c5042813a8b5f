/**
 * Marks a take read from an older script, with the change since as a word diff (old → current); when its
 * current version was made for the current script (pickups placed by it), says that too.
 */
import { diffForDisplay } from '../ui/diff/diff-view'
import { DiffText } from '../ui/diff/DiffText'
import type { DiffSegment } from '../ui/diff/word-diff'
import type { OlderReadState } from './use-older-read'

export function WordDiffText({ segments }: { segments: DiffSegment[] }) {
  return (
    <DiffText
      className="diff small"
      pieces={diffForDisplay(segments, false).pieces}
      label="Changes in the script since this take"
    />
  )
}

export function OlderScriptNote({ read }: { read: OlderReadState }) {
  if (read.state === 'current') return null
  return (
    <details className="take-older-script">
      <summary className="small tone-warning">
        <span aria-hidden="true">⚠ </span>Read from an older script
        {read.state === 'older' ? `: ${read.older.words} since` : ' (comparing…)'}
        {read.madeForCurrent !== null && (
          <span className="take-older-fixed"> · version {read.madeForCurrent} is made for the current script</span>
        )}
      </summary>
      {read.state === 'older' && <WordDiffText segments={read.older.segments} />}
    </details>
  )
}
