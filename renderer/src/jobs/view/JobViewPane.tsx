/** The right column: the open job, or a hint how to open one. */
import { useBooth } from '../../store/use-booth'
import { JobDetailView } from './JobDetailView'

export function JobViewPane() {
  const { openId, view, loading, error, reloadJob, closeJob } = useBooth((s) => ({
    openId: s.openJobId,
    view: s.jobView,
    loading: s.jobLoading,
    error: s.jobError,
    reloadJob: s.reloadJob,
    closeJob: s.closeJob,
  }))
  if (!openId) {
    return (
      <section className="job-pane job-pane-empty" aria-label="Job">
        <div className="empty-hint">
          <p className="lead">Choose a job to read its script.</p>
          <p className="muted">
            <kbd>j</kbd> <kbd>k</kbd> move · <kbd>Enter</kbd> opens · <kbd>/</kbd> searches · <kbd>Esc</kbd> closes
          </p>
        </div>
      </section>
    )
  }
  if (!view) {
    return (
      <section className="job-pane" aria-label="Job" aria-busy={loading}>
        {error ? (
          <div className="notice notice-danger" role="alert">
            <p>{error}</p>
            <div className="row-gap">
              <button type="button" className="btn btn-small" onClick={() => void reloadJob()}>
                Try again
              </button>
              <button type="button" className="btn btn-quiet btn-small" onClick={closeJob}>
                Close
              </button>
            </div>
          </div>
        ) : (
          <p className="empty-state" role="status">
            Opening the job…
          </p>
        )}
      </section>
    )
  }
  return <JobDetailView view={view} error={error} />
}
