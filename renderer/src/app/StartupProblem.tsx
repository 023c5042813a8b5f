/** Booth's background service did not answer the first call. */
export function StartupProblem({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <main className="center-page">
      <div className="panel narrow" role="alert">
        <h1 className="page-title">Booth could not start</h1>
        <p>{message}</p>
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          Try again
        </button>
      </div>
    </main>
  )
}
