/**
 * The recorder's phases as one pure state machine. The window's one recorder store
 * (renderer/src/takes/recorder/recorder-store.ts) holds the state and is the only one that feeds it events
 * (a key, a count-in beat, the input opened, the playback position, the writer having stopped, an error);
 * the record control, the punch panel, the recording guard and Stop all read it from there.
 *
 *   idle ──start──▶ count_in ──beat × n──▶ recording            (a take)
 *                            └────────────▶ pre_roll ──position ≥ punch──▶ punch   (punch-and-roll)
 *   (start with no count-in goes straight to recording / pre_roll)
 *   idle ──open──▶ starting ──opened──▶ count_in / recording / pre_roll
 *                                        the input (and main's recording take) is opened first: a punch
 *                                        opens before its count-in, so the pre-roll starts on one frame
 *   count_in ──open (at its last beat)──▶ starting ──opened──▶ recording
 *                                        a take opens its input when its count-in ends
 *   count_in / starting ──stop──▶ idle             nothing was recorded
 *   pre_roll ──stop──▶ stopping (keep: false)     nothing reached the punch point: the take stays as it is
 *   recording / punch ──stop──▶ stopping (keep: true; `keep: false` discards what was recorded)
 *   stopping ──stopped──▶ idle
 *   any phase but idle and failed ──error──▶ failed ──dismiss──▶ idle
 *
 * An event a phase does not take is refused with the reason, and the state stays as it was.
 */

export const RECORDER_PHASES = [
  'idle',
  'starting',
  'count_in',
  'pre_roll',
  'recording',
  'punch',
  'stopping',
  'failed',
] as const
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
  /** The input (and main's recording take) is being opened; `countInBeats` are counted once it is open. */
  | { phase: 'starting'; mode: RecorderMode; countInBeats: number }
  | { phase: 'count_in'; mode: RecorderMode; beatsLeft: number }
  | { phase: 'pre_roll'; target: PunchTarget; positionFrame: number }
  | { phase: 'recording' }
  | { phase: 'punch'; target: PunchTarget; positionFrame: number }
  | { phase: 'stopping'; keep: boolean; mode: RecorderMode }
  | { phase: 'failed'; message: string; during: RecorderPhase }

export type RecorderEvent =
  | { type: 'start'; mode: RecorderMode; countInBeats: number }
  | { type: 'open'; mode: RecorderMode; countInBeats: number }
  /** The input is open; a punch's `target` is the one main planned as it started (it replaces the one opened with). */
  | { type: 'opened'; target?: PunchTarget }
  | { type: 'beat' }
  | { type: 'position'; frame: number }
  /** `keep: false`: what was recorded is let go (Discard); a stop before the punch point never keeps. */
  | { type: 'stop'; keep?: boolean }
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
  if (!Number.isInteger(beats) || beats < 0 || beats > MAX_COUNT_IN_BEATS)
    return `A count-in is 0 to ${MAX_COUNT_IN_BEATS} beats.`
  if (mode.kind === 'punch') {
    const t = mode.target
    if (!(
      Number.isInteger(t.prerollFrame) &&
      Number.isInteger(t.punchFrame) &&
      t.prerollFrame >= 0 &&
      t.punchFrame > t.prerollFrame
    )) {
      return 'A punch-and-roll needs its pre-roll to start before its punch point.'
    }
    if (!(t.sampleRate > 0)) return 'A punch-and-roll needs the take’s sample rate.'
  }
  return null
}

/** Where a mode goes once counted in. */
function rolling(mode: RecorderMode): RecorderState {
  return mode.kind === 'take'
    ? { phase: 'recording' }
    : { phase: 'pre_roll', target: mode.target, positionFrame: mode.target.prerollFrame }
}

function modeOf(state: RecorderState): RecorderMode {
  if (state.phase === 'pre_roll' || state.phase === 'punch') return { kind: 'punch', target: state.target }
  return { kind: 'take' }
}

/** What the recorder is busy with: a take or a punch-and-roll; null when idle or failed. */
export function recorderMode(state: RecorderState): RecorderMode['kind'] | null {
  switch (state.phase) {
    case 'idle':
    case 'failed':
      return null
    case 'starting':
    case 'count_in':
    case 'stopping':
      return state.mode.kind
    case 'recording':
      return 'take'
    case 'pre_roll':
    case 'punch':
      return 'punch'
  }
}

export function transition(state: RecorderState, event: RecorderEvent): Transition {
  const active = state.phase !== 'idle' && state.phase !== 'failed'
  if (event.type === 'error') {
    return active
      ? ok({ phase: 'failed', message: event.message, during: state.phase })
      : no(state, `Nothing is recording (${state.phase}).`)
  }
  switch (state.phase) {
    case 'idle':
      if (event.type !== 'start' && event.type !== 'open') return no(state, 'Nothing is recording.')
      {
        const why = startGuard(event.mode, event.countInBeats)
        if (why) return no(state, why)
        if (event.type === 'open') return ok({ phase: 'starting', mode: event.mode, countInBeats: event.countInBeats })
        return ok(
          event.countInBeats > 0
            ? { phase: 'count_in', mode: event.mode, beatsLeft: event.countInBeats }
            : rolling(event.mode),
        )
      }
    case 'starting':
      if (event.type === 'opened') {
        const mode: RecorderMode =
          state.mode.kind === 'punch' && event.target ? { kind: 'punch', target: event.target } : state.mode
        const why = startGuard(mode, state.countInBeats)
        if (why) return no(state, why)
        return ok(state.countInBeats > 0 ? { phase: 'count_in', mode, beatsLeft: state.countInBeats } : rolling(mode))
      }
      if (event.type === 'stop') return ok({ phase: 'idle' })
      return no(state, 'The input is being opened.')
    case 'count_in':
      if (event.type === 'beat')
        return ok(state.beatsLeft > 1 ? { ...state, beatsLeft: state.beatsLeft - 1 } : rolling(state.mode))
      if (event.type === 'stop') return ok({ phase: 'idle' })
      if (event.type === 'open') {
        return state.beatsLeft > 1
          ? no(state, 'The count-in is running.')
          : ok({ phase: 'starting', mode: state.mode, countInBeats: 0 })
      }
      return no(state, 'The count-in is running.')
    case 'pre_roll':
      if (event.type === 'position') {
        if (!Number.isFinite(event.frame)) return no(state, 'A playback position is a number of frames.')
        return ok(
          event.frame >= state.target.punchFrame
            ? { phase: 'punch', target: state.target, positionFrame: event.frame }
            : { ...state, positionFrame: event.frame },
        )
      }
      if (event.type === 'stop') return ok({ phase: 'stopping', keep: false, mode: modeOf(state) })
      return no(state, 'The pre-roll is playing.')
    case 'recording':
      if (event.type === 'stop') return ok({ phase: 'stopping', keep: event.keep ?? true, mode: { kind: 'take' } })
      if (event.type === 'position') return ok(state)
      return no(state, 'A take is recording.')
    case 'punch':
      if (event.type === 'position')
        return Number.isFinite(event.frame)
          ? ok({ ...state, positionFrame: event.frame })
          : no(state, 'A playback position is a number of frames.')
      if (event.type === 'stop') return ok({ phase: 'stopping', keep: event.keep ?? true, mode: modeOf(state) })
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
