/**
 * A take's versions in its row (mounted by TakeRow): the list (what changed, reads clean or not, figures,
 * the name a delivery carries), undo (back to the version the current one was made from, Ctrl/⌘+Z inside
 * the list), placing pickups, cutting a false start the read-back found, finishing for delivery
 * (FinishPanel), and the work under way.
 * A take being sent or delivered keeps its version.
 */
import { useEffect, useState, type KeyboardEvent } from 'react'
import type { JobDetail } from '../../../../shared/bridge'
import type { TakeView } from '../../../../shared/bridge-takes'
import { takeName } from '../take-numbers'
import { displayText } from '../../../../shared/display-text'
import { unreadableNote } from '../../../../shared/versions/unreadable-versions'
import { CutFalseStart } from './CutFalseStart'
import { FinishPanel } from './FinishPanel'
import { PlacePickups } from './PlacePickups'
import { VersionItem } from './VersionItem'
import { VersionWorkStatus } from './VersionWorkStatus'
import { currentVersionNumber, undoTarget } from './version-words'
import { takeWork } from './version-keys'
import { useVersions, useVersionsStore } from './versions-store'
import './versions.css'

export function TakeVersions({ job, take }: { job: JobDetail; take: TakeView }) {
  const store = useVersionsStore()
  const { view, busy } = useVersions((s) => ({
    view: s.views[take.id] ?? null,
    busy: s.busy[takeWork(take.id)] !== undefined,
  }))
  const [open, setOpen] = useState(false)
  const versions = take.versions ?? []
  const current = currentVersionNumber(take)
  const name = takeName(take)
  const delivered = take.delivery.status === 'delivered'
  const locked = take.delivery.status !== 'none' || take.delivery.queued
  const undo = locked ? null : undoTarget(take)
  const count = versions.length

  // main's list adds each version's delivery name; it is asked again whenever the take's versions change.
  useEffect(() => {
    if (count > 1) void store.getState().loadVersions(take.id)
  }, [store, take.id, count, current])

  // What Booth's last stop cut off on this job's takes (asked once per job at a time; main keeps it on disk).
  useEffect(() => {
    void store.getState().loadUnfinished(take.job_id)
  }, [store, take.job_id])

  if (take.state !== 'ready') return null
  const restore = (n: number) => void store.getState().restore(take.id, n)
  const onKeyDown = (e: KeyboardEvent) => {
    if (undo !== null && !busy && (e.ctrlKey || e.metaKey) && !e.shiftKey && e.key.toLowerCase() === 'z') {
      e.preventDefault()
      restore(undo)
    }
  }
  // One version that cannot be read hides only itself: said once, in words, whether the list is open or not.
  const unreadable = view?.unreadable ?? unreadableNote(take)
  const byNumber = new Map(view?.versions.map((v) => [v.number, v]) ?? [])
  const listed = [...versions].reverse().map((v) => ({ ...v, ...(byNumber.get(v.number) ?? {}) }))

  return (
    <div className="ver-panel" role="group" aria-label={`Versions of ${name}`} onKeyDown={onKeyDown}>
      {count > 1 && (
        <div className="ver-head">
          <button type="button" className="btn btn-small" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            {open ? 'Hide versions' : `${count} versions`}
          </button>
          {undo !== null && (
            <button
              type="button"
              className="btn btn-small"
              disabled={busy}
              aria-keyshortcuts="Control+Z Meta+Z"
              title="Ctrl+Z (⌘Z) inside this take’s versions"
              onClick={() => restore(undo)}
            >
              Undo: back to v{undo}
            </button>
          )}
        </div>
      )}
      {unreadable && (
        <p className="small tone-warning ver-unreadable" role="note">
          {displayText(unreadable)}
        </p>
      )}
      {/* A version whose files changed on disk since Booth wrote them: named, never restored or delivered. */}
      {view?.damaged && (
        <p className="small tone-danger ver-damaged" role="note">
          {displayText(view.damaged)}
        </p>
      )}
      {count > 1 && open && (
        <ol className="ver-list plain-list" aria-label={`Versions of ${name}, newest first`}>
          {listed.map((v) => (
            <VersionItem
              key={v.number}
              takeName={name}
              takeId={take.id}
              version={v}
              current={v.number === current}
              locked={locked}
              delivered={delivered}
              busy={busy}
              onRestore={restore}
            />
          ))}
        </ol>
      )}
      {!locked && take.label !== 'pickup' && <PlacePickups job={job} take={take} busy={busy} />}
      {!locked && <CutFalseStart take={take} busy={busy} />}
      {take.label !== 'pickup' && (
        <FinishPanel take={take} takeName={name} customerId={job.customer.id} locked={locked} busy={busy} />
      )}
      <VersionWorkStatus workKey={takeWork(take.id)} label={`Work on ${name}`} />
    </div>
  )
}
