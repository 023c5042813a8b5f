/**
 * Files the producer attached to the job, each with a Download button: main fetches a short-lived link
 * and saves the file where the person chooses (desktop), or hands the link to the browser (web host).
 */
import { useState } from 'react'
import type { JobDetail } from '../../../../shared/bridge'
import { formatFileSize } from '../../ui/format/file-size'
import { errorText } from '../../store/error-text'
import { useBooth } from '../../store/use-booth'
import { SavedFileNote, settleDownload, type DownloadState } from '../../ui/downloads/SavedFileNote'
import { useBridge } from '../../bridge/BridgeProvider'
import { ShownName } from '../../ui/ShownName'
import { displayText } from '../../../../shared/display-text'

type Attachment = JobDetail['attachments_detail'][number]

/** Attachments the page can play in place (a reference read, a music bed). */
const AUDIO_EXTS = new Set(['wav', 'mp3', 'm4a', 'aac', 'aif', 'aiff', 'flac', 'ogg'])

export function AttachmentList({
  jobId,
  attachments,
}: {
  jobId: string
  attachments: JobDetail['attachments_detail']
}) {
  if (!attachments.length) return null
  return (
    <section className="side-section" aria-labelledby="att-title">
      <h3 id="att-title" className="section-title">
        Attachments
      </h3>
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
  const bridge = useBridge()
  const [state, setState] = useState<DownloadState>({ kind: 'idle' })
  const [audio, setAudio] = useState<{ url: string | null; busy: boolean; error: string | null }>({
    url: null,
    busy: false,
    error: null,
  })
  const playable = AUDIO_EXTS.has(a.ext.toLowerCase())
  const storing = a.status === 'storing'

  const start = async () => {
    setState({ kind: 'working' })
    const outcome = await download({ jobId, attachmentId: a.attachment_id, fileName: a.original_name })
    setState(outcome.ok ? settleDownload(outcome.value, a.original_name) : { kind: 'failed', error: outcome.error })
  }

  const listen = async () => {
    setAudio({ url: null, busy: true, error: null })
    try {
      const { url } = await bridge.getAttachmentMediaUrl({ jobId, attachmentId: a.attachment_id, ext: a.ext })
      setAudio({ url, busy: false, error: null })
    } catch (err) {
      setAudio({
        url: null,
        busy: false,
        error: `${a.original_name} could not be fetched to play: ${errorText(err)} Try again, or download it.`,
      })
    }
  }

  return (
    <li className="attachment">
      <span className="doc-icon small" aria-hidden="true">
        ▤
      </span>
      <div className="attachment-text">
        <div className="attachment-name">
          <ShownName name={a.original_name} />
        </div>
        <div className="muted small">
          {displayText(a.ext).toUpperCase()} · {formatFileSize(a.size_bytes)}
          {storing && ' · still uploading'}
        </div>
        {a.note && <div className="small pre-wrap">{a.note}</div>}
        <SavedFileNote state={state} />
        {audio.url && (
          <audio
            className="attachment-audio"
            src={audio.url}
            controls
            autoPlay
            aria-label={`Play ${displayText(a.original_name)}`}
          />
        )}
        {audio.error && (
          <p className="form-error small" role="alert">
            {audio.error}
          </p>
        )}
      </div>
      {playable && !audio.url && (
        <button
          type="button"
          className="btn btn-quiet btn-small"
          onClick={() => void listen()}
          disabled={storing || audio.busy}
          aria-label={`Listen to ${displayText(a.original_name)}`}
        >
          {audio.busy ? 'Fetching…' : 'Listen'}
        </button>
      )}
      <button
        type="button"
        className="btn btn-quiet btn-small"
        onClick={() => void start()}
        disabled={storing || state.kind === 'working'}
        aria-label={`Download ${displayText(a.original_name)}`}
        title={storing ? 'The producer’s upload has not finished yet' : undefined}
      >
        {state.kind === 'working' ? 'Fetching…' : 'Download'}
      </button>
    </li>
  )
}
