/**
 * The job's takes, newest first, with what each one measured and where its delivery stands; deleted takes
 * come back with Undo; files dropped on the job become takes. Deliver (or `d`: the take in focus, else the
 * newest) opens the confirmation; when the job takes no delivery now, the panel says why.
 */
import { useEffect, useId, useRef, useState } from 'react'
import type { JobDetail } from '../../../shared/bridge'
import type { TakeView } from '../../../shared/bridge-takes'
import { useBooth } from '../store/use-booth'
import { DeliverDialog } from './delivery/DeliverDialog'
import { ReadbackDeliverGate } from './readback/ReadbackDeliverGate'
import { TakeRow } from './TakeRow'
import { useTakesStore, useTakes } from './takes-store'
import { onReadingCommand } from '../reading/use-reading-keys'
import { deliverOff, jobDeliverOff } from './delivery/deliver-readiness'
import { takeName } from './take-numbers'
import { focusLastDelivery } from './delivery/DeliveryStatusLine'
import { JobFixes } from './versions/JobFixes'

/** A take counts as just made for this long (it is highlighted in the list). */
const FRESH_MS = 15_000

export function TakesPanel({ job }: { job: JobDetail }) {
  const jobId = job.job_id
  const online = useBooth((s) => s.connectivity?.online ?? true)
  const { snap, loadError, queue, progress, notice, undo, importing } = useTakes((s) => ({
    snap: s.byJob[jobId] ?? null,
    loadError: s.loadError[jobId] ?? null,
    queue: s.queue,
    progress: s.progress,
    notice: s.notice,
    undo: s.undo,
    importing: s.importing[jobId] ?? 0,
  }))
  const store = useTakesStore()
  const [delivering, setDelivering] = useState<TakeView | null>(null)
  // After a delivery the focus goes to its line by the recorder, once the dialog has closed (and put the
  // focus back on a control that may be gone, or far from where the talent looks).
  const delivered = useRef(false)
  useEffect(() => {
    if (delivering || !delivered.current) return
    delivered.current = false
    focusLastDelivery()
  }, [delivering])
  const [now, setNow] = useState(() => Date.now())

  useEffect(() => {
    void store.getState().loadTakes(jobId)
  }, [store, jobId])

  useEffect(() => {
    const t = window.setInterval(() => setNow(Date.now()), 5000)
    return () => window.clearInterval(t)
  }, [])

  const takes = [...(snap?.takes ?? [])].sort((a, b) => b.take_number - a.take_number)
  const newest = takes[0]
  const fresh = (t: TakeView) => t === newest && now - Date.parse(t.created_at) < FRESH_MS
  const jobOff = jobDeliverOff(job)
  const jobOffId = useId()

  // `d`: deliver the take in focus (its row holds the focus), else the newest; or say why not.
  useEffect(
    () =>
      onReadingCommand((command) => {
        if (command !== 'deliver') return
        const focused = (document.activeElement as HTMLElement | null)
          ?.closest?.('.take-row')
          ?.getAttribute('data-take-id')
        const target = takes.find((t) => t.id === focused) ?? takes[0]
        const say = (line: string) => store.getState().say({ jobId, tone: 'info', lines: [line] })
        if (!target)
          return say('There is no take to deliver yet: record one with Space, or drop an audio file on this job.')
        const why = deliverOff(job, target, queue.find((q) => q.takeId === target.id) ?? null)
        if (why) return say(`${takeName(target)} cannot be delivered now: ${why}`)
        setDelivering(target)
      }),
    [takes, queue, job, jobId, store],
  )

  return (
    <section className="side-section takes-panel" aria-labelledby="takes-panel-title">
      <header className="section-head">
        <h3 id="takes-panel-title" className="section-title">
          Takes
        </h3>
        <span className="muted small">{takes.length === 0 ? 'none yet' : `${takes.length}`}</span>
      </header>
      {loadError && (
        <p className="form-error" role="alert">
          {loadError}
        </p>
      )}
      {jobOff && takes.length > 0 && (
        <p id={jobOffId} className="small tone-warning takes-deliver-off" role="note">
          Deliver is off: {jobOff}
        </p>
      )}
      {snap === null && !loadError && (
        <p className="muted small" role="status">
          Loading takes…
        </p>
      )}
      {snap !== null && takes.length === 0 && (
        <p className="muted small">
          Record with <kbd>Space</kbd>, or drop audio files (WAV, AIFF, FLAC, MP3, M4A) on this job.
        </p>
      )}
      {importing > 0 && (
        <p className="small tone-info" role="status">
          Adding {importing} file{importing === 1 ? '' : 's'}…
        </p>
      )}
      {/* A notice belongs to the job it came from: another job's stays with that job. */}
      {notice && notice.jobId === jobId && (
        <div className={`takes-notice tone-${notice.tone}`} role={notice.tone === 'danger' ? 'alert' : 'status'}>
          {notice.lines.map((l, i) => (
            <p key={i}>{l}</p>
          ))}
          <button type="button" className="btn btn-quiet btn-small" onClick={() => store.getState().say(null)}>
            Dismiss
          </button>
        </div>
      )}
      {undo && undo.jobId === jobId && (
        <div className="takes-undo" role="status">
          {undo.name} deleted.
          <button type="button" className="btn btn-small" onClick={() => void store.getState().undoDelete()}>
            Undo
          </button>
        </div>
      )}
      {snap && snap.damaged.length > 0 && (
        <ul className="plain-list small tone-danger" aria-label="Takes Booth cannot read">
          {snap.damaged.map((d) => (
            <li key={d.id}>{d.message}</li>
          ))}
        </ul>
      )}
      <ul className="takes-list plain-list">
        {takes.map((t) => (
          <TakeRow
            key={t.id}
            job={job}
            take={t}
            queued={queue.find((q) => q.takeId === t.id) ?? null}
            progress={progress[t.id] ?? null}
            online={online}
            fresh={fresh(t)}
            deliverOffId={jobOff ? jobOffId : null}
            onDeliver={setDelivering}
          />
        ))}
      </ul>
      <JobFixes job={job} />
      {delivering && (
        <ReadbackDeliverGate take={delivering} onCancel={() => setDelivering(null)}>
          <DeliverDialog
            job={job}
            take={delivering}
            online={online}
            deliver={async (label, note) => {
              await store.getState().deliver(delivering, label, note)
              delivered.current = true
            }}
            onClose={() => setDelivering(null)}
          />
        </ReadbackDeliverGate>
      )}
    </section>
  )
}
