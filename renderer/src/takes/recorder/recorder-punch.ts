/**
 * The recorder store's punch-and-roll (recorder-store.ts), through the recorder's phases: a request (a
 * finding's "Fix this", a sentence, a click on the take, a key) is planned by main and shown (armed);
 * start opens the input, the take's audio and main's recording take (starting), counts in when the
 * recorder counts in, plays the pre-roll and records from its first frame; the playback position moves the
 * phase to punch at the punch point; stop makes the version (finishPunch); cancel, or a stop before the
 * punch point, leaves the take as it was (cancelPunch).
 */
import type { JobDetail } from '../../../../shared/bridge'
import {
  recorderMode,
  type PunchTarget,
  type RecorderEvent,
  type Transition,
} from '../../../../shared/versions/recorder-phases'
import type { PunchPlanView } from '../../../../shared/versions/types'
import { errorText } from '../../store/error-text'
import { savePunchSettings } from '../punch/punch-settings'
import type {
  PunchCapture,
  PunchRequestShown,
  PunchSession,
  RecorderData,
  RecorderDeps,
  RecorderStoreState,
} from './recorder-types'
import { guardedRun, punchRunning } from './recorder-view'
import { rememberTakeInFlight } from './take-in-flight'

export const NO_PUNCH: PunchSession = {
  stage: 'none',
  job: null,
  request: null,
  plan: null,
  latency: null,
  made: null,
  message: null,
  positionS: 0,
}

export interface PunchContext {
  set(patch: Partial<RecorderData>): void
  get(): RecorderStoreState
  feed(event: RecorderEvent, patch?: Partial<RecorderData>): Transition
  deps: RecorderDeps
}

function targetOf(p: PunchPlanView): PunchTarget {
  return {
    takeId: p.takeId,
    sentence: p.sentence,
    prerollFrame: p.preroll_frame,
    punchFrame: p.punch_frame,
    sampleRate: p.sample_rate,
  }
}

