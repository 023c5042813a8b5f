/**
 * What each part of the window reads from the recorder store (recorder-store.ts), as pure functions of its
 * state: the record control's phase, the take or punch the recording guard protects, whether the punch
 * owns the recorder's keys. Every "is something recording?" in the window is one of these.
 */
import { recorderMode } from './recorder-machine'
import type { RecorderPhase, RecorderState } from './recorder-machine'
import type { RecorderData, RecorderRun } from './recorder-types'

const IDLE: RecorderState = { phase: 'idle' }

/**
 * The machine's phase as the record control of `jobId` shows it (its data-phase, its button): its take's
 * phase, idle when the recorder is on something else. Stopping shows as recording until Stop has taken
 * 150 ms (then "Saving…"), so nothing is drawn between the key and the take's check when saving is quick.
 */
export function recordControlPhase(s: RecorderData, jobId: string): RecorderPhase {
  if (s.run?.jobId !== jobId || recorderMode(s.rec) !== 'take') return 'idle'
  return s.rec.phase === 'stopping' && !s.savingShown ? 'recording' : s.rec.phase
}

/** The count-in's beat on screen (0 outside a count-in). */
export function countInBeat(s: RecorderData): number {
  return s.rec.phase === 'count_in' ? s.rec.beatsLeft : 0
}

/** Whether the recorder is taken by something else than `jobId`'s take (a punch, another job's take): Record waits. */
export function recorderTakenElsewhere(s: RecorderData, jobId: string): boolean {
  return recorderMode(s.rec) !== null && recordControlPhase(s, jobId) === 'idle'
}

/**
 * The take or punch that leaving its job would cut short, which the recording guard asks about first: a
 * take while it records (until Stop shows "Saving…"), a punch from opening the input until its version is made.
 */
export function guardedRun(s: RecorderData): RecorderRun | null {
  const mode = recorderMode(s.rec)
  if (!s.run || mode === null) return null
  if (mode === 'punch') return s.run
  return s.rec.phase === 'recording' || (s.rec.phase === 'stopping' && !s.savingShown) ? s.run : null
}

/** Whether a take or punch of `jobId` is recording (the script shows no read-back marks meanwhile). */
export function isRecordingJob(s: RecorderData, jobId: string): boolean {
  return guardedRun(s)?.jobId === jobId
}

/** Whether the recorder is on a punch, from its planning until its version is made or it is let go. */
export function punchOnScreen(s: Pick<RecorderData, 'rec'>): boolean {
  return s.rec.phase === 'planning' || s.rec.phase === 'armed' || recorderMode(s.rec) === 'punch'
}

/** Whether a punch is shown and not yet over: Space and Esc are the punch's, not a new take's or the job's. */
export const punchOwnsKeys = punchOnScreen

/** The recorder's state as the punch panel shows it: the phases of its punch, idle otherwise (the punch is over). */
export function punchPhases(s: RecorderData): RecorderState {
  return punchOnScreen(s) ? s.rec : IDLE
}

/** Where the punch's take is (s): the machine's play position in the pre-roll and the punch, else the pre-roll's start. */
export function punchPositionS(s: RecorderData): number {
  const rec = s.rec
  if (rec.phase === 'pre_roll' || rec.phase === 'punch') return rec.positionFrame / rec.target.sampleRate
  return s.punch.plan?.preroll_s ?? 0
}

/**
 * Whether this window's recorder writes `take` now: the take it opened (from main's answer on), or, in the
 * moment before that answer, a take of the job it is opening; a punch's recording while the punch runs. A
 * take main lists as recording that no recorder writes (its page reloaded or closed) is never "Recording…".
 */
export function writesTake(s: RecorderData, take: { id: string; job_id: string }): boolean {
  if (s.recordingTakeId !== null) return s.recordingTakeId === take.id
  if (s.run?.jobId !== take.job_id || s.rec.phase === 'idle') return false
  return recorderMode(s.rec) === 'punch' || s.rec.phase === 'starting'
}
