/**
 * Confirming a delivery: the take and the version it sends, its label and note, its preflight and warnings,
 * Booth's read-back findings (each with how sure Booth is and a play button) and the job's deliver notice.
 * Nothing is sent until the person confirms; offline, the same confirmation queues it.
 */
import { useId, useState } from 'react'
import type { JobDetail } from '../../../../shared/bridge'
import { TAKE_LABEL_VALUES, type TakeLabelValue, type TakeView } from '../../../../shared/bridge-takes'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { DeliverNoticeBlock } from './DeliverNoticeBlock'
import { errorText } from '../../store/error-text'
import { PreflightSummary } from '../PreflightSummary'
import { displayText } from '../../../../shared/display-text'
import { takeNameWithLabel, deliveredPreflight } from '../take-numbers'
import { useOlderRead } from '../use-older-read'
import { WordDiffText } from '../OlderScriptNote'
import { nameWithVersion } from './deliver-version'
import { useDeliverFindings } from '../readback/use-deliver-findings'
import { findingsSentence } from '../readback/deliver-findings'
import { ReadbackFindingsList } from '../readback/ReadbackFindingsList'

export interface DeliverDialogProps {
  job: JobDetail
  take: TakeView
  online: boolean
  deliver(label: TakeLabelValue, note: string | null): Promise<void>
  onClose(): void
}

export function DeliverDialog({ job, take, online, deliver, onClose }: DeliverDialogProps) {
  const [label, setLabel] = useState<TakeLabelValue>(take.label)
  const [note, setNote] = useState(take.note ?? '')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const ids = { label: useId(), note: useId() }
  const producer = job.producer?.name ?? job.producer_name ?? null
  const notifies = producer
    ? `${producer} (producer) is notified that a take arrived.`
    : 'The job’s producer is notified that a take arrived.'
  // The name the producer receives, with the label chosen here.
  const name = takeNameWithLabel(take, label)
  // …and the version it sends, once the take has more than its recording.
  const sent = nameWithVersion(name, take)
  const findings = useDeliverFindings(take.id)
  const older = useOlderRead(take, job.script)
  const [olderOk, setOlderOk] = useState(false)
  const confirm = async () => {
    setBusy(true)
    setError(null)
    try {
      await deliver(label, note.trim() === '' ? null : note.trim())
      onClose()
    } catch (err) {
      setError(errorText(err))
      setBusy(false)
    }
  }
  return (
    <ConfirmDialog
      title={`Deliver ${sent}?`}
      consequence={
        online
          ? `Booth uploads ${sent} and delivers it to ${displayText(job.advertiser)} as the “${label}” take.`
          : `Booth is offline: ${sent} is queued and sent as the “${label}” take as soon as Booth is back online.`
      }
      notifies={notifies}
      confirmLabel={online ? 'Deliver' : 'Queue delivery'}
      busy={busy}
      error={error}
      canConfirm={older.state === 'current' || olderOk}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <div className="deliver-form">
        <DeliverNoticeBlock notice={job.deliver_notice} />
        {older.state !== 'current' && (
          <div className="notice notice-warning deliver-older" role="alert">
            <p>
              <strong>This take was read from an older script:</strong>{' '}
              {older.state === 'older'
                ? `${older.older.words} since it was recorded.`
                : 'comparing it with the script now…'}
            </p>
            {older.state === 'older' && <WordDiffText segments={older.older.segments} />}
            <label className="check-row">
              <input type="checkbox" checked={olderOk} onChange={(e) => setOlderOk(e.target.checked)} /> Deliver it
              anyway, read from the older script
            </label>
          </div>
        )}
        {findings.listed.length > 0 && (
          <div className="deliver-findings">
            <p className="small">{findingsSentence(findings)}</p>
            <ReadbackFindingsList takeId={take.id} issues={findings.listed} />
          </div>
        )}
        <PreflightSummary
          preflight={deliveredPreflight(take)}
          context={{ spotLengthS: take.spot_length_s ?? job.length_s, jobKind: take.job_kind }}
          take={{ id: take.id, customerId: job.customer.id }}
        />
        <label className="field" htmlFor={ids.label}>
          <span className="field-label">Label</span>
          <select id={ids.label} value={label} onChange={(e) => setLabel(e.target.value as TakeLabelValue)}>
            {TAKE_LABEL_VALUES.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </label>
        <label className="field" htmlFor={ids.note}>
          <span className="field-label">Note to the producer (optional)</span>
          <textarea id={ids.note} rows={3} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} />
        </label>
      </div>
    </ConfirmDialog>
  )
}
