/**
 * The recorder's one state machine: a take and a punch-and-roll, from the punch's planning to its stop. The
 * window's one recorder store (recorder-store.ts) holds the state and is the only one that feeds it events
 * (a key, a count-in beat, the input opened, main's plan, the playback position, the writer having
 * stopped, an error); the record control, the punch panel, the recording guard and Stop all read it there.
 *
 *   idle ──request──▶ planning ──planned──▶ armed ──open──▶ starting        (a punch: main plans it first)
 *   idle ──start──▶ count_in ──beat × n──▶ recording            (a take)
 *                            └────────────▶ pre_roll ──position ≥ punch──▶ punch   (punch-and-roll)
 *   (start with no count-in goes straight to recording / pre_roll)
 *   idle ──open──▶ starting ──opened──▶ count_in / recording / pre_roll
 *                                        the input (and main's recording take) is opened first: a punch
 *                                        opens before its count-in, so the pre-roll starts on one frame
 *   count_in ──open (at its last beat)──▶ starting ──opened──▶ recording
 *                                        a take opens its input when its count-in ends
 *   planning / armed ──close──▶ idle; ──request──▶ planning (another sentence); a take's start lets the plan go
 *   count_in / starting ──stop──▶ idle             nothing was recorded
 *   pre_roll ──stop──▶ stopping (keep: false)     nothing reached the punch point: the take stays as it is
 *   recording / punch ──stop──▶ stopping (keep: true; `keep: false` discards what was recorded)
 *   stopping ──stopped──▶ idle
 *   any phase but idle and failed ──error──▶ failed ──dismiss──▶ idle
 *
 * TRANSITIONS is that drawing as a table: the events each phase takes and the phases each may lead to. An
 * event a phase does not take, or a result the table does not list, is refused with the reason, and the
 * state stays as it was.
 */

