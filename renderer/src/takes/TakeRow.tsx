/**
 * One take: number, label (editable), note, length, loudness, peak, warnings, and where its delivery
 * stands (with the upload's progress, pause and cancel). Play opens the waveform with the trim handles.
 */
import { memo, useState } from 'react'
import type { JobDetail } from '../../../shared/bridge'
import {
  TAKE_LABEL_VALUES,
  type DeliveryQueueEntry,
  type TakeLabelValue,
  type TakeView,
  type UploadProgress,
} from '../../../shared/bridge-takes'
import { formatTimestamp } from '../ui/format/calendar-dates'
import { PreflightSummary } from './PreflightSummary'
import { TakeWaveform } from './TakeWaveform'
import { ReadbackPanel } from './readback/ReadbackPanel'
import { takeStatusWords, uploadPercent, type StateWords } from './delivery/delivery-words'
import { useBooth } from '../store/use-booth'
import { PunchFixes } from './punch/PunchFixes'
import { usePunchAtTime } from './punch/use-punch-at-time'
import { useOlderRead } from './use-older-read'
import { OlderScriptNote } from './OlderScriptNote'
import { takeName, deliveredPreflight } from './take-numbers'
import { takeDeliverOff } from './delivery/deliver-readiness'
import { useTakesStore } from './takes-store'
import { displayText } from '../../../shared/display-text'
import { TakeNameText } from './TakeNameText'
import { TakeVersions } from './versions/TakeVersions'
import { TakeExport } from './TakeExport'
import { trimOffReason } from './trim-math'
import { VersionMark } from './versions/VersionMark'
import { CutRemovedLines } from './versions/CutRemovedLines'
import { useRecorder } from './recorder/recorder-store'
import { writesTake } from './recorder/recorder-view'

const CUT_OFF: StateWords = {
  text: 'Cut off: Booth stopped while this take was recording. Booth offers it back when it is started again.',
  tone: 'warning',
}
/** Main lists it as recording, yet no recorder writes it (the window that recorded it reloaded or closed). */
const LEFT_BEHIND: StateWords = {
  text: 'Not recording: the window that recorded this take went away. Booth is stopping it and keeps what was recorded.',
  tone: 'warning',
}

export interface TakeRowProps {
  job: JobDetail
  take: TakeView
  queued: DeliveryQueueEntry | null
  progress: UploadProgress | null
  online: boolean
  fresh: boolean
  /** The id of the panel's sentence saying why the job takes no delivery now, if it says so. */
  deliverOffId?: string | null
  onDeliver(take: TakeView): void
}

/**
 * Drawn again only when its own props change: a change to one take (its check arriving at Stop, a label, a
 * note) redraws that row, not every row of the list.
 */
