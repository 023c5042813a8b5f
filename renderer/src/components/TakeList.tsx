/** Takes already delivered for this job: label, number, status and the audio check's verdict. */
import type { JobDetail } from '../../../shared/bridge'
import { formatTimestamp } from '../format/calendar-dates'
import { formatFileSize } from '../format/file-size'

const STATUS: Record<JobDetail['deliveries_detail'][number]['status'], string> = {
  storing: 'Uploading',
  stalled: 'Upload stalled',
  processing: 'Processing',
  delivered: 'Delivered',
  approved: 'Approved',
  used: 'Used in the spot',
  superseded: 'Superseded',
  withdrawn: 'Withdrawn',
  changes_requested: 'Changes requested',
}

const VERDICT = { matches: 'Matches the script', check: 'Worth a listen', mismatch: 'Does not match the script' } as const

export function TakeList({ takes }: { takes: JobDetail['deliveries_detail'] }) {
  if (!takes.length) return null
  return (
    <section className="side-section" aria-labelledby="takes-title">
      <h3 id="takes-title" className="section-title">Delivered takes</h3>
      <ul className="plain-list">
        {takes.map((t) => (
          <li key={t.delivery_id} className="take-item">
            <div>
              <span className="tag">{t.take_label}</span> <strong>Take {t.take_number}</strong>{' '}
              <span className={`take-status take-${t.status}`}>{STATUS[t.status]}</span>
            </div>
            <div className="muted small">
              {t.file_name} · {formatFileSize(t.size_bytes)} · {formatTimestamp(t.created_at)}
            </div>
            {t.check.state === 'done' && t.check.verdict && (
              <div className={`small verdict verdict-${t.check.verdict}`}>Audio check: {VERDICT[t.check.verdict]}</div>
            )}
            {t.note && <div className="small pre-wrap">“{t.note}”</div>}
          </li>
        ))}
      </ul>
    </section>
  )
}
