/**
 * Says which of Booth's data files could not be read, what was reset, and where the old copy is kept
 * (each was moved aside with a time stamp, never overwritten), on every screen until the talent closes it.
 */
import { useSetAside } from './set-aside-store'
import { formatTimestamp } from '../ui/format/calendar-dates'
import type { SetAsideFile } from '../../../shared/bridge-data-files'

/** "The notification list could not be read: it is empty. Booth started without it. It starts empty; …" */
export function setAsideSentence(file: Pick<SetAsideFile, 'what' | 'reason' | 'reset'>): string {
  return `${file.what} could not be read: ${file.reason}. Booth started without it. ${file.reset}`
}

export function SetAsideFilesNotice() {
  const { files, dismiss } = useSetAside((s) => ({ files: s.files, dismiss: s.dismiss }))
  if (files.length === 0) return null
  return (
    <div className="set-aside-notices" role="status" aria-live="polite" data-testid="set-aside-files">
      {files.map((f) => (
        <div key={f.id} className="notice notice-warning set-aside-notice">
          <strong className="notice-title">A damaged file was kept aside</strong>
          <p>{setAsideSentence(f)}</p>
          <p className="small">
            The old copy is kept, unchanged, as <code className="set-aside-path">{f.keptAs}</code> (
            {formatTimestamp(f.at)}).
          </p>
          <button type="button" className="btn btn-small" onClick={() => void dismiss(f.id)}>
            OK
          </button>
        </div>
      ))}
    </div>
  )
}
