/**
 * The gate on a patch's margins (fixes/patch-gate.ts) and how the edit list carries it (cuts/timeline.ts):
 * a take whose quiet at a cut is digital silence, or 20 dB or more under the patch's room tone after its
 * gain, has the patch's margins gated on that side; a take with a room tone of its own keeps them.
 * The splices it makes on real audio: test/integration/speech/held-out-rooms-splices.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { GATE_RULES, patchGate } from '../../../main/versions/fixes/patch-gate'
import { toEditList, type Timeline } from '../../../main/versions/cuts/timeline'
import type { AnalyzedSentence, RecordingAnalysis } from '../../../main/versions/cuts/recording-analysis'
import { editListProblem } from '../../../shared/versions/edit-list'

const A = 'a'.repeat(64)
const B = 'b'.repeat(64)

/** A take 4 s long whose energy is `beforeDb` up to 2 s and `afterDb` from there (dB, null: digital silence). */
function take(beforeDb: number | null, afterDb: number | null): RecordingAnalysis {
  const e = (db: number | null) => (db === null ? 0 : 10 ** (db / 10))
  const energy = Float64Array.from({ length: 4000 }, (_, i) => e(i < 2000 ? beforeDb : afterDb))
  return { env: { blockFrames: 48, sampleRate: 48_000, energy } } as unknown as RecordingAnalysis
}
const patch = { floorDb: -70 } as RecordingAnalysis
const read = { onsetS: 0.5, speechEndS: 2.5 } as AnalyzedSentence

describe('the gate on a patch’s margins', () => {
  it('gates a side where the take’s quiet is digital silence, or 20 dB under the patch’s room tone', () => {
    expect(patchGate(take(null, null), patch, read, 0, 1, 3)).toEqual({
      openS: 0.5 - GATE_RULES.holdS,
      closeS: 2.5 + GATE_RULES.holdS,
      fadeS: GATE_RULES.fadeS,
    })
    expect(patchGate(take(-90, -72), patch, read, 0, 1, 3)).toEqual({
      openS: 0.5 - GATE_RULES.holdS,
      closeS: null,
      fadeS: GATE_RULES.fadeS,
    })
    // The patch's gain counts: 6 dB down, its room tone is -76 dB, and -90 is 14 dB under it.
    expect(patchGate(take(-90, -90), patch, read, -6, 1, 3)).toBeUndefined()
    expect(patchGate(take(-73, -66), patch, read, 0, 1, 3)).toBeUndefined()
  })

  it('starts the gated piece after its crossfade, fading in to the words, and ends it faded out after them', () => {
    const timeline: Timeline = {
      segments: [
        { source: A, fromS: 0, toS: 1, gainDb: 0, role: 'base', sentence: null },
        {
          source: B,
          fromS: 0.4,
          toS: 2.6,
          gainDb: 1.5,
          role: 'patch',
          sentence: 1,
          gate: { openS: 0.485, closeS: null, fadeS: 0.01 },
        },
        { source: A, fromS: 3, toS: 4, gainDb: 0, role: 'base', sentence: null },
      ],
      crossfadesS: [0.02, 0.02],
    }
    const list = toEditList(timeline, { sample_rate: 48_000, channels: 1, encoding: 'pcm_s24' })
    expect(editListProblem(list)).toBeNull()
    expect(list.frames).toBe(4.2 * 48_000)
    const [before, p, after] = list.pieces
    // The take fades out over its crossfade as before (into silence: the patch is not there yet).
    expect(before).toMatchObject({ from: 0, to: 48_480, at: 0, fade_out: { frames: 960 } })
    // The patch starts 10 ms before the gate is open, 0.475 s into its recording, at 1.075 s of the result.
    expect(p).toMatchObject({ from: 22_800, at: 51_600, fade_in: { frames: 480, shape: 'linear' } })
    // Not gated after its words: it runs to its crossfade with the take, equal power.
    expect(p).toMatchObject({ to: 125_280, fade_out: { frames: 960, shape: 'equal_power' } })
    expect(after).toMatchObject({ from: 143_520, at: 153_120, fade_in: { frames: 960 } })
  })
})
