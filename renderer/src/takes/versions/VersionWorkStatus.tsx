/**
 * What a take's (or a comp's) version work is doing while it runs, from main's versionProgress events
 * ("Reading back version 3…"), with an indeterminate bar; and what it said when it ended. The work goes on
 * while the talent does anything else in the window. Work Booth stopped in the middle of (main's journal,
 * read after a restart or a reload) is said here too, until the talent dismisses it.
 */
import { displayText } from '../../../../shared/display-text'
import { takeOfWork, type WorkKey } from './version-keys'
import { useVersions, useVersionsStore } from './versions-store'

export function VersionWorkStatus({ workKey, label }: { workKey: WorkKey; label: string }) {
  const takeId = takeOfWork(workKey)
  const { busy, progress, notice, unfinished } = useVersions((s) => ({
    busy: s.busy[workKey] ?? null,
    progress: s.progress[workKey] ?? null,
    notice: s.notice[workKey] ?? null,
    unfinished: takeId === null ? null : (s.unfinished[takeId] ?? null),
  }))
  const store = useVersionsStore()
  return (
    <>
      {unfinished && (
        <div className="ver-notice ver-unfinished small tone-info" role="status">
          <p>{displayText(unfinished.message)}</p>
          <button
            type="button"
            className="btn btn-quiet btn-small"
            onClick={() => takeId !== null && void store.getState().dismissUnfinished(takeId)}
          >
            Dismiss
          </button>
        </div>
      )}
      {(busy !== null || progress !== null) && (
        <div className="ver-progress" role="status" aria-live="polite" data-stage={progress?.stage ?? 'starting'}>
          <span className="small">{progress ? displayText(progress.message) : busy}</span>
          <progress aria-label={label} />
        </div>
      )}
      {notice && busy === null && (
        <div className={`ver-notice small tone-${notice.tone}`} role={notice.tone === 'danger' ? 'alert' : 'status'}>
          <p>{notice.text}</p>
          <button type="button" className="btn btn-quiet btn-small" onClick={() => store.getState().dismiss(workKey)}>
            Dismiss
          </button>
        </div>
      )}
    </>
  )
}
