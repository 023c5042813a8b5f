/**
 * Cutting a false start: the read-back marks a restart (shared/readback/types.ts ReadbackIssue.restart)
 * with the stretch to remove, from the first word of the abandoned reading to the first word of the new
 * one. The take jumps from the pause before the abandoned reading to the pause before the new one, both
 * cuts at the same distance from their onsets (cut-rules.ts), so the pause before the new reading is as
 * long as the pause that stood before the false start, and all of it is the take's own audio.
 */
import { chooseJunction, NoPauseError, type SpeechEdges } from '../cuts/cut-rules'
import type { RecordingAnalysis } from '../cuts/recording-analysis'
import type { Timeline } from '../cuts/timeline'

export class RestartCutError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'RestartCutError'
  }
}

/** Index of the heard word that starts nearest `atS` (within half a second), or -1. */
function wordAt(take: RecordingAnalysis, atS: number): number {
  let best = -1
  let dist = 0.5
  take.words.forEach((w, i) => {
    const d = Math.abs(w.start_s - atS)
    if (d <= dist) {
      dist = d
      best = i
    }
  })
  return best
}

export interface RestartCut {
  timeline: Timeline
  /** What is removed, in the take (s). */
  fromS: number
  toS: number
}

export function restartTimeline(take: RecordingAnalysis, restart: { from_s: number; to_s: number }): RestartCut {
  if (!(restart.to_s > restart.from_s)) throw new RestartCutError('The false start to cut ends before it begins.')
  const a = wordAt(take, restart.from_s)
  const b = wordAt(take, restart.to_s)
  if (a < 0 || b < 0 || b <= a)
    throw new RestartCutError(
      `Booth cannot find the words of the false start at ${restart.from_s.toFixed(1)} s in this take's read-back; check the take again first.`,
    )
  const speech = take.speech
  const env = take.env
  let j
  try {
    j = chooseJunction(
      {
        env,
        anchorS: (speech[a] as SpeechEdges).soundStartS,
        guardS: (speech[a] as SpeechEdges).startS,
        limitS: a > 0 ? (speech[a - 1] as SpeechEdges).endS : 0,
        limitIsSpeech: a > 0,
      },
      {
        env,
        anchorS: (speech[b] as SpeechEdges).soundStartS,
        guardS: (speech[b] as SpeechEdges).startS,
        limitS: (speech[b - 1] as SpeechEdges).endS,
        limitIsSpeech: true,
      },
      'before',
    )
  } catch (err) {
    if (err instanceof NoPauseError)
      throw new RestartCutError(`Booth cannot cut this false start cleanly: ${err.message}.`)
    throw err
  }
  return {
    timeline: {
      segments: [
        { source: take.source, fromS: 0, toS: j.aS, gainDb: 0, role: 'base', sentence: null },
        { source: take.source, fromS: j.bS, toS: take.durationS, gainDb: 0, role: 'base', sentence: null },
      ],
      crossfadesS: [j.crossfadeS],
    },
    fromS: j.aS,
    toS: j.bS,
  }
}
