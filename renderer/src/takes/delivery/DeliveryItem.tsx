/**
 * One delivered take as the service sees it: status, facts (its length against the spot), the audio
 * check (state, verdict, coverage, summary, each issue — marked on the script), and Listen, which asks
 * main for the audio only when pressed.
 */
import { useState } from 'react'
import type { JobDetail } from '../../../../shared/bridge'
import { formatTimestamp } from '../../ui/format/calendar-dates'
import { errorText } from '../../store/error-text'
import { takeName } from '../take-numbers'
import { CheckedScript } from '../CheckedScript'
import { CHECK_STATE_WORDS, DELIVERY_STATUS_WORDS, factsWords, VERDICT_WORDS, type Delivery } from './delivery-words'
import { ShownName } from '../../ui/ShownName'
import { useBridge } from '../../bridge/BridgeProvider'
import { TakeNameText } from '../TakeNameText'

export function DeliveryItem({ job, delivery }: { job: JobDetail; delivery: Delivery }) {
  const api = useBridge()
  const [audio, setAudio] = useState<string | null>(null)
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [showScript, setShowScript] = useState(true)
  const status = DELIVERY_STATUS_WORDS[delivery.status]
  const facts = factsWords(delivery.facts)
  const check = delivery.check
  const verdict = check.verdict ? VERDICT_WORDS[check.verdict] : null
  const listen = async () => {
    setLoading(true)
    setError(null)
    try {
      setAudio((await api.getListenUrl({ jobId: job.job_id, deliveryId: delivery.delivery_id })).url)
    } catch (err) {
      setError(errorText(err))
    } finally {
      setLoading(false)
    }
  }
  const scriptText = job.script.text
  return (
    <li
      className="delivery-item"
      data-delivery-id={delivery.delivery_id}
      aria-label={`Delivered ${takeName(delivery)}`}
    >
      <div className="delivery-head">
        <span className="tag">{delivery.take_label}</span>
        <strong className="take-name">
          <TakeNameText name={takeName(delivery)} />
        </strong>
        <span className={`delivery-status tone-${status.tone}`}>{status.text}</span>
      </div>
      <div className="muted small">
        <ShownName name={delivery.file_name} /> · {formatTimestamp(delivery.created_at)}
      </div>
      {facts && <p className={`small tone-${facts.tone} delivery-facts`}>{facts.text}</p>}
      {delivery.note && <p className="small pre-wrap">“{delivery.note}”</p>}
      <div className="delivery-check">
        <p className="small">
          <span className="muted">{CHECK_STATE_WORDS[check.state]}</span>
          {verdict && (
            <>
              {' '}
              · <strong className={`tone-${verdict.tone} check-verdict`}>{verdict.text}</strong>
            </>
          )}
          {check.coverage !== null && (
            <span className="muted"> · {Math.round(check.coverage * 100)}% of the words heard</span>
          )}
        </p>
        {check.summary && <p className="small check-summary">{check.summary}</p>}
        {check.issues.length > 0 && (
          <>
            <button
              type="button"
              className="btn btn-quiet btn-small"
              aria-expanded={showScript}
              onClick={() => setShowScript((s) => !s)}
            >
              {showScript ? 'Hide' : 'Show'} {check.issues.length} issue{check.issues.length === 1 ? '' : 's'} on the
              script
            </button>
            {showScript && <CheckedScript text={scriptText} issues={check.issues} />}
          </>
        )}
      </div>
      <div className="take-actions">
        {audio ? (
          <audio
            className="delivery-audio"
            src={audio}
            controls
            autoPlay
            aria-label={`Delivered ${takeName(delivery)}`}
          />
        ) : (
          <button type="button" className="btn btn-small" disabled={loading} onClick={() => void listen()}>
            {loading ? 'Fetching…' : 'Listen'}
          </button>
        )}
      </div>
      {error && (
        <p className="form-error small" role="alert">
          {error}
        </p>
      )}
    </li>
  )
}
