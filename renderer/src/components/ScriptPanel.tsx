/** The script, large and adjustable: typed (sanitized HTML or plain text) with marked pronunciations, or a document. */
import { useEffect } from 'react'
import type { JobDetail } from '../../../shared/bridge'
import { onReadingCommand } from '../keyboard/use-reading-keys'
import { useScriptFontSize } from '../hooks/use-script-font-size'
import { ScriptFontControl } from './ScriptFontControl'
import { SanitizedHtml } from './SanitizedHtml'
import { MarkedText } from './MarkedText'
import { ScriptDocumentView } from './ScriptDocumentView'
import { formatTimestamp } from '../format/calendar-dates'

export function ScriptPanel({ job, documentPath }: { job: JobDetail; documentPath: string | null }) {
  const font = useScriptFontSize()
  const script = job.script
  const { step } = font
  // + and − (reading-mode keys) change the size the same way the buttons do.
  useEffect(
    () =>
      onReadingCommand((command) => {
        if (command === 'bigger') step(1)
        if (command === 'smaller') step(-1)
      }),
    [step],
  )
  return (
    <section className="script-panel" aria-labelledby="script-title">
      <header className="section-head">
        <h3 id="script-title" className="section-title">
          Script
          {script.revised_at !== null && <span className="muted small"> · revised {formatTimestamp(script.revised_at)}</span>}
        </h3>
        {script.kind !== 'none' && <ScriptFontControl {...font} />}
      </header>
      {script.kind === 'none' && <p className="empty-state">This job has no script yet.</p>}
      {script.kind === 'document' && script.document && (
        <ScriptDocumentView jobId={job.job_id} document={script.document} localPath={documentPath} fontSize={font.size} />
      )}
      {script.kind !== 'none' && (script.html !== null || script.text.trim() !== '') && (
        <div className="script-read" style={{ fontSize: `${font.size}px` }}>
          {script.html !== null ? (
            <SanitizedHtml html={script.html} pronunciations={job.pronunciations} className="script-text" />
          ) : (
            <MarkedText text={script.text} pronunciations={job.pronunciations} className="script-text pre-wrap" />
          )}
        </div>
      )}
    </section>
  )
}
