/**
 * The recorder beside the script, a view of the window's one recorder (recorder/recorder-store.ts): input
 * choice (remembered), a meter with peak hold and clip light, an optional count-in, Record/Stop on Space
 * and on screen, and the clock against the spot length. The store holds the phase and changes it, the next
 * take's chosen label and whether the level check runs; this panel keeps only what is drawn each frame (the
 * meters and the clock) and whether Discard is being asked.
 * The take is written by main as it is recorded; when it stops, the takes list shows it with its preflight.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { JobDetail } from '../../../shared/bridge'
import { formatSpotLength } from '../ui/format/spot-length'
import { clearClip, initialMeter, stepMeter, type MeterState } from './meters/meter-ballistics'
import { elapsedState, formatElapsed } from './take-numbers'
import { LevelMeter } from './meters/LevelMeter'
import { fillTo } from '../ui/moving-parts'
import { LiveMeters } from './meters/LiveMeters'
import { initialLive, liveOf, stepLive, type LiveState } from './meters/live-loudness'
import { useRecordKey } from './use-record-key'
import { useTakes } from './takes-store'
import type { TakeLabelValue } from '../../../shared/bridge-takes'
import { cycleLabel, defaultNextLabel } from './next-label'
import { onReadingCommand } from '../reading/use-reading-keys'
import { RecorderSettings } from './RecorderSettings'
import { useBooth } from '../store/use-booth'
import { pauseAllPlayback } from './playback'
import { useLevelCheck } from './meters/use-level-check'
import { LevelCheckButton } from './meters/LevelCheckButton'
import { useRecorder, useRecorderStore } from './recorder/recorder-store'
import { countInBeat, punchOwnsKeys, recordControlPhase, recorderTakenElsewhere } from './recorder/recorder-view'

/**
 * The shortest time between two drawings of the meters and the clock while recording (about 30 a second).
 * Each drawing costs Chromium a frame of style, paint and compositing; at 60 a second a 20 s take cost it
 * about a tenth more CPU, for meters whose readings come 20 times a second (docs/measurements.md).
 */
const REDRAW_MS = 1000 / 30 - 4