export const TakeRow = memo(function TakeRow({
  job,
  take,
  queued,
  progress,
  online,
  fresh,
  deliverOffId = null,
  onDeliver,
}: TakeRowProps) {
  const store = useTakesStore().getState()
  const [open, setOpen] = useState(false)
  const [note, setNote] = useState<string | null>(null)
  const punchAt = usePunchAtTime(take.id)
  const service = take.delivery.delivery_id
    ? (job.deliveries_detail.find((d) => d.delivery_id === take.delivery.delivery_id) ?? null)
    : null
  // A take "recording" while Booth itself is gone records nothing: it is said to be cut off, never "Recording…".
  const hostUp = useBooth((s) => s.host === 'up')
  // "Recording…" only while this window's recorder really writes it; a take being saved says "Saving…".
  const written = useRecorder((s) => writesTake(s, take))
  const cutOff = take.state === 'recording' && !hostUp
  const leftBehind = take.state === 'recording' && hostUp && !take.saving && !written
  const state = cutOff ? CUT_OFF : leftBehind ? LEFT_BEHIND : takeStatusWords(take, queued, online, service)
  const name = takeName(take)
  // A delivered (or sending) take keeps the trim it went with: the waveform says so instead of offering handles.
  const trimOff = trimOffReason(take, name)
  const older = useOlderRead(take, job.script)
  // The upload's percent while it uploads; once the delivery is made, the words are the service's and the percent is stale.
  const percent =
    take.delivery.status !== 'delivered' && (queued?.status === 'sending' || queued?.status === 'paused')
      ? uploadPercent(progress)
      : null
  const sent = take.delivery.status !== 'none' || queued !== null
  const recording = take.state === 'recording'
  const recovered = take.state === 'recovered'
  const reasonId = `take-${take.id}-recovered`
  // A Deliver that is off says why in the page: the recovered note above, the panel's job sentence, or here.
  const takeOff = !sent && !recording && !recovered ? takeDeliverOff(take, queued) : null
  const takeOffId = `take-${take.id}-deliver-off`
  const deliverWhy = recovered ? reasonId : takeOff ? takeOffId : !job.can.deliver ? deliverOffId : null
  const saveNote = () => {
    if (note === null) return
    const value = note.trim() === '' ? null : note.trim()
    setNote(null)
    if (value !== take.note) void store.setNote(take, value)
  }
  return (
    <li
      className={`take-row${fresh ? ' is-fresh' : ''}`}
      data-take-id={take.id}
      data-take-number={take.take_number}
      aria-label={name}
    >
      <div className="take-row-head">
        <strong className="take-number take-name">
          <TakeNameText name={name} />
        </strong>
        <VersionMark take={take} />
        <select
          className="take-label"
          aria-label={`Label of ${name}`}
          value={take.label}
          disabled={sent || recording}
          title={sent ? 'The label cannot change once the take is being sent' : undefined}
          onChange={(e) => void store.setLabel(take, e.target.value as TakeLabelValue)}
        >
          {TAKE_LABEL_VALUES.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </select>
        {take.source === 'imported' && (
          <span className="tag" title={take.original_name === null ? undefined : displayText(take.original_name)}>
            Imported
          </span>
        )}
        {take.state === 'recovered' && (
          <span
            className="tag tag-warning"
            title="Booth closed while this take was recording; what was recorded was kept"
          >
            Recovered
          </span>
        )}
        <span className="muted small take-when">{formatTimestamp(Date.parse(take.created_at))}</span>
      </div>
      {recording ? (
        cutOff || leftBehind ? null : (
          <p className="small tone-danger">{take.saving ? 'Saving…' : 'Recording…'}</p>
        )
      ) : (
        <PreflightSummary
          preflight={deliveredPreflight(take)}
          context={{ spotLengthS: take.spot_length_s ?? job.length_s, jobKind: take.job_kind }}
          take={{ id: take.id, customerId: job.customer.id }}
          findings
        />
      )}
      {take.import_notice && (
        <p className="small take-import-notice" role="note">
          {take.import_notice}
        </p>
      )}

      {recovered && (
        <div className="take-recovered notice notice-warning" role="group" aria-label={`${name} was recovered`}>
          <p id={reasonId} className="small">
            Booth closed while this take was recording; what was recorded until then was saved. Listen to it, then keep
            it or discard it. It cannot be delivered until you keep it.
          </p>
          <div className="row-gap">
            <button type="button" className="btn btn-small btn-primary" onClick={() => void store.keepRecovered(take)}>
              Keep {name}
            </button>
            <button
              type="button"
              className="btn btn-small btn-danger-quiet"
              onClick={() => void store.deleteTake(take)}
            >
              Discard {name}
            </button>
          </div>
        </div>
      )}
      <OlderScriptNote read={older} />
      {older.state !== 'current' &&
        !sent &&
        !recording &&
        !recovered &&
        take.state === 'ready' &&
        take.label !== 'pickup' && <CutRemovedLines take={take} revisionId={job.script.revision_id} />}
      {(take.trim.head_s > 0 || take.trim.tail_s > 0) && !open && (
        <p className="muted small">
          Trimmed: {take.trim.head_s.toFixed(2)} s at the start, {take.trim.tail_s.toFixed(2)} s at the end
        </p>
      )}
      <label className="take-note">
        <span className="sr-only">Note for {name}</span>
        <input
          type="text"
          placeholder="Add a note…"
          maxLength={1000}
          value={note ?? take.note ?? ''}
          onChange={(e) => setNote(e.target.value)}
          onBlur={saveNote}
          onKeyDown={(e) => {
            if (e.key === 'Enter') saveNote()
            if (e.key === 'Escape') setNote(null)
          }}
        />
      </label>
      {state && (
        <p className={`take-state small tone-${state.tone}`} role="status">
          {state.text}
          {percent !== null && ` · ${percent}%`}
        </p>
      )}
      {percent !== null && (
        <progress className="take-progress" max={100} value={percent} aria-label={`Upload of ${name}`} />
      )}
      {open && !recording && (
        <TakeWaveform
          key={`waveform-v${take.current_version ?? 1}`}
          take={take}
          trimOff={trimOff}
          onTrim={(trim) => {
            if (trimOff === null) void store.setTrim(take, trim)
          }}
          onPunchAt={sent || recovered ? undefined : punchAt}
        />
      )}
      <ReadbackPanel key={`readback-v${take.current_version ?? 1}`} take={take} />
      {!sent && !recording && !recovered && <PunchFixes take={take} />}
      <TakeVersions job={job} take={take} />
      <div className="take-actions">
        {!recording && (
          <button type="button" className="btn btn-small" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            {open ? 'Hide waveform' : 'Play / trim'}
          </button>
        )}
        {!sent && !recording && (
          <button
            type="button"
            className="btn btn-small btn-primary"
            disabled={!job.can.deliver || take.preflight === null || recovered}
            aria-describedby={deliverWhy ?? undefined}
            onClick={() => onDeliver(take)}
          >
            Deliver…
          </button>
        )}
        {queued?.status === 'sending' && (
          <button type="button" className="btn btn-small" onClick={() => void store.pauseUpload(take.id, take.job_id)}>
            Pause
          </button>
        )}
        {queued?.status === 'paused' && (
          <button type="button" className="btn btn-small" onClick={() => void store.resumeUpload(take.id, take.job_id)}>
            Resume
          </button>
        )}
        {queued?.canCancel && (
          <button
            type="button"
            className="btn btn-small btn-quiet"
            onClick={() => void store.cancelDelivery(take.id, take.job_id)}
          >
            Cancel delivery
          </button>
        )}
        {!sent && !recording && !recovered && (
          <button
            type="button"
            className="btn btn-small btn-danger-quiet take-delete"
            aria-label={`Delete ${name}`}
            onClick={() => void store.deleteTake(take)}
          >
            Delete
          </button>
        )}
        {!recording && !recovered && <TakeExport take={take} name={name} />}
      </div>
      {takeOff && (
        <p id={takeOffId} className="small muted take-deliver-off">
          Deliver is off: {takeOff}
        </p>
      )}
    </li>
  )
})
