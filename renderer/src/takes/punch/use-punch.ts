/**
 * One punch-and-roll, driven through the recorder's phases (shared/versions/recorder-phases.ts): a request
 * (a finding's "Fix this", a sentence, a click on the take, a key) is planned by main and shown; start opens
 * the input and main's recording take, counts in when the recorder counts in, plays the pre-roll and records
 * from its first frame; the position moves the phase to punch at the punch point; stop makes the version
 * (finishPunch); cancel, or a stop before the punch point, leaves the take as it was (cancelPunch).
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { BoothApi } from '../../../../shared/bridge'
import type { VersionMade } from '../../../../shared/bridge-versions'
import type { PunchPlanView } from '../../../../shared/versions/types'
import { INITIAL_RECORDER_STATE, transition, type RecorderEvent, type RecorderState } from '../../../../shared/versions/recorder-phases'
import { errorText } from '../../store/error-text'
import { describeCaptureError } from '../recorder/pcm-capture'
import { PunchAudio } from './punch-audio'
import { loadCalibration, type LatencyChoice } from './punch-latency'
import type { PunchSettings } from './punch-settings'

export type PunchStage = 'none' | 'planning' | 'armed' | 'preparing' | 'rolling' | 'making' | 'done' | 'problem'

export interface PunchRequestShown {
  takeId: string
  sentence: number
  /** "Take 2", for the words on screen. */
  takeName: string
}

export interface PunchStatus {
  stage: PunchStage
  request: PunchRequestShown | null
  plan: PunchPlanView | null
  rec: RecorderState
  latency: LatencyChoice | null
  made: VersionMade | null
  /** What ended the punch without a version, or what went wrong, in words. */
  message: string | null
  positionS: number
}

const NONE: PunchStatus = { stage: 'none', request: null, plan: null, rec: INITIAL_RECORDER_STATE, latency: null, made: null, message: null, positionS: 0 }

export interface PunchControls {
  status: PunchStatus
  request(r: PunchRequestShown): void
  start(): void
  stop(): void
  cancel(): void
  close(): void
  /** Shows why a request cannot be taken now. */
  refuse(message: string): void
}

