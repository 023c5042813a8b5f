/** Accept, decline or complete one job, after the person confirms (with a reason or note where needed). */
import { useId, useState } from 'react'
import type { JobDetail } from '../../../shared/bridge'
import { useBooth } from '../store/store-context'
import type { JobAction } from '../store/actions-slice'
import { ConfirmDialog } from './ConfirmDialog'

const REASON_MAX = 500
const NOTE_MAX = 1000

function producerWords(job: JobDetail): string {
  const name = job.producer?.name ?? job.producer_name
  return name ? `${name} (the producer at ${job.customer.name})` : `the producer at ${job.customer.name}`
}

export function JobActionDialog({ action, job, onClose }: { action: JobAction; job: JobDetail; onClose(): void }) {
  const run = useBooth((s) => s.runJobAction)
  const [text, setText] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const fieldId = useId()
  const spot = `${job.advertiser} (${job.key_number})`

  const confirm = async () => {
    setBusy(true)
    setError(null)
    const trimmed = text.trim()
    const problem = await run(action, {
      jobIds: [job.job_id],
      ...(action === 'decline' ? { reason: trimmed } : {}),
      ...(action === 'complete' ? { note: trimmed || null } : {}),
    })
    setBusy(false)
    if (problem) setError(problem)
    else onClose()
  }

  const common = { busy, error, onConfirm: () => void confirm(), onCancel: onClose }
  if (action === 'accept') {
    return (
      <ConfirmDialog
        {...common}
        title="Accept this job?"
        consequence={`You agree to record ${spot} for ${job.customer.name}.`}
        notifies={`${producerWords(job)} will see that you accepted.`}
        confirmLabel="Accept job"
      />
    )
  }
  const decline = action === 'decline'
  return (
    <ConfirmDialog
      {...common}
      title={decline ? 'Decline this job?' : 'Mark this job complete?'}
      tone={decline ? 'danger' : 'primary'}
      consequence={
        decline
          ? `${spot} leaves your pending jobs and you can no longer deliver takes for it.`
          : `${spot} is marked complete. This does not choose which take becomes the spot’s audio.`
      }
      notifies={decline ? `Your reason is sent to ${producerWords(job)}.` : `${producerWords(job)} can see that the work is complete.`}
      confirmLabel={decline ? 'Decline job' : 'Mark complete'}
      canConfirm={decline ? text.trim().length > 0 && text.trim().length <= REASON_MAX : text.trim().length <= NOTE_MAX}
    >
      <label className="field" htmlFor={fieldId}>
        <span className="field-label">{decline ? 'Reason (required)' : 'Note (optional)'}</span>
        <textarea id={fieldId} rows={3} maxLength={decline ? REASON_MAX : NOTE_MAX} value={text} onChange={(e) => setText(e.target.value)} />
        <span className="muted small">
          {text.trim().length} / {decline ? REASON_MAX : NOTE_MAX}
        </span>
      </label>
    </ConfirmDialog>
  )
}
