/**
 * Punch-and-roll into a gated take (its pauses digital silence, as a take gated or denoised before it came
 * to Booth), the punch read in a -62 dBFS room: between the punch point and the new reading's first word
 * the version keeps the take's silence (the recording is shut until just before its first sound), and the
 * reading itself is the recording's own samples. Without the gate the room tone opens the silence there;
 * a take with room tone of its own is punched as before (no gate).
 */
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { planPunch, punchFrameInRecording, punchTimeline, type PunchPlan } from '../../../main/versions/punch/punch'
import { punchGate } from '../../../main/versions/punch/punch-gate'
import { Recordings, type RecordingRef } from '../../../main/versions/store/recordings'
import { renderCached } from '../../../main/versions/store/render-cache'
import { toEditList, type Timeline } from '../../../main/versions/cuts/timeline'
import { envelopeOfFile } from '../../../main/versions/render/signal-envelope'
import { prepareRecordings, type AnalyzedRecording } from '../../../main/versions/hearing/version-inputs'
import { makeTempDir } from '../../support/audio-fixtures'
import { speakRead, type SpokenRead } from '../../support/voice-reads'
import { engineMissing, samplesOf, SCRIPT, SENTENCES, transcribe, VOICE } from './helpers/spot'

let dir = ''
let cleanup: () => Promise<void> = async () => {}
let recordings: Recordings
let gated: AnalyzedRecording
let plan: PunchPlan
let take: SpokenRead
let rec: SpokenRead
let ref: RecordingRef

beforeAll(async () => {
  const missing = await engineMissing()
  if (missing) throw new Error(missing)
  ;({ dir, cleanup } = await makeTempDir('booth-punch-gated-'))
  const flubbed = [...SENTENCES]
  flubbed[2] = 'Queen mattresses start at just $279.'
  // Room tone 200 dB down: every pause is digital silence in 24 bits.
  take = await speakRead(dir, 'gated', flubbed, { ...VOICE, pausesS: [0.7, 0.55, 0.8, 0.6], roomDbfs: -200 })
  recordings = new Recordings(join(dir, 'recordings'))
  ;[gated] = (await prepareRecordings(recordings, [{ path: take.path }], SCRIPT, transcribe)) as [AnalyzedRecording]
  // A pause of exact zeros ties everywhere, so the cut rules put the punch at its end, 45 ms before the word,
  // where no gate has room to act; a gate's slow release or a denoiser's residue puts it mid-pause, as here.
  const planned = planPunch(gated.analysis, 2, (k) => `sentence ${k + 1}`)
  const midS = (take.sentences[1]!.lastS + take.sentences[2]!.firstS) / 2
  const rate = gated.ref.format.sample_rate
  plan = { ...planned, punchFrame: Math.round(midS * rate), punchS: Math.round(midS * rate) / rate }
  // The talent re-reads sentence 3 on cue after the pre-roll, in the booth's -62 dBFS room.
  const cue = take.sentences[2]!.firstS - plan.prerollS
  rec = await speakRead(dir, 'punch', [SENTENCES[2] as string], { ...VOICE, leadS: cue, tailS: 0.8, roomDbfs: -62 })
  ref = await recordings.add(rec.path)
}, 180_000)
afterAll(async () => {
  await cleanup()
})

async function render(timeline: Timeline): Promise<Float64Array> {
  return (
    await samplesOf((await renderCached(toEditList(timeline, gated.ref.format), recordings, join(dir, 'r'))).path)
  ).raw
}

describe('punch-and-roll into a gated take', () => {
  it('keeps the take’s silence up to the new reading’s first word, and the reading as recorded', async () => {
    const rate = gated.ref.format.sample_rate
    const fromS = punchFrameInRecording(plan, 0) / rate
    const gate = punchGate(gated.analysis, plan.punchS, await envelopeOfFile(ref.path), fromS)
    expect(gate, 'the take’s quiet at the punch point is silence, the recording’s is room tone').toBeDefined()
    const made = (g: typeof gate) =>
      punchTimeline(
        { source: gated.ref.hash, durationS: gated.analysis.durationS },
        { source: ref.hash, frames: ref.frames },
        plan,
        0,
        g,
      )
    const [withGate, without, own] = await Promise.all([
      render(made(gate)),
      render(made(undefined)),
      samplesOf(rec.path),
    ])
    // In the version, the recording's time t is at punchS + (t - fromS).
    const at = (t: number) => Math.round((plan.punchS + (t - fromS)) * rate)
    const quiet = [Math.round((plan.punchS + plan.crossfadeS / 2) * rate), at(rec.sentences[0]!.firstS - 0.04)]
    expect(quiet[1]! - quiet[0]!, 'a stretch of silence to look at').toBeGreaterThan(0.1 * rate)
    const loudest = (x: Float64Array) => Math.max(...Array.from(x.subarray(quiet[0], quiet[1]), Math.abs))
    expect(loudest(withGate), 'the take’s silence before the new reading (LSB)').toBeLessThanOrEqual(1)
    expect(loudest(without), 'without the gate the room tone sounds there (LSB)').toBeGreaterThan(100)
    // The reading, from its first sound to its last, is the recording's own samples (to the renderer's dither).
    let worst = 0
    for (let t = Math.round(rec.sentences[0]!.firstS * rate); t < Math.round(rec.sentences[0]!.lastS * rate); t++)
      worst = Math.max(worst, Math.abs((withGate[at(t / rate)] as number) - (own.raw[t] as number)))
    expect(worst, 'the reading differs from its recording (LSB)').toBeLessThanOrEqual(2)
  })

  it('is not gated into a take with room tone of its own', async () => {
    const roomy = await speakRead(dir, 'roomy', SENTENCES, { ...VOICE, pausesS: [0.7, 0.55, 0.8, 0.6], roomDbfs: -62 })
    const [analyzed] = (await prepareRecordings(recordings, [{ path: roomy.path }], SCRIPT, transcribe)) as [
      AnalyzedRecording,
    ]
    const p = planPunch(analyzed.analysis, 2, (k) => `sentence ${k + 1}`)
    const fromS = punchFrameInRecording(p, 0) / gated.ref.format.sample_rate
    expect(punchGate(analyzed.analysis, p.punchS, await envelopeOfFile(ref.path), fromS)).toBeUndefined()
  })
})
