/** Files the producer attached to the job (download arrives with its bridge call). */
import type { JobDetail } from '../../../shared/bridge'
import { formatFileSize } from '../format/file-size'

export function AttachmentList({ attachments }: { attachments: JobDetail['attachments_detail'] }) {
  if (!attachments.length) return null
  return (
    <section className="side-section" aria-labelledby="att-title">
      <h3 id="att-title" className="section-title">Attachments</h3>
      <ul className="plain-list">
        {attachments.map((a) => (
          <li key={a.attachment_id} className="attachment">
            <span className="doc-icon small" aria-hidden="true">▤</span>
            <div>
              <div>{a.original_name}</div>
              <div className="muted small">
                {a.ext.toUpperCase()} · {formatFileSize(a.size_bytes)}
                {a.status === 'storing' && ' · still uploading'}
              </div>
              {a.note && <div className="small pre-wrap">{a.note}</div>}
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
