/**
 * Punch-and-roll in the recorder, a view of the window's one recorder (recorder/recorder-store.ts, whose
 * punch actions are recorder/recorder-punch.ts): what a request planned (the sentence, the pre-roll, the
 * punch point and the latency that will be compensated), then the recorder's phases as they run (opening
 * the input, count-in, pre-roll, punch, stopping), then the new version (what changed, whether it reads
 * clean). Space starts and stops, Esc cancels; the settings (pre-roll length, keep the old take playing,
 * latency calibration) sit beside it. It reads the machine's phases (recorder-machine.ts) and nothing else
 * for where the punch is: planning, armed, starting … stopping while it runs; after it (the recorder idle,
 * or busy with a take), what it ended with: the version made, or a problem in words. The panel keeps only
 * what is drawn: main's progress words and whether the settings are open.
 */
import { useEffect, useId, useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { JobDetail } from '../../../../shared/bridge'
import type { RecorderState } from '../recorder/recorder-machine'
import { useBridge } from '../../bridge/BridgeProvider'
import { clock } from '../readback/readback-words'
import { useTakes } from '../takes-store'
import { takeName } from '../take-numbers'
import { usePunchRequests } from '../versions/punch-request'
import { isTypingTarget } from '../../ui/keyboard/is-typing-target'
import { useRecorder, useRecorderStore } from '../recorder/recorder-store'
import { NO_PUNCH } from '../recorder/recorder-punch'
import type { PunchSession } from '../recorder/recorder-types'
import { punchPhases, punchPositionS } from '../recorder/recorder-view'
import { PunchSettingsRow } from './PunchSettingsRow'
import { latencyWords } from '../recorder/punch-latency'
import { focusScriptSentence } from './script-focus'
import './punch.css'

const IDLE: RecorderState = { phase: 'idle' }

/** Whether the punch is rolling: counting in, in its pre-roll or its punch, or stopping with nothing kept. */
function rollingPhase(rec: RecorderState): boolean {
  return (
    rec.phase === 'count_in' ||
    rec.phase === 'pre_roll' ||
    rec.phase === 'punch' ||
    (rec.phase === 'stopping' && !rec.keep)
  )
}

function phaseWords(rec: RecorderState, s: PunchSession, positionS: number): string {
  const plan = s.plan
  switch (rec.phase) {
    case 'count_in':
      return `Count-in: ${rec.beatsLeft}`
    case 'pre_roll':
      return plan ? `Pre-roll — punching in in ${Math.max(0, plan.punch_s - positionS).toFixed(1)} s` : 'Pre-roll'
    case 'punch':
      return `Recording from the punch point: read sentence ${plan?.sentence ?? ''} on.`
    case 'stopping':
      return 'Stopping…'
    default:
      return ''
  }
}

export function PunchPanel({ job }: { job: JobDetail }) {
  const api = useBridge()
  const recorder = useRecorderStore()
  const takes = useTakes((s) => s.byJob[job.job_id]?.takes ?? [])
  const { status, rec, positionS, settings, deviceId } = useRecorder(
    useShallow((s) => {
      const mine = s.punch.job?.jobId === job.job_id
      return {
        status: mine ? s.punch : NO_PUNCH,
        rec: mine ? punchPhases(s) : IDLE,
        positionS: punchPositionS(s),
        settings: s.punchSettings,
        deviceId: s.input?.deviceId ?? null,
      }
    }),
  )
  const [progress, setProgress] = useState<string | null>(null)
  const [settingsOpen, setSettingsOpen] = useState(false)
  const titleId = useId()
  const phase = rec.phase
  // After the punch (the recorder idle or on a take): what it ended with, the version or a problem.
  const ended = phase === 'idle'
  const done = ended && status.made !== null
  const problem = ended && !done && status.message !== null
  const rolling = rollingPhase(rec)
  const making = phase === 'stopping' && rec.keep
  const planned = phase === 'armed' || phase === 'planning'
  const shown = !ended || done || problem

  // The job's punch panel is on screen; leaving the job cancels a punch under way (the take stays as it was).
  useEffect(() => recorder.getState().attachPunch(job.job_id), [recorder, job.job_id])

  // A request is the store's to plan, or to refuse in words (a take recording, another punch running).
  usePunchRequests((r) => {
    const take = takes.find((t) => t.id === r.takeId)
    if (!take || take.job_id !== job.job_id) return
    recorder.getState().requestPunch(job, { takeId: r.takeId, sentence: r.sentence, takeName: takeName(take) })
  })

  // The script shows the punched sentence from the plan on.
  const sentenceText = status.plan?.sentence_text ?? null
  useEffect(() => (sentenceText ? focusScriptSentence(sentenceText) : undefined), [sentenceText])

  // What main says while it makes the version.
  useEffect(
    () =>
      api.on('versionProgress', (p) => {
        if (p.takeId === status.request?.takeId) setProgress(p.message)
      }),
    [api, status.request?.takeId],
  )

  // Space starts and stops; Esc cancels (and never closes the job while a punch is shown).
  const { startPunch: start, stopPunch: stop, cancelPunch: cancel, closePunch: close } = recorder.getState()
  useEffect(() => {
    if (!shown) return
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.repeat) return
      const target = e.target as HTMLElement | null
      if (target?.closest?.('dialog[open], [role="dialog"][aria-modal="true"], [role="alertdialog"]')) return
      if (e.key === 'Escape') {
        e.preventDefault()
        e.stopPropagation()
        if (ended) close()
        else cancel()
        return
      }
      if (
        e.key === ' ' &&
        !isTypingTarget(e.target) &&
        !(target?.closest?.('button') && target.closest('.punch-panel'))
      ) {
        if (phase === 'armed') start()
        else if (rolling) stop()
        else return
        e.preventDefault()
        e.stopPropagation()
      }
    }
    window.addEventListener('keydown', onKey, true)
    return () => window.removeEventListener('keydown', onKey, true)
  }, [shown, ended, phase, rolling, start, stop, cancel, close])

  if (!shown) return null
  const plan = status.plan
  const req = status.request
  const made = status.made
  return (
    <section
      className="punch-panel"
      aria-labelledby={titleId}
      data-phase={phase}
      data-outcome={done ? 'made' : problem ? 'problem' : undefined}
    >
      <div className="punch-head">
        <h3 id={titleId} className="punch-title">
          Punch in{req ? ` · ${req.takeName}` : ''}
        </h3>
        <span className="muted small punch-keys">
          {(phase === 'armed' || rolling) && (
            <>
              <kbd>Space</kbd> {rolling ? 'stops' : 'starts'} ·{' '}
            </>
          )}
          <kbd>Esc</kbd> {ended ? 'closes' : 'cancels'}
        </span>
      </div>
      {phase === 'planning' && (
        <p className="small" role="status">
          Finding the pause before sentence {req?.sentence}…
        </p>
      )}
      {plan && !done && (
        <div className="punch-plan">
          <p className="small punch-sentence">
            Sentence {plan.sentence}: <q>{plan.sentence_text}</q>
          </p>
          <p className="small muted">
            Pre-roll from {clock(plan.preroll_s)} ({(plan.punch_s - plan.preroll_s).toFixed(1)} s), punch point at{' '}
            {clock(plan.punch_s)}
            {settings.keepPlaying ? '; the old take keeps playing after it' : '; the old take falls silent there'}.
            {status.latency && <span className="punch-latency"> Input {latencyWords(status.latency)}.</span>}
          </p>
          {(rolling || phase === 'starting') && (
            <>
              <p className="small punch-phase" role="status" aria-live="polite">
                {phase === 'starting' ? 'Opening the input…' : phaseWords(rec, status, positionS)}
              </p>
              <progress
                className="punch-progress"
                aria-label="Position in the take"
                max={Math.max(plan.punch_s + 4, positionS)}
                value={positionS}
              />
            </>
          )}
        </div>
      )}
      {making && (
        <p className="small" role="status">
          {progress ?? 'Making the new version…'}
        </p>
      )}
      {made && done && (
        <div className="punch-made" role="status">
          <p className="small">
            <strong>Version {made.version.number}</strong> of {takeName(made.take)}: {made.version.summary}
          </p>
          <p className={`small ${made.version.readback?.clean ? 'tone-success' : 'tone-warning'}`}>
            {made.version.readback
              ? made.version.readback.clean
                ? 'Booth’s read-back: reads clean.'
                : `Booth’s read-back: ${made.version.readback.summary}`
              : 'Not read back yet.'}
          </p>
        </div>
      )}
      {status.message && (
        <p className={problem ? 'form-error' : 'small'} role="alert">
          {status.message}
        </p>
      )}
      <div className="punch-actions">
        {phase === 'armed' && (
          <button type="button" className="btn btn-small btn-primary" onClick={start}>
            Start punch
          </button>
        )}
        {rolling && (
          <button type="button" className="btn btn-small btn-primary" onClick={stop}>
            Stop
          </button>
        )}
        {(planned || phase === 'starting' || rolling) && (
          <button type="button" className="btn btn-small btn-quiet" onClick={cancel}>
            Cancel
          </button>
        )}
        {ended && (
          <button type="button" className="btn btn-small" onClick={close}>
            Close
          </button>
        )}
        {planned && (
          <button
            type="button"
            className="btn btn-small btn-quiet"
            aria-expanded={settingsOpen}
            onClick={() => setSettingsOpen((o) => !o)}
          >
            {settingsOpen ? 'Hide settings' : 'Settings'}
          </button>
        )}
      </div>
      {settingsOpen && planned && (
        <PunchSettingsRow
          settings={settings}
          onSettings={(next) => recorder.getState().setPunchSettings(next)}
          deviceId={deviceId}
        />
      )}
    </section>
  )
}