export function usePunch(api: BoothApi, opts: { settings: PunchSettings; deviceId: string | null; countIn: number; onDone(takeId: string): void }): PunchControls {
  const [status, setStatus] = useState<PunchStatus>(NONE)
  const statusRef = useRef(status)
  const audio = useRef<PunchAudio | null>(null)
  const timers = useRef<{ beat: number | null; frame: number | null }>({ beat: null, frame: null })
  const optsRef = useRef(opts)
  useLayoutEffect(() => {
    optsRef.current = opts
  })

  const put = useCallback((patch: Partial<PunchStatus>) => {
    statusRef.current = { ...statusRef.current, ...patch }
    setStatus(statusRef.current)
  }, [])
  /** Feeds the phases one event; a refused event leaves them as they were. */
  const feed = useCallback((event: RecorderEvent) => {
    const t = transition(statusRef.current.rec, event)
    if (t.accepted) put({ rec: t.state })
    return t
  }, [put])

  const stopTimers = () => {
    if (timers.current.beat !== null) window.clearInterval(timers.current.beat)
    if (timers.current.frame !== null) cancelAnimationFrame(timers.current.frame)
    timers.current = { beat: null, frame: null }
  }

  /** The recording is dropped and main told: the take stays as it was. */
  const abandon = useCallback(async (message: string) => {
    stopTimers()
    const a = audio.current
    audio.current = null
    const id = a?.started?.recordingTakeId
    await a?.cancel().catch(() => undefined)
    if (id) await api.cancelPunch({ recordingTakeId: id }).catch(() => undefined)
    // Back to idle from whichever phase it was in.
    feed({ type: 'stop' })
    feed({ type: 'stopped' })
    feed({ type: 'dismiss' })
    put({ stage: 'problem', message })
  }, [api, feed, put])

  const request = useCallback((r: PunchRequestShown) => {
    const s = statusRef.current
    if (s.stage === 'preparing' || s.stage === 'rolling' || s.stage === 'making') {
      put({ message: 'A punch is under way: stop it or press Esc first.' })
      return
    }
    put({ ...NONE, stage: 'planning', request: r })
    api.planPunch({ takeId: r.takeId, sentence: r.sentence, prerollS: optsRef.current.settings.prerollS }).then(
      (plan) => {
        if (statusRef.current.request !== r) return
        put({ stage: 'armed', plan, positionS: plan.preroll_s })
      },
      (err: unknown) => {
        if (statusRef.current.request === r) put({ stage: 'problem', message: errorText(err) })
      },
    )
  }, [api, put])

  const roll = useCallback(() => {
    const a = audio.current
    if (!a) return
    try {
      a.roll()
    } catch (err) {
      void abandon(errorText(err))
      return
    }
    // The playback position, each frame, moves the phases (pre-roll → punch at the punch point).
    const tick = () => {
      const plan = statusRef.current.plan
      if (audio.current !== a || !plan) return
      const s = a.positionS()
      feed({ type: 'position', frame: Math.round(s * plan.sample_rate) })
      put({ positionS: s })
      timers.current.frame = requestAnimationFrame(tick)
    }
    timers.current.frame = requestAnimationFrame(tick)
  }, [abandon, feed, put])

  const start = useCallback(() => {
    const s = statusRef.current
    if (s.stage !== 'armed' || !s.request || !s.plan) return
    const { settings, deviceId, countIn } = optsRef.current
    const a = new PunchAudio({
      api, takeId: s.request.takeId, sentence: s.request.sentence, deviceId, prerollS: settings.prerollS, keepPlaying: settings.keepPlaying,
      calibrated: (device) => loadCalibration(localStorage, device), onLevel: () => undefined,
    })
    audio.current = a
    put({ stage: 'preparing', message: null })
    a.prepare().then(
      (started) => {
        if (audio.current !== a) return
        put({ stage: 'rolling', plan: started.plan, latency: started.latency })
        const p = started.plan
        const t = feed({ type: 'start', mode: { kind: 'punch', target: { takeId: p.takeId, sentence: p.sentence, prerollFrame: p.preroll_frame, punchFrame: p.punch_frame, sampleRate: p.sample_rate } }, countInBeats: countIn })
        if (!t.accepted) return void abandon(t.reason ?? 'The punch could not start.')
        if (t.state.phase === 'pre_roll') return roll()
        timers.current.beat = window.setInterval(() => {
          const b = feed({ type: 'beat' })
          if (b.state.phase !== 'count_in') {
            if (timers.current.beat !== null) window.clearInterval(timers.current.beat)
            timers.current.beat = null
            roll()
          }
        }, 1000)
      },
      (err: unknown) => {
        if (audio.current !== a) return
        void abandon(err instanceof DOMException ? describeCaptureError(err) : errorText(err))
      },
    )
  }, [api, abandon, feed, put, roll])

  const stop = useCallback(() => {
    const s = statusRef.current
    if (s.stage !== 'rolling') return
    const t = feed({ type: 'stop' })
    if (!t.accepted) return
    const takeName = s.request?.takeName ?? 'The take'
    if (t.state.phase === 'idle' || (t.state.phase === 'stopping' && !t.state.keep)) {
      void abandon(`Stopped before the punch point: ${takeName} is unchanged.`)
      return
    }
    stopTimers()
    const a = audio.current
    const id = a?.started?.recordingTakeId
    if (!a || !id) return
    put({ stage: 'making' })
    a.stop()
      .then(() => api.finishPunch({ recordingTakeId: id }))
      .then(
        (made) => {
          audio.current = null
          feed({ type: 'stopped' })
          put({ stage: 'done', made })
          optsRef.current.onDone(made.take.id)
        },
        (err: unknown) => {
          audio.current = null
          feed({ type: 'error', message: errorText(err) })
          feed({ type: 'dismiss' })
          put({ stage: 'problem', message: `${errorText(err)} ${takeName} is unchanged; what was recorded is kept as a pickup take.` })
          optsRef.current.onDone(s.request?.takeId ?? '')
        },
      )
  }, [api, abandon, feed, put])

  const cancel = useCallback(() => {
    const s = statusRef.current
    if (s.stage === 'making') return
    if (s.stage === 'preparing' || s.stage === 'rolling') {
      void abandon(`Punch cancelled: ${s.request?.takeName ?? 'the take'} is unchanged.`)
      return
    }
    put(NONE)
  }, [abandon, put])

  const close = useCallback(() => {
    if (statusRef.current.stage === 'done' || statusRef.current.stage === 'problem' || statusRef.current.stage === 'armed') put(NONE)
  }, [put])

  useEffect(() => () => {
    stopTimers()
    const a = audio.current
    const id = a?.started?.recordingTakeId
    audio.current = null
    void a?.cancel()
    if (id) void api.cancelPunch({ recordingTakeId: id }).catch(() => undefined)
  }, [api])

  const refuse = useCallback((message: string) => {
    const s = statusRef.current
    if (s.stage === 'none' || s.stage === 'done' || s.stage === 'problem') put({ ...NONE, stage: 'problem', message })
    else put({ message })
  }, [put])

  return { status, request, start, stop, cancel, close, refuse }
}
