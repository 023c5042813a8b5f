/**
 * Booth's read-back of one take, labelled as Booth's own check (not the platform's): the verdict and
 * summary, the issues along the take's length and in a list, each playing the take from just before it.
 * The marks themselves are on the script the talent reads (script/marks/); "Show on the script" puts
 * this take's there. Shows its state while it waits or listens, and why when it could not run.
 */
import { useEffect, useState } from 'react'
import type { TakeView } from '../../../../shared/bridge-takes'
import { errorText } from '../../store/error-text'
import { issueCertainty } from '../../../../shared/readback/certainty'
import { takeName } from '../take-numbers'
import { ReadbackMarkers } from './ReadbackMarkers'
import { useReadbackStore, useReadback } from './readback-store'
import {
  clock,
  describeReadbackIssue,
  findingWord,
  READBACK_DISCLAIMER,
  READBACK_LABEL,
  statusWords,
  VERDICT_WORDS,
} from './readback-words'
import { useTakePlayback } from './use-take-playback'
import { newestTakeNumber, useJobTakes, useScriptTake } from './script-take'
import './readback.css'

export function ReadbackPanel({ take }: { take: TakeView }) {
  const onScript = useScriptTake(take.job_id)?.id === take.id
  const takes = useJobTakes(take.job_id)
  const state = useReadback((s) => s.byTake[take.id])
  const [open, setOpen] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const player = useTakePlayback()
  // The store itself, not getState(): its state is a new object after every update, and an effect that
  // depended on it would load again each time its own load landed.
  const readback = useReadbackStore()

  useEffect(() => {
    if (take.state !== 'recording')
      readback
        .getState()
        .load(take.id)
        .catch((err: unknown) => setError(errorText(err)))
  }, [readback, take.id, take.state])

  if (take.state === 'recording') return null
  const result = state?.status === 'done' ? state.result : null
  const issues = result?.check.issues ?? []
  const lastWord = result?.words[result.words.length - 1]
  const duration = take.preflight?.duration_s ?? (lastWord ? lastWord.end_s : 0)
  const status = statusWords(state)

  const play = (issue: { at_s: number | null }) => void player.play(take.id, issue.at_s)
  const verdict = result?.check.verdict ?? null

  return (
    <section
      className="rb-panel"
      aria-label={`${READBACK_LABEL} of ${takeName(take)}`}
      data-readback-status={state?.status ?? 'unknown'}
    >
      <div className="rb-head">
        <strong className="rb-title">{READBACK_LABEL}</strong>
        {verdict && <span className={`rb-verdict verdict-${verdict}`}>{VERDICT_WORDS[verdict]}</span>}
        {result && (
          <button type="button" className="btn btn-small" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open
              ? 'Hide'
              : issues.length
                ? `Show ${issues.length} ${issues.length === 1 ? 'place' : 'places'}`
                : 'Show'}
          </button>
        )}
        {(state?.status === 'done' ||
          state?.status === 'failed' ||
          state?.status === 'unavailable' ||
          state?.status === 'off' ||
          state?.status === 'none') && (
          <button
            type="button"
            className="btn btn-small"
            onClick={() =>
              readback
                .getState()
                .run(take.id)
                .catch((err: unknown) => setError(errorText(err)))
            }
          >
            {result ? 'Check again' : 'Check now'}
          </button>
        )}
        {result && (
          <button
            type="button"
            className="btn btn-small"
            aria-pressed={onScript}
            disabled={onScript}
            onClick={() =>
              readback.getState().showOnScript(take.job_id, { takeId: take.id, newest: newestTakeNumber(takes) })
            }
          >
            {onScript ? 'On the script' : 'Show on the script'}
          </button>
        )}
      </div>
      <p className="muted small rb-disclaimer">{READBACK_DISCLAIMER}</p>
      {status && (
        <p className="small rb-status" role="status">
          {status}
        </p>
      )}
      {result && (
        <p className="small rb-summary">
          {result.check.summary}
          {result.note ? ` ${result.note}` : ''}
        </p>
      )}
      {(error ?? player.error) && (
        <p className="form-error" role="alert">
          {error ?? player.error}
        </p>
      )}
      {player.element}
      {result && issues.length > 0 && (
        <ReadbackMarkers
          issues={issues}
          durationS={duration}
          positionS={player.playing ? player.positionS : null}
          onPlay={play}
        />
      )}
      {result && open && (
        <div className="rb-body">
          {issues.length > 0 && (
            <ol className="plain-list rb-issues">
              {issues.map((issue, n) => (
                <li key={n}>
                  <button
                    type="button"
                    className={`rb-issue sev-${issue.severity} cert-${issueCertainty(issue)}`}
                    onClick={() => play(issue)}
                  >
                    <span className="rb-time">{issue.at_s === null ? '—' : clock(issue.at_s)}</span>
                    <strong>{findingWord(issue)}</strong> {describeReadbackIssue(issue)}
                    {issue.severity === 'high' && <span className="tag tag-warning">important</span>}
                  </button>
                </li>
              ))}
            </ol>
          )}
          <p className="muted small">
            Heard with {result.engine}
            {result.script_read.revision_id ? `, against script revision ${result.script_read.revision_id}` : ''}.
          </p>
        </div>
      )}
    </section>
  )
}
