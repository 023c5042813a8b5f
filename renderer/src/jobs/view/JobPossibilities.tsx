/**
 * What can be done with this job right now (the API's `can` flags), in words. Accept, decline and
 * complete are buttons only when `can` allows them, each behind a confirmation; what happened is said after.
 */
import { useState } from 'react'
import type { JobActionResult, JobDetail } from '../../../../shared/bridge'
import type { JobAction } from '../../store/actions-slice'
import { outcomeWords } from '../../ui/format/action-words'
import { JobActionDialog } from './JobActionDialog'

const LINES: Array<{ key: keyof JobDetail['can']; yes: string; action?: JobAction; button?: string }> = [
  { key: 'accept', yes: 'You can accept this job.', action: 'accept', button: 'Accept…' },
  { key: 'decline', yes: 'You can decline this job.', action: 'decline', button: 'Decline…' },
  { key: 'complete', yes: 'You can mark the work complete.', action: 'complete', button: 'Mark complete…' },
  { key: 'deliver', yes: 'Takes can be delivered.' },
  { key: 'attach', yes: 'Files may be attached (on the platform’s website; Booth cannot attach yet).' },
  { key: 'ack_script', yes: 'The script change can be acknowledged (on the platform’s website).' },
]

export function JobPossibilities({ job }: { job: JobDetail }) {
  const [dialog, setDialog] = useState<JobAction | null>(null)
  const [done, setDone] = useState<{ jobId: string; text: string } | null>(null)
  const possible = LINES.filter((l) => job.can[l.key])
  const buttons = possible.filter((l) => l.action)

  const onDone = (result: JobActionResult) => {
    setDialog(null)
    const mine = result.results.find((r) => r.job_id === job.job_id)
    setDone({ jobId: job.job_id, text: mine ? `Job ${outcomeWords(mine.outcome)}.` : 'Done.' })
  }

  return (
    <section className="side-section" aria-labelledby="can-title">
      <h3 id="can-title" className="section-title">
        What you can do
      </h3>
      {done && done.jobId === job.job_id && (
        <p className="notice notice-success small" role="status">
          {done.text}
        </p>
      )}
      {possible.length === 0 ? (
        <p className="muted">Nothing to do on this job right now.</p>
      ) : (
        <ul className="can-list">
          {possible.map((l) => (
            <li key={l.key}>
              <span aria-hidden="true" className="can-tick">
                ✓
              </span>{' '}
              {l.yes}
            </li>
          ))}
        </ul>
      )}
      {buttons.length > 0 && (
        <div className="row-gap">
          {buttons.map((l) => (
            <button
              key={l.key}
              type="button"
              className={`btn btn-small ${l.action === 'accept' ? 'btn-primary' : l.action === 'decline' ? 'btn-danger-quiet' : ''}`}
              onClick={() => setDialog(l.action ?? null)}
            >
              {l.button}
            </button>
          ))}
        </div>
      )}
      {dialog && <JobActionDialog action={dialog} job={job} onClose={() => setDialog(null)} onDone={onDone} />}
    </section>
  )
}
