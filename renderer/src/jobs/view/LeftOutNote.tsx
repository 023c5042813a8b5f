/**
 * The parts of the open job Booth left out because the service sent them in a form it cannot read
 * (main/api/answer-mend.ts): one folded line over the script, each plain note a click away, so the
 * script keeps its lines. Nothing when nothing was left out.
 */
import { leftOutNotes, type LeftOutNotes } from '../../../../shared/api-read'
import { FoldedNote } from '../../ui/FoldedNote'

export function LeftOutNote({ job }: { job: LeftOutNotes }) {
  const notes = leftOutNotes(job)
  if (notes.length === 0) return null
  return (
    <FoldedNote
      label="Parts of this job that could not be read"
      tone="warning"
      className="left-out-note"
      title={
        notes.length === 1
          ? 'Part of this job could not be read'
          : `${notes.length} parts of this job could not be read`
      }
      gist={notes[0]}
    >
      <ul className="left-out-list" data-testid="left-out-notes">
        {notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
      <p className="muted small">Everything else of the job is shown as the service sent it.</p>
    </FoldedNote>
  )
}

/** The same, as a few words on a job's row in the list (the notes themselves in its tooltip). */
export function LeftOutRowMark({ job }: { job: LeftOutNotes }) {
  const notes = leftOutNotes(job)
  if (notes.length === 0) return null
  return (
    <span className="muted small job-left-out" title={notes.join(' ')} data-testid="job-left-out">
      <span aria-hidden="true">⚠</span>{' '}
      {notes.length === 1 ? 'A detail could not be read' : 'Some details could not be read'}
      <span className="sr-only"> {notes.join(' ')}</span>
    </span>
  )
}