export function RecorderPanel({ job }: { job: JobDetail }) {
  const recorder = useRecorderStore()
  const jobId = job.job_id
  const phase = useRecorder((s) => recordControlPhase(s, jobId))
  const beat = useRecorder(countInBeat)
  const takenElsewhere = useRecorder((s) => recorderTakenElsewhere(s, jobId))
  const { inputs, input, countIn, error, startedAt, chosenLabel, checking } = useRecorder(
    useShallow((s) => ({
      inputs: s.inputs,
      input: s.input,
      countIn: s.countIn,
      error: s.error,
      startedAt: s.startedAt,
      chosenLabel: s.chosenLabel,
      checking: s.levelCheck,
    })),
  )
  const [now, setNow] = useState(() => performance.now())
  const [meter, setMeter] = useState<MeterState>(() => initialMeter(performance.now()))
  const meterRef = useRef(meter)
  const liveRef = useRef<ReturnType<typeof liveOf>>(null)
  // The loudness meters, stepped in the same frame tick as the input meter (one render per frame).
  const [live, setLive] = useState<LiveState>(() => initialLive(performance.now()))
  const lastReading = useRef<ReturnType<typeof liveOf>>(null)
  // The next take's label: main, then alt (next-label.ts), unless the person chose one for this take.
  const takes = useTakes((s) => s.byJob[jobId]?.takes ?? [])
  const setChosenLabel = useCallback(
    (label: TakeLabelValue | null) => recorder.getState().chooseLabel(label),
    [recorder],
  )
  const nextLabel = chosenLabel ?? defaultNextLabel(takes)
  const nextLabelRef = useRef(nextLabel)
  useLayoutEffect(() => {
    nextLabelRef.current = nextLabel
  })

  // The job's recorder is on screen: its inputs are listed and watched; leaving the job keeps a take
  // that records (the store stops it) and leaves nothing half-open.
  useEffect(() => recorder.getState().attachTake(jobId), [recorder, jobId])

  const restMeter = useCallback(() => {
    meterRef.current = { ...initialMeter(performance.now()), clipUntil: meterRef.current.clipUntil }
    setMeter(meterRef.current)
  }, [])

  // What the input meter hears from the store: main's levels, a take's first frame, back at rest.
  useEffect(
    () =>
      recorder.getState().onMeter((e) => {
        if (e.kind === 'level') {
          meterRef.current = stepMeter(meterRef.current, performance.now(), e.level)
          liveRef.current = liveOf(e.level) ?? liveRef.current
        } else if (e.kind === 'start') {
          meterRef.current = initialMeter(e.at)
          liveRef.current = null
          lastReading.current = null
          setLive(initialLive(e.at))
          setNow(e.at)
        } else restMeter()
      }),
    [recorder, restMeter],
  )

  // The meter and clock move with the screen while recording, every other frame of a 60 Hz screen (main's
  // levels come 20 times a second, each stepped in as it comes, so no peak or clip waits for a frame); from
  // Stop on they stand still.
  useEffect(() => {
    if (phase !== 'recording') return
    let frame = 0
    let drawn = -Infinity
    const tick = () => {
      if (recorder.getState().rec.phase !== 'recording') return
      const t = performance.now()
      if (t - drawn < REDRAW_MS) {
        frame = requestAnimationFrame(tick)
        return
      }
      drawn = t
      meterRef.current = stepMeter(meterRef.current, t, null)
      setMeter(meterRef.current)
      const reading = liveRef.current
      const fresh = reading !== lastReading.current
      lastReading.current = reading
      setLive((s) => stepLive(reading === null ? initialLive(t) : s, t, fresh ? reading : null))
      setNow(t)
      frame = requestAnimationFrame(tick)
    }
    frame = requestAnimationFrame(tick)
    return () => cancelAnimationFrame(frame)
  }, [phase, recorder])

  // Booth went away mid-take: the store lets the input go and says why.
  const host = useBooth((s) => s.host)
  useEffect(() => {
    if (host !== 'up') recorder.getState().hostGone()
  }, [host, recorder])

  // A level check (use-level-check.ts): the input meter runs, nothing is recorded, when the talent asks
  // and while the count-in runs; the microphone is let go when it ends (and before a take starts).
  const checkRuns = (checking && phase === 'idle') || phase === 'count_in'
  useLevelCheck(
    checkRuns,
    input?.deviceId ?? null,
    (level, t) => {
      meterRef.current = stepMeter(meterRef.current, t, level)
      setMeter(meterRef.current)
      setNow(t)
    },
    (why) => {
      recorder.getState().setLevelCheck(false)
      recorder.getState().setError(why)
    },
    restMeter,
  )

  const toggle = useCallback(() => {
    // Never record over a playback (it would bleed into the microphone). The take ends the level check (the store).
    if (phase === 'idle' && !takenElsewhere) pauseAllPlayback()
    recorder.getState().toggle(job, nextLabelRef.current)
  }, [phase, takenElsewhere, recorder, job])

  // While a punch-and-roll is shown, Space is the punch's (punch/PunchPanel.tsx).
  const punching = useRecorder(punchOwnsKeys)
  useRecordKey(!punching, phase === 'recording', toggle)

  const idle = phase === 'idle'
  // `l` (a reading-mode key) gives the next take the following label.
  useEffect(
    () =>
      onReadingCommand((command) => {
        if (command === 'next-label' && idle) setChosenLabel(cycleLabel(nextLabelRef.current))
      }),
    [idle, setChosenLabel],
  )

  const elapsed = phase === 'recording' ? (now - startedAt) / 1000 : 0
  const against = elapsedState(elapsed, job.length_s)
  const busy = phase === 'starting' || phase === 'stopping'
  const recording = phase === 'recording'
  // Discard asks first (the recording goes on meanwhile): one stray click must not drop a good read.
  const [askDiscard, setAskDiscard] = useState(false)
  if (askDiscard && !recording) setAskDiscard(false)

  return (
    <section className="side-section recorder" aria-labelledby="recorder-title" data-phase={phase}>
      <header className="section-head">
        <h3 id="recorder-title" className="section-title">
          Record
        </h3>
        <span className="muted small">
          <kbd>Space</kbd> records and stops
        </span>
      </header>
      <RecorderSettings
        inputs={inputs}
        input={input}
        onInput={(chosen) => recorder.getState().chooseInput(chosen)}
        nextLabel={nextLabel}
        onNextLabel={setChosenLabel}
        countIn={countIn}
        onCountIn={(beats) => recorder.getState().setCountIn(beats)}
        phase={phase}
      />
      <LevelMeter
        meter={meter}
        now={now}
        onClearClip={() => setMeter((meterRef.current = clearClip(meterRef.current)))}
      >
        <LevelCheckButton
          checking={checkRuns}
          disabled={phase !== 'idle' && phase !== 'count_in'}
          onToggle={() => recorder.getState().setLevelCheck(!checking)}
        />
      </LevelMeter>
      <LiveMeters job={job} live={live} />
      <div className="rec-controls">
        <button
          type="button"
          className={`btn rec-button${recording ? ' is-recording' : ''}`}
          aria-pressed={recording}
          disabled={busy || takenElsewhere}
          onClick={toggle}
        >
          <span className="rec-dot" aria-hidden="true" />
          {recording
            ? 'Stop'
            : phase === 'count_in'
              ? 'Cancel count-in'
              : phase === 'starting'
                ? 'Starting…'
                : phase === 'stopping'
                  ? 'Saving…'
                  : 'Record'}
        </button>
        {recording && !askDiscard && (
          <button type="button" className="btn btn-quiet btn-small rec-discard" onClick={() => setAskDiscard(true)}>
            Discard
          </button>
        )}
        {recording && askDiscard && (
          <span className="rec-discard-ask" role="group" aria-label="Discard the take being recorded?">
            <span className="small">Discard this take? It is not kept.</span>{' '}
            <button
              type="button"
              className="btn btn-danger-quiet btn-small"
              onClick={() => void recorder.getState().discard()}
            >
              Discard take
            </button>{' '}
            <button type="button" className="btn btn-quiet btn-small" onClick={() => setAskDiscard(false)}>
              Keep recording
            </button>
          </span>
        )}
        <div
          className={`rec-bigclock rec-${against}`}
          role="timer"
          aria-live="off"
          aria-label="Recording time against the spot length"
        >
          {phase === 'count_in' ? (
            <span className="rec-beat" aria-live="assertive">
              {beat}
            </span>
          ) : (
            <span className="rec-clock">
              <span className="rec-elapsed">{formatElapsed(elapsed)}</span>
              {job.length_s > 0 && <span className="muted"> / {formatSpotLength(job.length_s)}</span>}
            </span>
          )}
          {job.length_s > 0 && (
            <span className="rec-spot-bar" aria-hidden="true">
              <span className="rec-spot-fill moving-fill" style={fillTo(elapsed / job.length_s)} />
            </span>
          )}
        </div>
      </div>
      {against === 'over' && recording && (
        <p className="small rec-over" role="status">
          Past the spot length.
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  )
}
