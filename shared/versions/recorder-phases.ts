/**
 * The recorder's phases as one pure state machine: the recorder panel only displays its state and feeds
 * it events (a key, a count-in beat, the playback position, the writer having stopped, an error).
 *
 *   idle ──start──▶ count_in ──beat × n──▶ recording            (a take)
 *                            └────────────▶ pre_roll ──position ≥ punch──▶ punch   (punch-and-roll)
 *   (start with no count-in goes straight to recording / pre_roll)
 *   count_in ──stop──▶ idle                       nothing was recorded
 *   pre_roll ──stop──▶ stopping (keep: false)     nothing reached the punch point: the take stays as it is
 *   recording / punch ──stop──▶ stopping (keep: true)
 *   stopping ──stopped──▶ idle
 *   any phase but idle and failed ──error──▶ failed ──dismiss──▶ idle
 *
 * An event a phase does not take is refused with the reason, and the state stays as it was.
 */

export const RECORDER_PHASES = ['idle', 'count_in', 'pre_roll', 'recording', 'punch', 'stopping', 'failed'] as const
export type RecorderPhase = (typeof RECORDER_PHASES)[number]

/** What a punch-and-roll plays and where it punches in (frames of the take). */
export interface PunchTarget {
  takeId: string
  sentence: number
  prerollFrame: number
  punchFrame: number
  sampleRate: number
}

export type RecorderMode = { kind: 'take' } | { kind: 'punch'; target: PunchTarget }

export type RecorderState =
  | { phase: 'idle' }
  | { phase: 'count_in'; mode: RecorderMode; beatsLeft: number }
  | { phase: 'pre_roll'; target: PunchTarget; positionFrame: number }
  | { phase: 'recording' }
  | { phase: 'punch'; target: PunchTarget; positionFrame: number }
  | { phase: 'stopping'; keep: boolean; mode: RecorderMode }
  | { phase: 'failed'; message: string; during: RecorderPhase }

export type RecorderEvent =
  | { type: 'start'; mode: RecorderMode; countInBeats: number }
  | { type: 'beat' }
  | { type: 'position'; frame: number }
  | { type: 'stop' }
  | { type: 'stopped' }
  | { type: 'error'; message: string }
  | { type: 'dismiss' }

export interface Transition {
  state: RecorderState
  accepted: boolean
  /** Why an event was refused, in words; null when accepted. */
  reason: string | null
}

export const INITIAL_RECORDER_STATE: RecorderState = { phase: 'idle' }
/** The longest count-in, in beats. */
export const MAX_COUNT_IN_BEATS = 8

const ok = (state: RecorderState): Transition => ({ state, accepted: true, reason: null })
const no = (state: RecorderState, reason: string): Transition => ({ state, accepted: false, reason })

function startGuard(mode: RecorderMode, beats: number): string | null {
  if (!Number.isInteger(beats) || beats < 0 || beats > MAX_COUNT_IN_BEATS) return `A count-in is 0 to ${MAX_COUNT_IN_BEATS} beats.`
  if (mode.kind === 'punch') {
    const t = mode.target
    if (!(Number.isInteger(t.prerollFrame) && Number.isInteger(t.punchFrame) && t.prerollFrame >= 0 && t.punchFrame > t.prerollFrame)) {
      return 'A punch-and-roll needs its pre-roll to start before its punch point.'
    }
    if (!(t.sampleRate > 0)) return 'A punch-and-roll needs the take’s sample rate.'
  }
  return null
}

/** Where a mode goes once counted in. */
function rolling(mode: RecorderMode): RecorderState {
  return mode.kind === 'take' ? { phase: 'recording' } : { phase: 'pre_roll', target: mode.target, positionFrame: mode.target.prerollFrame }
}

function modeOf(state: RecorderState): RecorderMode {
  if (state.phase === 'pre_roll' || state.phase === 'punch') return { kind: 'punch', target: state.target }
  return { kind: 'take' }
}

export function transition(state: RecorderState, event: RecorderEvent): Transition {
  const active = state.phase !== 'idle' && state.phase !== 'failed'
  if (event.type === 'error') {
    return active ? ok({ phase: 'failed', message: event.message, during: state.phase }) : no(state, `Nothing is recording (${state.phase}).`)
  }
  switch (state.phase) {
    case 'idle':
      if (event.type !== 'start') return no(state, 'Nothing is recording.')
      {
        const why = startGuard(event.mode, event.countInBeats)
        if (why) return no(state, why)
        return ok(event.countInBeats > 0 ? { phase: 'count_in', mode: event.mode, beatsLeft: event.countInBeats } : rolling(event.mode))
      }
    case 'count_in':
      if (event.type === 'beat') return ok(state.beatsLeft > 1 ? { ...state, beatsLeft: state.beatsLeft - 1 } : rolling(state.mode))
      if (event.type === 'stop') return ok({ phase: 'idle' })
      return no(state, 'The count-in is running.')
    case 'pre_roll':
      if (event.type === 'position') {
        if (!Number.isFinite(event.frame)) return no(state, 'A playback position is a number of frames.')
        return ok(event.frame >= state.target.punchFrame ? { phase: 'punch', target: state.target, positionFrame: event.frame } : { ...state, positionFrame: event.frame })
      }
      if (event.type === 'stop') return ok({ phase: 'stopping', keep: false, mode: modeOf(state) })
      return no(state, 'The pre-roll is playing.')
    case 'recording':
      if (event.type === 'stop') return ok({ phase: 'stopping', keep: true, mode: { kind: 'take' } })
      if (event.type === 'position') return ok(state)
      return no(state, 'A take is recording.')
    case 'punch':
      if (event.type === 'position') return Number.isFinite(event.frame) ? ok({ ...state, positionFrame: event.frame }) : no(state, 'A playback position is a number of frames.')
      if (event.type === 'stop') return ok({ phase: 'stopping', keep: true, mode: modeOf(state) })
      return no(state, 'The punch is recording.')
    case 'stopping':
      if (event.type === 'stopped') return ok({ phase: 'idle' })
      return no(state, 'The recording is stopping.')
    case 'failed':
      if (event.type === 'dismiss') return ok({ phase: 'idle' })
      return no(state, `The recorder stopped with a problem: ${state.message}`)
  }
}

/** Whether the microphone is being written (from the pre-roll on: the punch is taken from that recording). */
export function isCapturing(state: RecorderState): boolean {
  return state.phase === 'pre_roll' || state.phase === 'recording' || state.phase === 'punch'
}

/** Whether the old take is heard: through the pre-roll, and after the punch point only when the setting says so. */
export function oldTakePlays(state: RecorderState, keepPlayingAfterPunch: boolean): boolean {
  return state.phase === 'pre_roll' || (state.phase === 'punch' && keepPlayingAfterPunch)
}
