/**
 * A notice over the script that takes one line until it is opened: its title and the start of what it
 * says on that line (shortened with an ellipsis), the whole text a click or Enter away. So a "Changes
 * requested" or "Script changed" notice never pushes the script out of a laptop's window.
 */
import type { ReactNode } from 'react'

export interface FoldedNoteProps {
  /** The notice's accessible name, e.g. "Changes requested". */
  label: string
  tone: 'warning' | 'danger' | 'muted' | 'success'
  title: ReactNode
  /** The start of the text, shown after the title on the folded line. */
  gist?: ReactNode
  className?: string
  children?: ReactNode
}

export function FoldedNote({ label, tone, title, gist, className, children }: FoldedNoteProps) {
  return (
    <div
      className={`notice notice-${tone} folded-note${className ? ` ${className}` : ''}`}
      role="note"
      aria-label={label}
    >
      <details>
        <summary className="folded-note-line">
          <strong className="notice-title">{title}</strong>
          {gist && <span className="folded-note-gist">{gist}</span>}
        </summary>
        <div className="folded-note-body">{children}</div>
      </details>
    </div>
  )
}
