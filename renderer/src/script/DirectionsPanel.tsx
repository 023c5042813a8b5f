/** The producer's directions: sanitized HTML, or plain text. */
import type { JobDetail } from '../../../shared/bridge'
import { SanitizedHtml } from './SanitizedHtml'

export function DirectionsPanel({ directions }: { directions: JobDetail['directions'] }) {
  if (directions.html === null && !directions.text.trim()) return null
  return (
    <section className="side-section" aria-labelledby="directions-title">
      <h3 id="directions-title" className="section-title">Directions</h3>
      {directions.html !== null ? (
        <SanitizedHtml html={directions.html} className="directions" />
      ) : (
        <p className="directions pre-wrap">{directions.text}</p>
      )}
    </section>
  )
}
