/**
 * Files the producer attached to the job, each with a Download button: main fetches a short-lived link
 * and saves the file where the person chooses (desktop), or hands the link to the browser (web host).
 */
import { useState } from 'react'
import type { JobDetail } from '../../../shared/bridge'
import { formatFileSize } from '../format/file-size'
import { useBooth } from '../store/store-context'
import { SavedFileNote, settleDownload, type DownloadState } from '../downloads/SavedFileNote'

type Attachment = JobDetail['attachments_detail'][number]

export function AttachmentList({ jobId, attachments }: { jobId: string; attachments: JobDetail['attachments_detail'] }) {
  if (!attachments.length) return null
  return (
    <section className="side-section" aria-labelledby="att-title">
      <h3 id="att-title" className="section-title">Attachments</h3>
      <ul className="plain-list">
        {attachments.map((a) => (
          <AttachmentItem key={a.attachment_id} jobId={jobId} attachment={a} />
        ))}
      </ul>
    </section>
  )
}

function AttachmentItem({ jobId, attachment: a }: { jobId: string; attachment: Attachment }) {
  const download = useBooth((s) => s.downloadAttachment)
  const [state, setState] = useState<DownloadState>({ kind: 'idle' })
  const storing = a.status === 'storing'

  const start = async () => {
    setState({ kind: 'working' })
    const outcome = await download({ jobId, attachmentId: a.attachment_id, fileName: a.original_name })
    setState(outcome.ok ? settleDownload(outcome.value, a.original_name) : { kind: 'failed', error: outcome.error })
  }

  return (
    <li className="attachment">
      <span className="doc-icon small" aria-hidden="true">▤</span>
      <div className="attachment-text">
        <div className="attachment-name">{a.original_name}</div>
        <div className="muted small">
          {a.ext.toUpperCase()} · {formatFileSize(a.size_bytes)}
          {storing && ' · still uploading'}
        </div>
        {a.note && <div className="small pre-wrap">{a.note}</div>}
        <SavedFileNote state={state} />
      </div>
      <button
        type="button"
        className="btn btn-quiet btn-small"
        onClick={() => void start()}
        disabled={storing || state.kind === 'working'}
        aria-label={`Download ${a.original_name}`}
        title={storing ? 'The producer’s upload has not finished yet' : undefined}
      >
        {state.kind === 'working' ? 'Fetching…' : 'Download'}
      </button>
    </li>
  )
}
