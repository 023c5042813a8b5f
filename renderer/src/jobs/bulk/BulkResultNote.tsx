/** The outcome of the last bulk action, per job, until the person dismisses it. */
import { SavedFileNote } from '../../ui/downloads/SavedFileNote'
import { jobCount } from '../../ui/format/action-words'
import type { BulkResult } from './bulk-result'

export function BulkResultNote({ result, onDismiss }: { result: BulkResult; onDismiss(): void }) {
  const title =
    result.kind === 'action'
      ? `${result.action === 'accept' ? 'Accept' : 'Decline'}: ` +
        `${jobCount(result.rows.length)}${result.replayed ? ' (already done earlier; nothing changed)' : ''}`
      : `Scripts PDF: ${result.included} of ${jobCount(result.asked)} included`
  const partial = result.kind === 'scriptsPdf' && (result.missing.length > 0 || result.included === 0)
  return (
    <section
      className={`notice ${partial ? 'notice-warning' : 'notice-success'} bulk-result`}
      role="status"
      aria-label="Result of the last action"
    >
      <div className="bulk-result-head">
        <strong className="notice-title">{title}</strong>
        <button type="button" className="btn btn-quiet btn-small" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
      {result.kind === 'action' ? (
        <ul className="plain-list small">
          {result.rows.map((r) => (
            <li key={r.jobId}>
              {r.name} — {r.words}
            </li>
          ))}
        </ul>
      ) : (
        <>
          {result.included === 0 && <p className="small">None of these jobs has a script PDF, so no file was made.</p>}
          {result.missing.length > 0 && (
            <>
              <p className="small">Left out:</p>
              <ul className="plain-list small" aria-label="Scripts left out">
                {result.missing.map((m) => (
                  <li key={m.jobId}>
                    {m.name} — {m.reason}
                  </li>
                ))}
              </ul>
            </>
          )}
          {result.included > 0 && result.download.kind === 'cancelled' && (
            <p className="small">Not saved: you cancelled.</p>
          )}
          <SavedFileNote state={result.download} />
        </>
      )}
    </section>
  )
}
