/** Shown when this page was opened without Booth's launch token (e.g. a bookmarked or copied address). */
export function NoBridgePage() {
  return (
    <main className="center-page">
      <div className="panel narrow">
        <h1 className="page-title">
          <span className="brand-mark" aria-hidden="true" /> Booth
        </h1>
        <p className="lead">This page is not connected to Booth.</p>
        <p>
          For your safety Booth only talks to the window it opened itself. Open Booth from the address it printed when
          it started (the line that begins “Booth is running at”), or start Booth again to get a fresh address.
        </p>
      </div>
    </main>
  )
}
