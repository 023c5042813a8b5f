/**
 * What each part of the window reads from the recorder store (recorder-store.ts), as pure functions of its
 * state: the record control's phase, the take or punch the recording guard protects, whether the punch
 * owns the recorder's keys. Every "is something recording?" in the window is one of these.
 */
import { recorderMode } from '../../../../shared/versions/recorder-phases'
import type { RecorderState } from '../../../../shared/versions/recorder-phases'
import type { RecorderData, RecorderRun } from './recorder-types'

/** The record control's phase, as its data-phase and its button name it. */
export type RecordControlPhase = 'idle' | 'counting' | 'starting' | 'recording' | 'stopping'

const IDLE: RecorderState = { phase: 'idle' }

/**
 * The record control of `jobId`: its take's phase. Stopping shows as recording until Stop has taken
 * 150 ms (then "Saving…"), so nothing is drawn between the key and the take's check when saving is quick.
 */
export function recordControlPhase(s: RecorderData, jobId: string): RecordControlPhase {
  if (s.run?.jobId !== jobId || recorderMode(s.rec) !== 'take') return 'idle'
  switch (s.rec.phase) {
    case 'count_in':
      return 'counting'
    case 'starting':
      return 'starting'
    case 'recording':
      return 'recording'
    case 'stopping':
      return s.savingShown ? 'stopping' : 'recording'
    default:
      return 'idle'
  }
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

/** A punch under way: opening the input, rolling, or making its version. */
export function punchRunning(s: RecorderData): boolean {
  const stage = s.punch.stage
  return stage === 'preparing' || stage === 'rolling' || stage === 'making'
}

/** Whether a punch is shown and not yet over: Space and Esc are the punch's, not a new take's or the job's. */
export function punchOwnsKeys(s: RecorderData): boolean {
  const stage = s.punch.stage
  return stage !== 'none' && stage !== 'done' && stage !== 'problem'
}

/** The recorder's state as the punch panel shows it: the phases of its punch, idle otherwise. */
export function punchPhases(s: RecorderData): RecorderState {
  return recorderMode(s.rec) === 'punch' ? s.rec : IDLE
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
