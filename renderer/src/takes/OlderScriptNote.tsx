/** Marks a take read from an older script, with the change since as a word diff (old → current). */
import type { DiffSegment } from '../script/word-diff'
import type { OlderRead } from './script-read'

export function WordDiffText({ segments }: { segments: readonly DiffSegment[] }) {
  return (
    <p className="diff small" aria-label="Changes in the script since this take">
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
  )
}

export function OlderScriptNote({ older }: { older: OlderRead }) {
  return (
    <details className="take-older-script">
      <summary className="small tone-warning">
        <span aria-hidden="true">⚠ </span>Read from an older script: {older.words} since
      </summary>
      <WordDiffText segments={older.segments} />
    </details>
  )
}
