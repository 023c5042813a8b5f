/** A diff as text: added words inserted, removed words struck, long unchanged stretches elided (one way, everywhere). */
import type { ShownPiece } from './diff-view'

export function DiffText({
  pieces,
  label,
  className = 'diff',
}: {
  pieces: readonly ShownPiece[]
  label: string
  className?: string
}) {
  return (
    <p className={className} aria-label={label}>
      {pieces.map((s, i) =>
        s.kind === 'elided' ? (
          <span key={i} className="diff-elided muted">
            {' '}
            [… {s.words} unchanged word{s.words === 1 ? '' : 's'} …]{' '}
          </span>
        ) : s.kind === 'added' ? (
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