export const RECORDER_PHASES = [
  'idle',
  'planning',
  'armed',
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
  /** Main is finding the pause before the punch's sentence. */
  | { phase: 'planning' }
  /** The punch is planned and waits for Start (its plan is the recorder store's `punch.plan`). */
  | { phase: 'armed'; target: PunchTarget }
  /** The input (and main's recording take) is being opened; `countInBeats` are counted once it is open. */
  | { phase: 'starting'; mode: RecorderMode; countInBeats: number }
  | { phase: 'count_in'; mode: RecorderMode; beatsLeft: number }
  | { phase: 'pre_roll'; target: PunchTarget; positionFrame: number }
  | { phase: 'recording' }
  | { phase: 'punch'; target: PunchTarget; positionFrame: number }
  | { phase: 'stopping'; keep: boolean; mode: RecorderMode }
  | { phase: 'failed'; message: string; during: RecorderPhase }

export type RecorderEvent =
  | { type: 'request' }
  | { type: 'planned'; target: PunchTarget }
  | { type: 'close' }
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
export type RecorderEventType = RecorderEvent['type']

const ROLL = ['count_in', 'recording', 'pre_roll'] as const
const TO_FAILED = { error: ['failed'] } as const

/** Every transition: for each phase, the events it takes and the phases each may lead to. Nothing else is taken. */
export const TRANSITIONS: {
  readonly [P in RecorderPhase]: Partial<Readonly<Record<RecorderEventType, readonly RecorderPhase[]>>>
} = {
  idle: { request: ['planning'], start: ROLL, open: ['starting'] },
  planning: {
    request: ['planning'],
    planned: ['armed'],
    close: ['idle'],
    start: ROLL,
    open: ['starting'],
    ...TO_FAILED,
  },
  armed: { request: ['planning'], close: ['idle'], start: ROLL, open: ['starting'], ...TO_FAILED },
  starting: { opened: ROLL, stop: ['idle'], ...TO_FAILED },
  count_in: { beat: ROLL, open: ['starting'], stop: ['idle'], ...TO_FAILED },
  pre_roll: { position: ['pre_roll', 'punch'], stop: ['stopping'], ...TO_FAILED },
  recording: { position: ['recording'], stop: ['stopping'], ...TO_FAILED },
  punch: { position: ['punch'], stop: ['stopping'], ...TO_FAILED },
  stopping: { stopped: ['idle'], ...TO_FAILED },
  failed: { dismiss: ['idle'] },
}

/** Why a phase refuses what it does not take, in words. */
function busyWith(state: RecorderState): string {
  switch (state.phase) {
    case 'idle':
      return 'Nothing is recording.'
    case 'planning':
      return 'The punch is being planned.'
    case 'armed':
      return 'The punch waits for Start.'
    case 'starting':
      return 'The input is being opened.'
    case 'count_in':
      return 'The count-in is running.'
    case 'pre_roll':
      return 'The pre-roll is playing.'
    case 'recording':
      return 'A take is recording.'
    case 'punch':
      return 'The punch is recording.'
    case 'stopping':
      return 'The recording is stopping.'
    case 'failed':
      return `The recorder stopped with a problem: ${state.message}`
  }
}

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

function targetGuard(t: PunchTarget): string | null {
  if (!(
    Number.isInteger(t.prerollFrame) &&
    Number.isInteger(t.punchFrame) &&
    t.prerollFrame >= 0 &&
    t.punchFrame > t.prerollFrame
  )) {
    return 'A punch-and-roll needs its pre-roll to start before its punch point.'
  }
  return t.sampleRate > 0 ? null : 'A punch-and-roll needs the take’s sample rate.'
}

function startGuard(mode: RecorderMode, beats: number): string | null {
  if (!Number.isInteger(beats) || beats < 0 || beats > MAX_COUNT_IN_BEATS)
    return `A count-in is 0 to ${MAX_COUNT_IN_BEATS} beats.`
  return mode.kind === 'punch' ? targetGuard(mode.target) : null
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

/** What the recorder is busy with: a take or a punch-and-roll; null when idle, failed, or a punch only planned. */
export function recorderMode(state: RecorderState): RecorderMode['kind'] | null {
  switch (state.phase) {
    case 'idle':
    case 'failed':
    case 'planning':
    case 'armed':
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

/** The state an event leads to from a phase that takes it (the table said so), or the guard's refusal. */
function next(state: RecorderState, event: RecorderEvent): Transition {
  switch (event.type) {
    case 'request':
      return ok({ phase: 'planning' })
    case 'planned': {
      const why = targetGuard(event.target)
      return why ? no(state, why) : ok({ phase: 'armed', target: event.target })
    }
    case 'close':
    case 'stopped':
    case 'dismiss':
      return ok({ phase: 'idle' })
    case 'error':
      return ok({ phase: 'failed', message: event.message, during: state.phase })
    case 'start':
    case 'open': {
      if (state.phase === 'count_in')
        return state.beatsLeft > 1
          ? no(state, busyWith(state))
          : ok({ phase: 'starting', mode: state.mode, countInBeats: 0 })
      const why = startGuard(event.mode, event.countInBeats)
      if (why) return no(state, why)
      if (event.type === 'open') return ok({ phase: 'starting', mode: event.mode, countInBeats: event.countInBeats })
      return ok(
        event.countInBeats > 0
          ? { phase: 'count_in', mode: event.mode, beatsLeft: event.countInBeats }
          : rolling(event.mode),
      )
    }
    case 'opened': {
      if (state.phase !== 'starting') return no(state, busyWith(state))
      const mode: RecorderMode =
        state.mode.kind === 'punch' && event.target ? { kind: 'punch', target: event.target } : state.mode
      const why = startGuard(mode, state.countInBeats)
      if (why) return no(state, why)
      return ok(state.countInBeats > 0 ? { phase: 'count_in', mode, beatsLeft: state.countInBeats } : rolling(mode))
    }
    case 'beat':
      if (state.phase !== 'count_in') return no(state, busyWith(state))
      return ok(state.beatsLeft > 1 ? { ...state, beatsLeft: state.beatsLeft - 1 } : rolling(state.mode))
    case 'position':
      if (state.phase === 'recording') return ok(state)
      if (state.phase !== 'pre_roll' && state.phase !== 'punch') return no(state, busyWith(state))
      if (!Number.isFinite(event.frame)) return no(state, 'A playback position is a number of frames.')
      return ok(
        event.frame >= state.target.punchFrame
          ? { phase: 'punch', target: state.target, positionFrame: event.frame }
          : { ...state, positionFrame: event.frame },
      )
    case 'stop':
      if (state.phase === 'starting' || state.phase === 'count_in') return ok({ phase: 'idle' })
      // Nothing reached the punch point in the pre-roll: nothing is kept.
      return ok({ phase: 'stopping', keep: state.phase !== 'pre_roll' && (event.keep ?? true), mode: modeOf(state) })
  }
}

/** Feeds one event: what the table lets the phase take, with the guards; anything else is refused with the reason. */
export function transition(state: RecorderState, event: RecorderEvent): Transition {
  const to = TRANSITIONS[state.phase][event.type]
  if (!to) return no(state, busyWith(state))
  const t = next(state, event)
  if (t.accepted && !to.includes(t.state.phase))
    return no(state, `The recorder does not go from ${state.phase} to ${t.state.phase} on ${event.type}.`)
  return t
}

/** Whether the microphone is being written (from the pre-roll on: the punch is taken from that recording). */
export function isCapturing(state: RecorderState): boolean {
  return state.phase === 'pre_roll' || state.phase === 'recording' || state.phase === 'punch'
}

/** Whether the old take is heard: through the pre-roll, and after the punch point only when the setting says so. */
export function oldTakePlays(state: RecorderState, keepPlayingAfterPunch: boolean): boolean {
  return state.phase === 'pre_roll' || (state.phase === 'punch' && keepPlayingAfterPunch)
}
