/**
 * Punch-and-roll, the engine side: where to punch in for a sentence and where the pre-roll starts, and the
 * version "the take up to the punch point, then the new recording".
 * - The punch point is in the pause before the sentence, by the cutting rules (cut-rules.ts): the centre of
 *   its quietest 20 ms, the crossfade 30 ms from both words.
 * - A sentence a producer's revision added (the take never read it): the punch point is in the pause where
 *   the new script puts it, after the sentence before (an added last line: after the last).
 * - The pre-roll starts at the sentence before (a little before its onset), and at least 2 s before the
 *   punch point (or at the take's start).
 * - The recording starts when the pre-roll starts playing; what the microphone hears arrives in it
 *   `latencyFrames` later (the input latency the platform reports, refined by a calibration:
 *   latency-calibration.ts). Frame `i` of the recording is therefore the take's moment
 *   prerollFrom + i − latency, and the punch point is at frame (punch − prerollFrom) + latency of it.
 */
import { cutPointInPause, CUT_RULES, NoPauseError } from '../cuts/cut-rules'
import type { RecordingAnalysis } from '../cuts/recording-analysis'
import type { SegmentGate, Timeline } from '../cuts/timeline'

/** How far before the sentence before's onset the pre-roll starts (s). */
const PREROLL_LEAD_S = 0.25

export interface PunchPlan {
  /** 0-based sentence punched into. */
  sentence: number
  sampleRate: number
  /** The punch point in the take (frames and seconds). */
  punchFrame: number
  punchS: number
  crossfadeS: number
  /** Where the pre-roll starts playing in the take. */
  prerollFrame: number
  prerollS: number
}

export class PunchError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PunchError'
  }
}

/**
 * `minPrerollS`: the shortest pre-roll the person wants (the setting; never under the rules' 2 s); the
 * pre-roll still starts at the sentence before when that is earlier.
 */
export function planPunch(
  take: RecordingAnalysis,
  k: number,
  name: (k: number) => string,
  minPrerollS: number = CUT_RULES.prerollMinS,
  added = false,
): PunchPlan {
  const s = take.sentences[k]
  const gap = !s && added ? addedGap(take, k) : null
  if (!s && !gap)
    throw new PunchError(
      `The take does not read ${name(k)}, so there is no place to punch in; record it as a pickup instead.`,
    )
  let cut
  try {
    cut = s
      ? cutPointInPause(take.env, s.pauseFromS, Math.min(s.onsetS, s.soundOnsetS), s.pauseFromIsSpeech)
      : cutPointInPause(take.env, (gap as Gap).fromS, (gap as Gap).toS, (gap as Gap).fromIsSpeech)
  } catch (err) {
    if (err instanceof NoPauseError) throw new PunchError(`Booth cannot punch in before ${name(k)}: ${err.message}.`)
    throw err
  }
  const rate = take.sampleRate
  const prev = take.sentences
    .slice(0, k)
    .reverse()
    .find((x) => x !== null)
  const fromPrev = prev ? prev.onsetS - PREROLL_LEAD_S : cut.atS
  const prerollS = Math.max(0, Math.min(fromPrev, cut.atS - Math.max(CUT_RULES.prerollMinS, minPrerollS)))
  const punchFrame = Math.round(cut.atS * rate)
  const prerollFrame = Math.round(prerollS * rate)
  return {
    sentence: k,
    sampleRate: rate,
    punchFrame,
    punchS: punchFrame / rate,
    crossfadeS: cut.crossfadeS,
    prerollFrame,
    prerollS: prerollFrame / rate,
  }
}

interface Gap {
  fromS: number
  toS: number
  fromIsSpeech: boolean
}

/**
 * Where a sentence the producer added goes in an older take (revised-take.ts): the pause after the last
 * sentence it reads before it, up to the next one it reads (or the take's end, for an added last line).
 */
function addedGap(take: RecordingAnalysis, k: number): Gap | null {
  const prev =
    take.sentences
      .slice(0, k)
      .reverse()
      .find((x) => x !== null) ?? null
  const next = take.sentences.slice(k + 1).find((x) => x !== null) ?? null
  if (!prev && !next) return null
  return {
    fromS: prev ? Math.max(prev.speechEndS, prev.soundEndS) : 0,
    toS: next ? Math.min(next.onsetS, next.soundOnsetS) : take.durationS,
    fromIsSpeech: prev !== null,
  }
}

/** Where the punch point is in the recording, in frames: its distance from the pre-roll start, plus the latency. */
export function punchFrameInRecording(plan: PunchPlan, latencyFrames: number): number {
  return plan.punchFrame - plan.prerollFrame + latencyFrames
}

/**
 * The punched version: the take up to the punch point, then the recording from the matching point on,
 * crossfaded at the punch point (or, into a gated take, shut until its first sound: punch-gate.ts). Refuses a
 * recording that does not reach past the punch point.
 */
export function punchTimeline(
  take: { source: string; durationS: number },
  recording: { source: string; frames: number },
  plan: PunchPlan,
  latencyFrames: number,
  gate?: SegmentGate,
): Timeline {
  const rate = plan.sampleRate
  const inRecording = punchFrameInRecording(plan, latencyFrames)
  const half = Math.ceil((plan.crossfadeS * rate) / 2)
  if (inRecording - half < 0)
    throw new PunchError(
      'The input latency given is longer than the pre-roll, so the recording has nothing before the punch point to crossfade from.',
    )
  if (recording.frames <= inRecording + half + Math.round(0.05 * rate)) {
    throw new PunchError(
      'The recording stopped before the punch point, so there is nothing to punch in; the take is unchanged.',
    )
  }
  return {
    segments: [
      { source: take.source, fromS: 0, toS: plan.punchFrame / rate, gainDb: 0, role: 'base', sentence: null },
      {
        source: recording.source,
        fromS: inRecording / rate,
        toS: recording.frames / rate,
        gainDb: 0,
        role: 'patch',
        sentence: plan.sentence,
        ...(gate ? { gate } : {}),
      },
    ],
    crossfadesS: [plan.crossfadeS],
  }
}
