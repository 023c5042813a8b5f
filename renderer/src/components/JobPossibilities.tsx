/**
 * What can be done with this job right now (the API's `can` flags), in words. Accept, decline and
 * complete become buttons, each behind a confirmation, as soon as main offers their bridge calls.
 */
import { useState } from 'react'
import type { JobDetail } from '../../../shared/bridge'
import { useBooth } from '../store/store-context'
import type { JobAction } from '../store/actions-slice'
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
  const canCall = useBooth((s) => s.canCall)
  const [dialog, setDialog] = useState<JobAction | null>(null)
  const possible = LINES.filter((l) => job.can[l.key])
  const buttons = possible.filter((l) => l.action && canCall(l.action))
  return (
    <section className="side-section" aria-labelledby="can-title">
      <h3 id="can-title" className="section-title">What you can do</h3>
      {possible.length === 0 ? (
        <p className="muted">Nothing to do on this job right now.</p>
      ) : (
        <ul className="can-list">
          {possible.map((l) => (
            <li key={l.key}>
              <span aria-hidden="true" className="can-tick">✓</span> {l.yes}
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
      {dialog && <JobActionDialog action={dialog} job={job} onClose={() => setDialog(null)} />}
    </section>
  )
}
