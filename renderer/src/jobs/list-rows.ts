/** The rows of the job list in the order the service sent them: its jobs, and the jobs it sent that Booth cannot read. Pure. */
import type { JobSummary, UnreadableJob } from '../../../shared/bridge'

export type ListRow = { kind: 'job'; job: JobSummary } | { kind: 'unreadable'; row: UnreadableJob }

/** Each unreadable job back at its place (`position` counts every job the service sent). */
export function listRows(items: readonly JobSummary[], unreadable: readonly UnreadableJob[] = []): ListRow[] {
  const at = new Map(unreadable.map((u) => [u.position, u]))
  const rows: ListRow[] = []
  let next = 0
  for (let position = 0; position < items.length + unreadable.length; position++) {
    const bad = at.get(position)
    if (bad) rows.push({ kind: 'unreadable', row: bad })
    else if (next < items.length) rows.push({ kind: 'job', job: items[next++] as JobSummary })
  }
  // Positions beyond the list (a saved copy of another length) still show, at the end.
  for (const u of unreadable)
    if (u.position >= items.length + unreadable.length) rows.push({ kind: 'unreadable', row: u })
  return rows
}
