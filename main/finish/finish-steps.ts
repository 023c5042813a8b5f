/**
 * Where levelling (the point 3: main/finish/level.ts) and breaths and mouth clicks (point 4:
 * main/finish/breaths.ts, clicks.ts) join a finish. They are written in parallel; these two functions are
 * their call sites, with the arguments the orchestrator has for them (the fitted result's channels, its
 * pauses in frames of the result, the take's room-tone level). Until the integrator connects them, a finish
 * changes no level (gain 0 dB) and finds no breath or click: nothing here guesses at them.
 *
 * The interfaces the orchestrator is written against (their modules define them):
 *   findBreaths(ch, sampleRate, pauses, roomToneDb): {from, to, levelDb}[]
 *   findClicks(ch, sampleRate, pauses): {from, to}[]
 *   planLevel(ch, sampleRate, kind, profile): LevelPlan
 *   applyLevel(ch, sampleRate, plan): Float32Array[]
 */
import type { DeliveryProfile } from '../audio/delivery-profiles'
import type { TakeKindToFit } from './fit-plan'

/** As main/finish/level.ts defines it. */
export interface LevelPlan {
  gain_db: number
  limiter: { ceiling_db: number; release_ms: number } | null
  trim_db: number
  target: string
}

export interface FramePause {
  from: number
  to: number
}

export interface CleanFindings {
  breaths: Array<{ from: number; to: number; levelDb: number }>
  clicks: Array<{ from: number; to: number }>
}

/** Point 3's call site: the level plan of the fitted result, or null (not connected yet: no change). */
export function levelStep(ch: Float32Array[], sampleRate: number, kind: TakeKindToFit, profile: DeliveryProfile): LevelPlan | null {
  void ch
  void sampleRate
  void kind
  void profile
  return null
}

/** Point 4's call site: breaths and clicks in the fitted result's pauses (not connected yet: none). */
export function cleanStep(ch: Float32Array[], sampleRate: number, pauses: readonly FramePause[], roomToneDb: number): CleanFindings {
  void ch
  void sampleRate
  void pauses
  void roomToneDb
  return { breaths: [], clicks: [] }
}
