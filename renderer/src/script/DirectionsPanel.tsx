/**
 * The producer's directions (sanitized HTML, or plain text), right above the script so they are read
 * with it: two lines at most until "Show all" (which appears only when there is more).
 */
import { useEffect, useRef, useState } from 'react'
import type { JobDetail } from '../../../shared/bridge'
import { SanitizedHtml } from './SanitizedHtml'

export function DirectionsPanel({ directions }: { directions: JobDetail['directions'] }) {
  const box = useRef<HTMLDivElement>(null)
  const [open, setOpen] = useState(false)
  const [more, setMore] = useState(false)
  // Measured when the browser lays the box out (a ResizeObserver reports it then, and on every change of
  // size), never by forcing a layout while React renders: the script beside it may be very long.
  useEffect(() => {
    const el = box.current
    if (!el || open || typeof ResizeObserver !== 'function') return
    const watch = new ResizeObserver(() => setMore(el.scrollHeight > el.clientHeight + 1))
    watch.observe(el)
    return () => watch.disconnect()
  }, [open, directions])
  if (directions.html === null && !directions.text.trim()) return null
  return (
    <section className={`script-directions${open ? ' is-open' : ''}`} aria-labelledby="directions-title">
      <h3 id="directions-title" className="section-title">
        Directions
      </h3>
      <div ref={box} className="script-directions-text">
        {directions.html !== null ? (
          <SanitizedHtml html={directions.html} className="directions" />
        ) : (
          <p className="directions pre-wrap">{directions.text}</p>
        )}
      </div>
      {(more || open) && (
        <button
          type="button"
          className="btn btn-quiet btn-small script-directions-more"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Show less' : 'Show all'}
        </button>
      )}
    </section>
  )
}
