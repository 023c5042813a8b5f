/**
 * Booth's read-back of one take, labelled as Booth's own check (not the platform's): the verdict and
 * summary, the issues along the take's length and on the script, each playing the take from just before
 * it. Shows its state while it waits or listens, and why when it could not run.
 */
import { useEffect, useRef, useState } from 'react'
import type { TakeView } from '../../../../shared/bridge-takes'
import type { ReadbackIssue } from '../../../../shared/readback/types'
import { errorText } from '../../store/error-text'
import { takeName } from '../take-numbers'
import { ReadbackMarkers } from './ReadbackMarkers'
import { ReadbackScript } from './ReadbackScript'
import { useReadbackStore, useReadback } from './readback-store'
import { clock, describeReadbackIssue, KIND_WORDS, playFrom, READBACK_DISCLAIMER, READBACK_LABEL, statusWords, VERDICT_WORDS } from './readback-words'
import './readback.css'
import { useBridge } from '../../bridge/BridgeProvider'

export function ReadbackPanel({ take }: { take: TakeView }) {
  const api = useBridge()
  const state = useReadback((s) => s.byTake[take.id])
  const [open, setOpen] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [position, setPosition] = useState<number | null>(null)
  const audio = useRef<HTMLAudioElement>(null)
  // The store itself, not getState(): its state is a new object after every update, and an effect that
  // depended on it would load again each time its own load landed.
  const readback = useReadbackStore()

  useEffect(() => {
    if (take.state !== 'recording') readback.getState().load(take.id).catch((err: unknown) => setError(errorText(err)))
  }, [readback, take.id, take.state])

  if (take.state === 'recording') return null
  const result = state?.status === 'done' ? state.result : null
  const issues = result?.check.issues ?? []
  const lastWord = result?.words[result.words.length - 1]
  const duration = take.preflight?.duration_s ?? (lastWord ? lastWord.end_s : 0)
  const status = statusWords(state)

  const play = async (issue: ReadbackIssue) => {
    setError(null)
    try {
      const el = audio.current
      if (!el) return
      if (!el.src) el.src = (await api.getTakeMediaUrl({ takeId: take.id })).url
      el.currentTime = playFrom(issue.at_s)
      await el.play()
    } catch (err) {
      setError(errorText(err))
    }
  }
  const verdict = result?.check.verdict ?? null

  return (
    <section className="rb-panel" aria-label={`${READBACK_LABEL} of ${takeName(take)}`} data-readback-status={state?.status ?? 'none'}>
      <div className="rb-head">
        <strong className="rb-title">{READBACK_LABEL}</strong>
        {verdict && <span className={`rb-verdict verdict-${verdict}`}>{VERDICT_WORDS[verdict]}</span>}
        {result && <button type="button" className="btn btn-small" aria-expanded={open} onClick={() => setOpen(!open)}>{open ? 'Hide' : issues.length ? `Show ${issues.length} ${issues.length === 1 ? 'place' : 'places'}` : 'Show'}</button>}
        {(state?.status === 'done' || state?.status === 'failed' || state?.status === 'unavailable' || state?.status === 'off' || state?.status === 'none') && (
          <button type="button" className="btn btn-small" onClick={() => readback.getState().run(take.id).catch((err: unknown) => setError(errorText(err)))}>
            {result ? 'Check again' : 'Check now'}
          </button>
        )}
      </div>
      <p className="muted small rb-disclaimer">{READBACK_DISCLAIMER}</p>
      {status && <p className="small rb-status" role="status">{status}</p>}
      {result && <p className="small rb-summary">{result.check.summary}{result.note ? ` ${result.note}` : ''}</p>}
      {error && <p className="form-error" role="alert">{error}</p>}
      <audio ref={audio} className="rb-audio" onTimeUpdate={(e) => setPosition(e.currentTarget.currentTime)} onPause={() => setPosition(null)} />
      {result && issues.length > 0 && <ReadbackMarkers issues={issues} durationS={duration} positionS={position} onPlay={(i) => void play(i)} />}
      {result && open && (
        <div className="rb-body">
          {issues.length > 0 && (
            <ol className="plain-list rb-issues">
              {issues.map((issue, n) => (
                <li key={n}>
                  <button type="button" className={`rb-issue sev-${issue.severity}`} onClick={() => void play(issue)}>
                    <span className="rb-time">{issue.at_s === null ? '—' : clock(issue.at_s)}</span>
                    <strong>{KIND_WORDS[issue.kind]}</strong> {describeReadbackIssue(issue)}
                    {issue.severity === 'high' && <span className="tag tag-warning">important</span>}
                  </button>
                </li>
              ))}
            </ol>
          )}
          <ReadbackScript text={result.script_read.text} issues={issues} onPlay={(i) => void play(i)} />
          <p className="muted small">Heard with {result.engine}{result.script_read.revision_id ? `, against script revision ${result.script_read.revision_id}` : ''}.</p>
        </div>
      )}
    </section>
  )
}
