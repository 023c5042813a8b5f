/** One PDF page drawn into a <canvas> at a given width in CSS pixels (sharp on high-density screens). */
import { useEffect, useRef, useState } from 'react'
import type { PDFDocumentProxy } from 'pdfjs-dist'

interface Props {
  pdf: PDFDocumentProxy
  pageNumber: number
  pageCount: number
  /** Width of the page on screen, CSS pixels. */
  width: number
}

export function PdfPageCanvas({ pdf, pageNumber, pageCount, width }: Props) {
  const ref = useRef<HTMLCanvasElement>(null)
  const [problem, setProblem] = useState<string | null>(null)

  useEffect(() => {
    const canvas = ref.current
    if (!canvas || width <= 0) return
    let cancelled = false
    let cancelRender: (() => void) | null = null
    void (async () => {
      try {
        const page = await pdf.getPage(pageNumber)
        if (cancelled) return
        const natural = page.getViewport({ scale: 1 })
        const dpr = Math.min(3, window.devicePixelRatio || 1)
        const viewport = page.getViewport({ scale: (width / natural.width) * dpr })
        canvas.width = Math.floor(viewport.width)
        canvas.height = Math.floor(viewport.height)
        canvas.style.width = `${Math.floor(viewport.width / dpr)}px`
        canvas.style.height = `${Math.floor(viewport.height / dpr)}px`
        const task = page.render({ canvas, viewport })
        cancelRender = () => task.cancel()
        await task.promise
        if (!cancelled) {
          canvas.dataset.rendered = 'true'
          setProblem(null)
        }
      } catch (err) {
        if (cancelled || (err instanceof Error && err.name === 'RenderingCancelledException')) return
        setProblem(
          `Page ${pageNumber} could not be drawn${err instanceof Error && err.message ? ` (${err.message})` : ''}.`,
        )
      }
    })()
    return () => {
      cancelled = true
      cancelRender?.()
    }
  }, [pdf, pageNumber, width])

  return (
    <figure className="pdf-page">
      <canvas ref={ref} className="pdf-canvas" role="img" aria-label={`Page ${pageNumber} of ${pageCount}`} />
      {problem && (
        <figcaption className="form-error small" role="alert">
          {problem}
        </figcaption>
      )}
    </figure>
  )
}