export function punchActions({ set, get, feed, deps }: PunchContext) {
  const { api, capture, clock } = deps
  /** The punch's audio, from start until its version is made or it is let go. */
  let audio: PunchCapture | null = null
  let stopBeats: (() => void) | null = null
  let stopFrames: (() => void) | null = null

  const put = (patch: Partial<PunchSession>) => set({ punch: { ...get().punch, ...patch } })
  const stopTimers = () => {
    stopBeats?.()
    stopFrames?.()
    stopBeats = null
    stopFrames = null
  }
  /** The recorder back to idle from whichever phase the punch was in. */
  const punchToIdle = () => {
    if (recorderMode(get().rec) !== 'punch') return
    feed({ type: 'stop' })
    feed({ type: 'stopped' })
    feed({ type: 'dismiss' })
  }

  /** The recording is dropped and main told: the take stays as it was. */
  const abandon = async (message: string) => {
    stopTimers()
    const a = audio
    audio = null
    const id = a?.started?.recordingTakeId
    await a?.cancel().catch(() => undefined)
    if (id) await api.cancelPunch({ recordingTakeId: id }).catch(() => undefined)
    punchToIdle()
    put({ stage: 'problem', message })
  }

  const refuse = (job: JobDetail, message: string) => {
    const stage = get().punch.stage
    if (stage === 'none' || stage === 'done' || stage === 'problem')
      set({ punch: { ...NO_PUNCH, job: { jobId: job.job_id, advertiser: job.advertiser }, stage: 'problem', message } })
    else put({ message })
  }

  const roll = () => {
    const a = audio
    if (!a) return
    try {
      a.roll()
    } catch (err) {
      void abandon(errorText(err))
      return
    }
    // The playback position, each frame, moves the phases (pre-roll → punch at the punch point).
    stopFrames = clock.frames(() => {
      const plan = get().punch.plan
      if (audio !== a || !plan) return
      const s = a.positionS()
      feed({ type: 'position', frame: Math.round(s * plan.sample_rate) })
      put({ positionS: s })
    })
  }

  const requestPunch = (job: JobDetail, r: PunchRequestShown) => {
    const s = get()
    if (guardedRun(s) && !punchRunning(s)) return refuse(job, 'A take is recording: stop it first, then punch in.')
    if (punchRunning(s)) return put({ message: 'A punch is under way: stop it or press Esc first.' })
    set({
      punch: { ...NO_PUNCH, stage: 'planning', job: { jobId: job.job_id, advertiser: job.advertiser }, request: r },
    })
    api.planPunch({ takeId: r.takeId, sentence: r.sentence, prerollS: get().punchSettings.prerollS }).then(
      (plan) => {
        if (get().punch.request !== r) return
        put({ stage: 'armed', plan, positionS: plan.preroll_s })
        // The input the punch records: the recorder's, as chosen and remembered.
        void get().refreshInputs()
      },
      (err: unknown) => {
        if (get().punch.request === r) put({ stage: 'problem', message: errorText(err) })
      },
    )
  }

  const startPunch = () => {
    const s = get().punch
    if (s.stage !== 'armed' || !s.request || !s.plan || !s.job) return
    const opened = feed(
      { type: 'open', mode: { kind: 'punch', target: targetOf(s.plan) }, countInBeats: get().countIn },
      { run: s.job },
    )
    if (!opened.accepted) return put({ stage: 'problem', message: opened.reason ?? 'The punch could not start.' })
    const { prerollS, keepPlaying } = get().punchSettings
    const a = capture.punch({
      takeId: s.request.takeId,
      sentence: s.request.sentence,
      deviceId: get().input?.deviceId ?? null,
      prerollS,
      keepPlaying,
    })
    audio = a
    put({ stage: 'preparing', message: null })
    a.prepare().then(
      (started) => {
        if (audio !== a) return
        put({ stage: 'rolling', plan: started.plan, latency: started.latency })
        // A reload from here finds the punch's recording and says what became of it (take-in-flight.ts).
        if (s.job) rememberTakeInFlight(deps.session ?? null, { takeId: started.recordingTakeId, jobId: s.job.jobId })
        const t = feed({ type: 'opened', target: targetOf(started.plan) })
        if (!t.accepted) return void abandon(t.reason ?? 'The punch could not start.')
        if (t.state.phase === 'pre_roll') return roll()
        stopBeats = clock.every(1000, () => {
          const b = feed({ type: 'beat' })
          if (b.state.phase !== 'count_in') {
            stopBeats?.()
            stopBeats = null
            roll()
          }
        })
      },
      (err: unknown) => {
        if (audio !== a) return
        void abandon(err instanceof DOMException ? capture.describeError(err) : errorText(err))
      },
    )
  }

  const stopPunch = () => {
    const s = get().punch
    if (s.stage !== 'rolling') return
    const t = feed({ type: 'stop' })
    if (!t.accepted) return
    const takeName = s.request?.takeName ?? 'The take'
    if (t.state.phase === 'idle' || (t.state.phase === 'stopping' && !t.state.keep)) {
      void abandon(`Stopped before the punch point: ${takeName} is unchanged.`)
      return
    }
    stopTimers()
    const a = audio
    const id = a?.started?.recordingTakeId
    if (!a || !id) return
    put({ stage: 'making' })
    const jobId = s.job?.jobId
    const done = () => {
      if (jobId) void deps.takes.getState().loadTakes(jobId)
    }
    a.stop()
      .then(() => api.finishPunch({ recordingTakeId: id }))
      .then(
        (made) => {
          if (audio !== a) return
          audio = null
          feed({ type: 'stopped' })
          put({ stage: 'done', made })
          done()
        },
        (err: unknown) => {
          if (audio !== a) return
          audio = null
          feed({ type: 'error', message: errorText(err) })
          feed({ type: 'dismiss' })
          put({
            stage: 'problem',
            message: `${errorText(err)} ${takeName} is unchanged; what was recorded is kept as a pickup take.`,
          })
          done()
        },
      )
  }

  const cancelPunch = () => {
    const s = get().punch
    if (s.stage === 'making') return
    if (s.stage === 'preparing' || s.stage === 'rolling') {
      void abandon(`Punch cancelled: ${s.request?.takeName ?? 'the take'} is unchanged.`)
      return
    }
    set({ punch: NO_PUNCH })
  }

  const closePunch = () => {
    const stage = get().punch.stage
    if (stage === 'done' || stage === 'problem' || stage === 'armed') set({ punch: NO_PUNCH })
  }

  /** The job's punch panel went away: a punch under way is let go (main told), and nothing is shown. */
  const releasePunch = (jobId: string) => {
    if (get().punch.job?.jobId !== jobId) return
    stopTimers()
    const a = audio
    const id = a?.started?.recordingTakeId
    audio = null
    void a?.cancel()
    if (id) void api.cancelPunch({ recordingTakeId: id }).catch(() => undefined)
    punchToIdle()
    set({ punch: NO_PUNCH })
  }

  const setPunchSettings = (settings: RecorderData['punchSettings']) => {
    savePunchSettings(deps.storage, settings)
    set({ punchSettings: settings })
  }

  return { actions: { requestPunch, startPunch, stopPunch, cancelPunch, closePunch, setPunchSettings }, releasePunch }
}
