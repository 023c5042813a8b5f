/**
 * The recorder store's punch-and-roll (recorder-store.ts), through the recorder's machine: a request (a
 * finding's "Fix this", a sentence, a click on the take, a key) is planned by main (planning) and shown
 * (armed); start opens the input, the take's audio and main's recording take (starting), counts in when the
 * recorder counts in, plays the pre-roll and records from its first frame; the playback position moves the
 * phase to punch at the punch point; stop makes the version (finishPunch); cancel, or a stop before the
 * punch point, leaves the take as it was (cancelPunch). Every stage is a phase of the machine; `punch` holds
 * only what the punch is about and what it ended with.
 */
import type { JobDetail } from '../../../../shared/bridge'
import type { PunchPlanView } from '../../../../shared/versions/types'
import { errorText } from '../../store/error-text'
import { recorderMode, type PunchTarget, type RecorderEvent, type Transition } from './recorder-machine'
import { savePunchSettings } from './punch-settings'
import type {
  PunchCapture,
  PunchRequestShown,
  PunchSession,
  RecorderData,
  RecorderDeps,
  RecorderStoreState,
} from './recorder-types'
import { punchOnScreen } from './recorder-view'
import { rememberTakeInFlight } from './take-in-flight'

export const NO_PUNCH: PunchSession = { job: null, request: null, plan: null, latency: null, made: null, message: null }

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

  const said = (patch: Partial<PunchSession>) => set({ punch: { ...get().punch, ...patch } })
  const stopTimers = () => {
    stopBeats?.()
    stopFrames?.()
    stopBeats = null
    stopFrames = null
  }
  /** The recorder back to idle from whichever phase of a punch it is in, by the events that phase takes. */
  const punchToIdle = () => {
    const phase = get().rec.phase
    if (phase === 'planning' || phase === 'armed') return void feed({ type: 'close' })
    if (recorderMode(get().rec) !== 'punch') return
    if (phase === 'starting' || phase === 'count_in') return void feed({ type: 'stop' })
    if (phase !== 'stopping') feed({ type: 'stop', keep: false })
    feed({ type: 'stopped' })
  }

  /** The recording is dropped and main told: the take stays as it was, and the panel says `message`. */
  const abandon = async (message: string) => {
    stopTimers()
    const a = audio
    audio = null
    const id = a?.started?.recordingTakeId
    // The recorder stops at once (nothing more is recorded); it is idle once main has let the recording go.
    if (recorderMode(get().rec) === 'punch' && get().rec.phase !== 'stopping') feed({ type: 'stop', keep: false })
    said({ message })
    await a?.cancel().catch(() => undefined)
    if (id) await api.cancelPunch({ recordingTakeId: id }).catch(() => undefined)
    punchToIdle()
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
    // The playback position, each frame, moves the phases (pre-roll → punch at the punch point): its one record.
    stopFrames = clock.frames(() => {
      const rec = get().rec
      if (audio !== a || (rec.phase !== 'pre_roll' && rec.phase !== 'punch')) return
      feed({ type: 'position', frame: Math.round(a.positionS() * rec.target.sampleRate) })
    })
  }

  const requestPunch = (job: JobDetail, r: PunchRequestShown) => {
    const run = { jobId: job.job_id, advertiser: job.advertiser }
    const t = feed({ type: 'request' }, { run, punch: { ...NO_PUNCH, job: run, request: r } })
    if (!t.accepted) {
      const message =
        recorderMode(get().rec) === 'punch'
          ? 'A punch is under way: stop it or press Esc first.'
          : 'A take is recording: stop it first, then punch in.'
      // Said in the punch shown, or in a punch panel of its own (with Close) when none is.
      return punchOnScreen(get()) ? said({ message }) : set({ punch: { ...NO_PUNCH, job: run, request: r, message } })
    }
    api.planPunch({ takeId: r.takeId, sentence: r.sentence, prerollS: get().punchSettings.prerollS }).then(
      (plan) => {
        if (get().punch.request !== r || get().rec.phase !== 'planning') return
        if (feed({ type: 'planned', target: targetOf(plan) }, { punch: { ...get().punch, plan } }).accepted)
          // The input the punch records: the recorder's, as chosen and remembered.
          void get().refreshInputs()
        else said({ message: 'Main planned a punch that cannot be recorded.' })
      },
      (err: unknown) => {
        if (get().punch.request !== r || get().rec.phase !== 'planning') return
        feed({ type: 'error', message: errorText(err) }, { punch: { ...get().punch, message: errorText(err) } })
        feed({ type: 'dismiss' })
      },
    )
  }

  const startPunch = () => {
    const rec = get().rec
    const s = get().punch
    if (rec.phase !== 'armed' || !s.request || !s.job) return
    const opened = feed({ type: 'open', mode: { kind: 'punch', target: rec.target }, countInBeats: get().countIn })
    if (!opened.accepted) return said({ message: opened.reason })
    const { prerollS, keepPlaying } = get().punchSettings
    const a = capture.punch({
      takeId: s.request.takeId,
      sentence: s.request.sentence,
      deviceId: get().input?.deviceId ?? null,
      prerollS,
      keepPlaying,
    })
    audio = a
    said({ message: null })
    a.prepare().then(
      (started) => {
        if (audio !== a) return
        // A reload from here finds the punch's recording and says what became of it (take-in-flight.ts).
        if (s.job) rememberTakeInFlight(deps.session ?? null, { takeId: started.recordingTakeId, jobId: s.job.jobId })
        const punch = { ...get().punch, plan: started.plan, latency: started.latency }
        const t = feed({ type: 'opened', target: targetOf(started.plan) }, { punch })
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
    const phase = get().rec.phase
    if (recorderMode(get().rec) !== 'punch' || (phase !== 'count_in' && phase !== 'pre_roll' && phase !== 'punch'))
      return
    const takeName = get().punch.request?.takeName ?? 'The take'
    if (phase !== 'punch') return void abandon(`Stopped before the punch point: ${takeName} is unchanged.`)
    const a = audio
    const id = a?.started?.recordingTakeId
    if (!a || !id) return
    stopTimers()
    feed({ type: 'stop' })
    const jobId = get().punch.job?.jobId
    const done = () => {
      if (jobId) void deps.takes.getState().loadTakes(jobId)
    }
    a.stop()
      .then(() => api.finishPunch({ recordingTakeId: id }))
      .then(
        (made) => {
          if (audio !== a) return
          audio = null
          feed({ type: 'stopped' }, { punch: { ...get().punch, made } })
          done()
        },
        (err: unknown) => {
          if (audio !== a) return
          audio = null
          const message = `${errorText(err)} ${takeName} is unchanged; what was recorded is kept as a pickup take.`
          feed({ type: 'error', message: errorText(err) }, { punch: { ...get().punch, message } })
          feed({ type: 'dismiss' })
          done()
        },
      )
  }

  const cancelPunch = () => {
    const rec = get().rec
    if (rec.phase === 'stopping' && rec.mode.kind === 'punch') return
    if (recorderMode(rec) === 'punch')
      return void abandon(`Punch cancelled: ${get().punch.request?.takeName ?? 'the take'} is unchanged.`)
    punchToIdle()
    set({ punch: NO_PUNCH })
  }

  /** Closes what the punch ended with, or a plan not started; a punch under way stays. */
  const closePunch = () => {
    if (recorderMode(get().rec) === 'punch') return
    punchToIdle()
    set({ punch: NO_PUNCH })
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
    if (punchOnScreen(get())) punchToIdle()
    set({ punch: NO_PUNCH })
  }

  const setPunchSettings = (settings: RecorderData['punchSettings']) => {
    savePunchSettings(deps.storage, settings)
    set({ punchSettings: settings })
  }

  return { actions: { requestPunch, startPunch, stopPunch, cancelPunch, closePunch, setPunchSettings }, releasePunch }
}
