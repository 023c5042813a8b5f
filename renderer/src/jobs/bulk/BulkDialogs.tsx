/**
 * The confirmations for bulk actions on the ticked jobs: accept, decline (with a reason) and the scripts
 * PDF. Each names the jobs, what will happen and who is told, then runs and hands back the result.
 */
import { useState } from 'react'
import type { JobSummary } from '../../../../shared/bridge'
import { useBooth } from '../../store/use-booth'
import { jobCount, jobName, producersLine } from '../../ui/format/action-words'
import { settleDownload } from '../../ui/downloads/SavedFileNote'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { ReasonField, reasonFieldOk } from '../ReasonField'
import { actionResult, scriptsPdfResult, type BulkResult } from './bulk-result'

const SHOWN = 8

function JobNames({ jobs }: { jobs: readonly JobSummary[] }) {
  const rest = jobs.length - SHOWN
  return (
    <ul className="dialog-jobs small" aria-label="Selected jobs">
      {jobs.slice(0, SHOWN).map((j) => (
        <li key={j.job_id}>{jobName(j)}</li>
      ))}
      {rest > 0 && <li className="muted">and {jobCount(rest)} more</li>}
    </ul>
  )
}

interface Props {
  jobs: readonly JobSummary[]
  onClose(): void
  onDone(result: BulkResult): void
}

export function BulkJobActionDialog({ action, jobs, onClose, onDone }: Props & { action: 'accept' | 'decline' }) {
  const run = useBooth((s) => s.runJobAction)
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const decline = action === 'decline'
  const n = jobCount(jobs.length)

  const confirm = async () => {
    setBusy(true)
    setError(null)
    const outcome = await run(action, { jobIds: jobs.map((j) => j.job_id), ...(decline ? { reason } : {}) })
    setBusy(false)
    if (outcome.ok) onDone(actionResult(action, jobs, outcome.value))
    else setError(outcome.error)
  }

  return (
    <ConfirmDialog
      title={decline ? `Decline ${n}?` : `Accept ${n}?`}
      tone={decline ? 'danger' : 'primary'}
      consequence={
        decline
          ? `These jobs leave your pending jobs and you can no longer deliver takes for them. Jobs already declined stay declined.`
          : `You agree to record these jobs. Jobs you already accepted are left as they are.`
      }
      notifies={
        decline
          ? `Your reason is sent to ${producersLine(jobs)}.`
          : `${producersLine(jobs)} will see that you accepted.`
      }
      confirmLabel={decline ? `Decline ${n}` : `Accept ${n}`}
      busy={busy}
      error={error}
      canConfirm={!decline || reasonFieldOk('reason', reason)}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <JobNames jobs={jobs} />
      {decline && <ReasonField kind="reason" value={reason} onChange={setReason} />}
    </ConfirmDialog>
  )
}

export function ScriptsPdfDialog({ jobs, onClose, onDone }: Props) {
  const make = useBooth((s) => s.makeScriptsPdf)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const confirm = async () => {
    setBusy(true)
    setError(null)
    const outcome = await make(jobs.map((j) => j.job_id))
    setBusy(false)
    if (!outcome.ok) return setError(outcome.error)
    const r = outcome.value
    const download =
      r.included.length > 0
        ? settleDownload({ savedPath: r.savedPath, url: r.url }, r.fileName)
        : ({ kind: 'idle' } as const)
    onDone(scriptsPdfResult(jobs, r, download))
  }

  return (
    <ConfirmDialog
      title={`Scripts PDF of ${jobCount(jobs.length)}?`}
      consequence={
        'The platform merges the script PDFs of these jobs into one file for you to download. Jobs ' +
        'without a script PDF are left out, and Booth lists which and why.'
      }
      notifies={null}
      confirmLabel="Make the PDF"
      busy={busy}
      error={error}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <JobNames jobs={jobs} />
    </ConfirmDialog>
  )
}
