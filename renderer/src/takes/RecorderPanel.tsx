/**
 * The recorder beside the script: input choice (remembered), a meter with peak hold and clip light, an
 * optional count-in, Record/Stop on Space and on screen, and the clock against the spot length. The take
 * is written by main as it is recorded; when it stops, the takes list shows it with its preflight.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { JobDetail } from '../../../shared/bridge'
import { describeCaptureError, listInputs, PcmCapture, type AudioInput } from './recorder/pcm-capture'
import { errorText } from '../store/error-text'
import { formatSpotLength } from '../ui/format/spot-length'
import { chooseInput, loadCountIn, loadRememberedInput } from './input-choice'
import { clearClip, initialMeter, stepMeter, type MeterState } from './meter-ballistics'
import { elapsedState, formatElapsed } from './take-numbers'
import { LevelMeter } from './LevelMeter'
import { LiveMeters } from './LiveMeters'
import { initialLive, liveOf, stepLive, type LiveState } from './live-loudness'
import { useRecordKey } from './use-record-key'
import { useTakes, useTakesStore } from './takes-store'
import type { TakeLabelValue, TakeView } from '../../../shared/bridge-takes'
import { sinkFor } from './recording-sink'
import { useStopTake } from './use-stop-take'
import { cycleLabel, defaultNextLabel } from './next-label'
import { onReadingCommand } from '../reading/use-reading-keys'
import { useRecordingGuard } from './use-recording-guard'
import { useBridge } from '../bridge/BridgeProvider'
import { RecorderSettings, type RecorderPhase } from './RecorderSettings'
import { BOOTH_GONE_WHILE_RECORDING, recordingFailureText } from './recording-failure'
import { useBooth } from '../store/use-booth'
import { pauseAllPlayback } from './playback'
import { usePunchActive } from './punch/punch-active'
import { useLevelCheck } from './use-level-check'
import { LevelCheckButton } from './LevelCheckButton'

export function RecorderPanel({ job }: { job: JobDetail }) {
  const api = useBridge()
  const takesStore = useTakesStore()
  const [inputs, setInputs] = useState<AudioInput[]>([])
  const [input, setInput] = useState<AudioInput | null>(null)
  const [countIn, setCountIn] = useState(() => loadCountIn(localStorage))
  const [phase, setPhase] = useState<RecorderPhase>('idle')
  const [beat, setBeat] = useState(0)
  const [error, setError] = useState<string | null>(null)
  const [now, setNow] = useState(() => performance.now())
  const [meter, setMeter] = useState<MeterState>(() => initialMeter(performance.now()))
  const meterRef = useRef(meter)
  const liveRef = useRef<ReturnType<typeof liveOf>>(null)
  // The loudness meters, stepped in the same frame tick as the input meter (one render per frame).
  const [live, setLive] = useState<LiveState>(() => initialLive(performance.now()))
  const lastReading = useRef<ReturnType<typeof liveOf>>(null)
  const capture = useRef<PcmCapture<TakeView> | null>(null)
  /** Set at Stop until the take is saved: the meters stand still (use-stop-take.ts). */
  const stopping = useRef(false)
  const [startedAt, setStartedAt] = useState(0)
  const countTimer = useRef<number | null>(null)
  const jobId = job.job_id
  // The next take's label: main, then alt (next-label.ts), unless the person chose one for this take.
  const takes = useTakes((s) => s.byJob[jobId]?.takes ?? [])
  const [chosenLabel, setChosenLabel] = useState<TakeLabelValue | null>(null)
  const nextLabel = chosenLabel ?? defaultNextLabel(takes)
  const nextLabelRef = useRef(nextLabel)
  useLayoutEffect(() => {
    nextLabelRef.current = nextLabel
  })

  const refreshInputs = useCallback(
    () =>
      listInputs().then(
        (found) => {
          setInputs(found)
          setInput((current) => (current && found.some((i) => i.deviceId === current.deviceId) ? current : chooseInput(found, loadRememberedInput(localStorage))))
        },
        (err: unknown) => setError(describeCaptureError(err)),
      ),
    [],
  )

  useEffect(() => {
    void refreshInputs()
    const md = navigator.mediaDevices
    if (!md) return
    const onChange = () => void refreshInputs()
    md.addEventListener('devicechange', onChange)
    return () => md.removeEventListener('devicechange', onChange)
  }, [refreshInputs])

  // The meter and clock move with the screen while recording; the meter falls back to rest after.
  useEffect(() => {
    if (phase !== 'recording') return
    let frame = 0
    const tick = () => {
      if (stopping.current) return
      const t = performance.now()
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
  }, [phase])

  // A take that stops by itself (the disk stopped it, Booth is gone): the recorder is idle at once and says why.
  const stoppedBy = useCallback((why: string) => {
    capture.current = null
    setError(why)
    meterRef.current = { ...initialMeter(performance.now()), clipUntil: meterRef.current.clipUntil }
    setMeter(meterRef.current)
    setPhase('idle')
    void takesStore.getState().loadTakes(jobId)
  }, [jobId, takesStore])
  const stoppedByRef = useRef(stoppedBy)
  useLayoutEffect(() => {
    stoppedByRef.current = stoppedBy
  })
  const host = useBooth((s) => s.host)
  useEffect(() => {
    const rec = capture.current
    if (host === 'up' || !rec) return
    // Booth went away mid-take (its appends may hang rather than fail): the input is let go here.
    void rec.abandon()
    stoppedByRef.current(BOOTH_GONE_WHILE_RECORDING)
  }, [host])

  const begin = useCallback(async () => {
    setPhase('starting')
    setError(null)
    const rec: PcmCapture<TakeView> = new PcmCapture(sinkFor(api, job, nextLabelRef.current), (level) => {
      meterRef.current = stepMeter(meterRef.current, performance.now(), level)
      liveRef.current = liveOf(level) ?? liveRef.current
    }, (err) => {
      if (capture.current === rec) stoppedByRef.current(recordingFailureText(err))
    })
    capture.current = rec
    try {
      await rec.start(input?.deviceId ?? null, 1)
      const t = performance.now()
      setStartedAt(t)
      meterRef.current = initialMeter(t)
      liveRef.current = null
      lastReading.current = null
      setLive(initialLive(t))
      setNow(t)
      setPhase('recording')
      setChosenLabel(null)
      void refreshInputs()
    } catch (err) {
      capture.current = null
      await rec.cancel().catch(() => undefined)
      setError(describeCaptureError(err))
      setPhase('idle')
    }
  }, [api, job, input, refreshInputs])

  const restMeter = useCallback(() => {
    meterRef.current = { ...initialMeter(performance.now()), clipUntil: meterRef.current.clipUntil }
    setMeter(meterRef.current)
  }, [])
  const stop = useStopTake({ jobId, captureRef: capture, stoppingRef: stopping, setPhase, setError, restMeter })

  // A level check (use-level-check.ts): the input meter runs, nothing is recorded, when the talent asks
  // and while the count-in runs; the microphone is let go when it ends (and before a take starts).
  const [checking, setChecking] = useState(false)
  const checkRuns = (checking && phase === 'idle') || phase === 'counting'
  useLevelCheck(checkRuns, input?.deviceId ?? null, (level, t) => {
    meterRef.current = stepMeter(meterRef.current, t, level)
    setMeter(meterRef.current)
    setNow(t)
  }, (why) => {
    setChecking(false)
    setError(why)
  }, restMeter)

  const cancelCount = () => {
    if (countTimer.current !== null) window.clearInterval(countTimer.current)
    countTimer.current = null
    setPhase('idle')
  }

  const toggle = useCallback(() => {
    if (phase === 'recording') return void stop()
    if (phase === 'counting') return cancelCount()
    if (phase !== 'idle') return
    // A take ends the level check (the count-in runs its own, then Record takes the microphone).
    setChecking(false)
    // Never record over a playback (it would bleed into the microphone).
    pauseAllPlayback()
    if (countIn === 0) return void begin()
    setPhase('counting')
    setBeat(countIn)
    let left = countIn
    countTimer.current = window.setInterval(() => {
      left -= 1
      setBeat(left)
      if (left <= 0) {
        if (countTimer.current !== null) window.clearInterval(countTimer.current)
        countTimer.current = null
        void begin()
      }
    }, 1000)
  }, [phase, countIn, begin, stop])

  const discard = async () => {
    const rec = capture.current
    if (!rec || stopping.current) return
    setPhase('stopping')
    capture.current = null
    await rec.cancel().catch((err: unknown) => setError(errorText(err)))
    setPhase('idle')
  }

  // While a punch-and-roll is shown, Space is the punch's (punch/PunchPanel.tsx).
  const punching = usePunchActive((s) => s.active)
  useRecordKey(!punching, phase === 'recording', toggle)

  // While a take records, leaving the job asks first (see use-recording-guard.ts).
  const stopRef = useRef(stop)
  useLayoutEffect(() => {
    stopRef.current = stop
  })
  const advertiser = job.advertiser
  useEffect(() => {
    if (phase !== 'recording') return
    const guard = useRecordingGuard.getState()
    guard.setActive({ jobId, advertiser, stop: () => stopRef.current() })
    return () => guard.setActive(null)
  }, [phase, jobId, advertiser])
  const idle = phase === 'idle'
  // `l` (a reading-mode key) gives the next take the following label.
  useEffect(
    () =>
      onReadingCommand((command) => {
        if (command === 'next-label' && idle) setChosenLabel(cycleLabel(nextLabelRef.current))
      }),
    [idle],
  )

  // Leaving the job (or closing it with Esc) while recording keeps what was recorded.
  useEffect(
    () => () => {
      if (countTimer.current !== null) window.clearInterval(countTimer.current)
      void capture.current?.stop().catch(() => undefined)
    },
    [],
  )

  const elapsed = phase === 'recording' ? (now - startedAt) / 1000 : 0
  const against = elapsedState(elapsed, job.length_s)
  const busy = phase === 'starting' || phase === 'stopping'
  const recording = phase === 'recording'

  return (
    <section className="side-section recorder" aria-labelledby="recorder-title" data-phase={phase}>
      <header className="section-head">
        <h3 id="recorder-title" className="section-title">Record</h3>
        <span className="muted small"><kbd>Space</kbd> records and stops</span>
      </header>
      <RecorderSettings
        inputs={inputs}
        input={input}
        onInput={setInput}
        nextLabel={nextLabel}
        onNextLabel={setChosenLabel}
        countIn={countIn}
        onCountIn={setCountIn}
        phase={phase}
      />
      <LevelMeter meter={meter} now={now} onClearClip={() => setMeter((meterRef.current = clearClip(meterRef.current)))}>
        <LevelCheckButton checking={checkRuns} disabled={phase !== 'idle' && phase !== 'counting'} onToggle={() => setChecking(!checking)} />
      </LevelMeter>
      <LiveMeters job={job} live={live} />
      <div className="rec-controls">
        <button
          type="button"
          className={`btn rec-button${recording ? ' is-recording' : ''}`}
          aria-pressed={recording}
          disabled={busy}
          onClick={toggle}
        >
          <span className="rec-dot" aria-hidden="true" />
          {recording ? 'Stop' : phase === 'counting' ? 'Cancel count-in' : phase === 'starting' ? 'Starting…' : phase === 'stopping' ? 'Saving…' : 'Record'}
        </button>
        {recording && (
          <button type="button" className="btn btn-quiet btn-small rec-discard" onClick={() => void discard()}>
            Discard
          </button>
        )}
        <div className={`rec-bigclock rec-${against}`} role="timer" aria-live="off" aria-label="Recording time against the spot length">
          {phase === 'counting' ? (
            <span className="rec-beat" aria-live="assertive">{beat}</span>
          ) : (
            <span className="rec-clock">
              <span className="rec-elapsed">{formatElapsed(elapsed)}</span>
              {job.length_s > 0 && <span className="muted"> / {formatSpotLength(job.length_s)}</span>}
            </span>
          )}
          {job.length_s > 0 && (
            <span className="rec-spot-bar" aria-hidden="true">
              <span className="rec-spot-fill" style={{ width: `${Math.min(100, (elapsed / job.length_s) * 100)}%` }} />
            </span>
          )}
        </div>
      </div>
      {against === 'over' && recording && <p className="small rec-over" role="status">Past the spot length.</p>}
      {error && <p className="form-error" role="alert">{error}</p>}
    </section>
  )
}
