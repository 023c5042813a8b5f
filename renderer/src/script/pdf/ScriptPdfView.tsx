/**
 * The script PDF drawn inside Booth, page by page into <canvas> (no frame, no plugin), from the bytes main
 * hands over — its offline copy when the service cannot be reached. Zoom follows the script text size.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { PDFDocumentProxy } from 'pdfjs-dist'
import type { ScriptPdf } from '../../../../shared/bridge'
import { useBooth } from '../../store/use-booth'
import { useNow } from '../../ui/hooks/use-now'
import { formatRelativeTime } from '../../ui/format/relative-time'
import { formatTimestamp } from '../../ui/format/calendar-dates'
import { SCRIPT_SIZE_DEFAULT } from '../reading/script-font-size'
import { PdfPageCanvas } from './PdfPageCanvas'
import { base64ToBytes } from './base64-bytes'

/** More pages than a script ever has; beyond this Booth says so instead of drawing them all. */
export const PDF_PAGE_LIMIT = 60

type Loaded = { pdf: PDFDocumentProxy; meta: Omit<ScriptPdf, 'base64'> }
type State = { kind: 'loading' } | { kind: 'failed'; error: string } | ({ kind: 'ready' } & Loaded)

export function ScriptPdfView({ jobId, fileName, fontSize }: { jobId: string; fileName: string; fontSize: number }) {
  const fetchScriptPdf = useBooth((s) => s.fetchScriptPdf)
  const [state, setState] = useState<State>({ kind: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const [measureRef, width] = useContainerWidth()
  const now = useNow()

  useEffect(() => {
    let gone = false
    let pdf: PDFDocumentProxy | null = null
    void (async () => {
      const outcome = await fetchScriptPdf(jobId)
      if (gone) return
      if (!outcome.ok) return setState({ kind: 'failed', error: outcome.error })
      const { base64, ...meta } = outcome.value
      try {
        // pdf.js is big: it loads the first time a PDF is shown, not with the window.
        const engine = await import('./pdf-engine')
        pdf = await engine.openPdf(base64ToBytes(base64))
        if (gone) return void pdf.destroy()
        setState({ kind: 'ready', pdf, meta })
      } catch (err) {
        if (!gone)
          setState({ kind: 'failed', error: err instanceof Error ? err.message : 'This PDF could not be read.' })
      }
    })()
    return () => {
      gone = true
      void pdf?.destroy()
    }
  }, [fetchScriptPdf, jobId, attempt])

  const zoom = fontSize / SCRIPT_SIZE_DEFAULT
  const pageWidth = Math.max(200, Math.round(width * zoom))
  return (
    <div className="pdf-view" ref={measureRef} aria-label={`Script PDF ${fileName}`} role="region">
      {state.kind === 'loading' && (
        <p className="muted" role="status">
          Opening the script PDF…
        </p>
      )}
      {state.kind === 'failed' && (
        <div className="notice notice-danger" role="alert">
          <p>{state.error}</p>
          <button
            type="button"
            className="btn btn-small"
            onClick={() => {
              setState({ kind: 'loading' })
              setAttempt((n) => n + 1)
            }}
          >
            Try again
          </button>
        </div>
      )}
      {state.kind === 'ready' && (
        <>
          <p className="pdf-meta muted small" role="status">
            <span>
              {state.pdf.numPages} page{state.pdf.numPages === 1 ? '' : 's'} · {Math.round(zoom * 100)}%
            </span>
            {state.meta.source === 'cache' && (
              <span className="tag tag-info" title={`Saved ${formatTimestamp(state.meta.fetchedAt)}`}>
                Offline copy from {formatRelativeTime(state.meta.fetchedAt, now)}
              </span>
            )}
          </p>
          <div className="pdf-pages">
            {Array.from({ length: Math.min(state.pdf.numPages, PDF_PAGE_LIMIT) }, (_, i) => (
              <PdfPageCanvas
                key={i}
                pdf={state.pdf}
                pageNumber={i + 1}
                pageCount={state.pdf.numPages}
                width={pageWidth}
              />
            ))}
          </div>
          {state.pdf.numPages > PDF_PAGE_LIMIT && (
            <p className="muted small">
              Only the first {PDF_PAGE_LIMIT} of {state.pdf.numPages} pages are shown here.
            </p>
          )}
        </>
      )}
    </div>
  )
}

/** The element's inner width in CSS pixels, kept current as the pane resizes (rounded to 8 px steps). */
function useContainerWidth(): [(el: HTMLDivElement | null) => void, number] {
  const [value, setValue] = useState(640)
  const observer = useRef<ResizeObserver | null>(null)
  const ref = useCallback((el: HTMLDivElement | null) => {
    observer.current?.disconnect()
    observer.current = null
    if (!el) return
    const measure = () => setValue(Math.max(200, Math.floor(el.clientWidth / 8) * 8))
    measure()
    observer.current = new ResizeObserver(measure)
    observer.current.observe(el)
  }, [])
  return [ref, value]
}
