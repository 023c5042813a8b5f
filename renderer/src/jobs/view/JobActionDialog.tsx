/** Accept, decline or complete one job, after the person confirms (with a reason or note where needed). */
import { useState } from 'react'
import type { JobActionResult, JobDetail } from '../../../../shared/bridge'
import { useBooth } from '../../store/use-booth'
import type { JobAction } from '../../store/actions-slice'
import { jobName } from '../../ui/format/action-words'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { ReasonField, reasonFieldOk } from '../ReasonField'

function producerWords(job: JobDetail): string {
  const name = job.producer?.name ?? job.producer_name
  return name ? `${name} (the producer at ${job.customer.name})` : `the producer at ${job.customer.name}`
}

interface Props {
  action: JobAction
  job: JobDetail
  onClose(): void
  onDone(result: JobActionResult): void
}

export function JobActionDialog({ action, job, onClose, onDone }: Props) {
  const run = useBooth((s) => s.runJobAction)
  const [text, setText] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const spot = jobName(job)

  const confirm = async () => {
    setBusy(true)
    setError(null)
    const outcome = await run(action, {
      jobIds: [job.job_id],
      ...(action === 'decline' ? { reason: text } : {}),
      ...(action === 'complete' ? { note: text } : {}),
    })
    setBusy(false)
    if (outcome.ok) onDone(outcome.value)
    else setError(outcome.error)
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
      notifies={
        decline
          ? `Your reason is sent to ${producerWords(job)}.`
          : `${producerWords(job)} can see that the work is complete${text.trim() ? ', with your note' : ''}.`
      }
      confirmLabel={decline ? 'Decline job' : 'Mark complete'}
      canConfirm={reasonFieldOk(decline ? 'reason' : 'note', text)}
    >
      <ReasonField kind={decline ? 'reason' : 'note'} value={text} onChange={setText} />
    </ConfirmDialog>
  )
}
