/**
 * A pickup on inputs none of the rules were tuned on: another script (a car dealer's spot), another voice
 * and speed (espeak-ng en-gb-x-rp at 150 wpm), a 44.1 kHz/16-bit stereo take, and a pickup recorded at
 * 48 kHz/24-bit mono another day (5 dB quieter, a louder room): the pickup is brought to the take's
 * format once, and the result is held to the same rules on its samples.
 */
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compareToScript } from '../../../main/readback/compare/compare'
import { pickupEdit, type PickupEdit } from '../../../main/versions/fixes/pickup-edit'
import { Recordings } from '../../../main/versions/store/recordings'
import { renderCached } from '../../../main/versions/store/render-cache'
import { scriptSentences, issueInSentence } from '../../../main/readback/compare/sentence-spans'
import { makeTempDir } from '../../support/audio-fixtures'
import { speakRead, type SpokenRead } from '../../support/voice-reads'
import {
  cutSteps,
  engineMissing,
  largestStep,
  loudnessOf,
  rmsDb,
  samplesOf,
  transcribe,
} from '../../unit/versions/helpers/spot'

const SENTENCES = [
  'Come down to Riverside Motors this weekend for our spring clearance event.',
  'Every new truck on the lot is priced to move.',
  'Get zero percent financing for sixty months on select models.',
  'Riverside Motors, on Route 9 in Millbrook.',
]
const SCRIPT = SENTENCES.join(' ')
const VOICE = { voice: 'en-gb-x-rp', speed: 150 }

let dir = ''
let cleanup: () => Promise<void> = async () => {}
let take: SpokenRead
let pickup: SpokenRead
let edit: PickupEdit
let out = ''

beforeAll(async () => {
  const missing = await engineMissing()
  if (missing) throw new Error(missing)
  ;({ dir, cleanup } = await makeTempDir('booth-other-voice-'))
  const flubbed = [...SENTENCES]
  flubbed[1] = 'Every used truck on the lot is priced to move.'
  take = await speakRead(dir, 'take', flubbed, {
    ...VOICE,
    pausesS: [0.9, 0.5, 0.75],
    roomDbfs: -58,
    sampleRate: 44_100,
    channels: 2,
    codec: 'pcm_s16le',
  })
  pickup = await speakRead(dir, 'pickup', [SENTENCES[1] as string], {
    ...VOICE,
    leadS: 0.6,
    tailS: 0.7,
    roomDbfs: -47,
    roomSeed: 17,
    gainDb: -5,
  })
  const recordings = new Recordings(join(dir, 'recordings'))
  edit = await pickupEdit({
    recordings,
    script: SCRIPT,
    take: { path: take.path },
    pickups: [{ path: pickup.path, name: 'Pickup' }],
    transcribe,
  })
  out = (await renderCached(edit.list, recordings, join(dir, 'renders'))).path
}, 300_000)
afterAll(async () => {
  await cleanup()
})

describe('a pickup in another voice, script and format', { timeout: 300_000 }, () => {
  it('writes the take’s own format and replaces only the misread sentence', async () => {
    expect(edit.list.format).toEqual({ sample_rate: 44_100, channels: 2, encoding: 'pcm_s16' })
    expect(edit.placements.map((p) => p.sentence)).toEqual([1])
    const [t, r] = await Promise.all([samplesOf(take.path), samplesOf(out)])
    expect(r.rate).toBe(44_100)
    expect(r.channels).toBe(2)
    const p = edit.placements[0]!
    const shift = (r.frames - t.frames) * 2
    for (const [k, s] of take.sentences.entries()) {
      if (k === 1) continue
      const offset = s.firstS >= p.takeToS ? shift : 0
      for (let i = Math.round(s.firstS * 44_100) * 2; i < Math.round(s.lastS * 44_100) * 2; i++)
        if (r.raw[i + offset] !== t.raw[i]) throw new Error(`sentence ${k + 1} differs`)
    }
  })

  it('keeps the level, the room tone, the length and the quiet of the take', async () => {
    const p = edit.placements[0]!
    const ps = pickup.sentences[0]!
    const from = p.takeFromS + (ps.startS - p.sourceFromS)
    const patched = await loudnessOf(out, from, from + (ps.endS - ps.startS))
    const replaced = await loudnessOf(take.path, take.sentences[1]!.startS, take.sentences[1]!.endS)
    expect(Math.abs(patched - replaced)).toBeLessThanOrEqual(1.5)
    const [t, r] = await Promise.all([samplesOf(take.path), samplesOf(out)])
    const mono = (x: Float64Array) => x.filter((_, i) => i % 2 === 0)
    const [tm, rm] = [mono(t.x), mono(r.x)]
    const before = { a: take.sentences[0]!.endS, b: take.sentences[1]!.startS }
    const q = (a: number, b: number) => [a + (b - a) * 0.3, a + (b - a) * 0.7] as const
    expect(
      Math.abs(rmsDb(rm, 44_100, ...q(before.a, before.b)) - rmsDb(tm, 44_100, ...q(before.a, before.b))),
    ).toBeLessThanOrEqual(3)
    const shift = (r.frames - t.frames) / 44_100
    const after = { a: from + (ps.endS - ps.startS), b: take.sentences[2]!.startS + shift }
    expect(
      Math.abs(
        rmsDb(rm, 44_100, ...q(after.a, after.b)) -
          rmsDb(tm, 44_100, ...q(take.sentences[1]!.endS, take.sentences[2]!.startS)),
      ),
    ).toBeLessThanOrEqual(3)
    const swapped = take.durationS - (take.sentences[1]!.lastS - take.sentences[1]!.firstS) + (ps.lastS - ps.firstS)
    expect(Math.abs(r.frames / 44_100 - swapped)).toBeLessThanOrEqual(0.35)
    // No click: the pauses away from the words (100 ms: a patch's own room tone lies within 50 ms of its
    // speech) as quiet as the take's, and no step at a cut that neither side has.
    const step = (x: Float64Array, pauses: Array<[number, number]>) =>
      Math.max(...pauses.map(([a, b]) => largestStep(x, 44_100, a + 0.1, b - 0.1)))
    const takePauses: Array<[number, number]> = take.sentences
      .slice(0, -1)
      .map((s, i) => [s.endS, take.sentences[i + 1]!.startS])
    const resultPauses: Array<[number, number]> = [
      [before.a, from],
      [after.a, after.b],
      [take.sentences[2]!.endS + shift, take.sentences[3]!.startS + shift],
    ]
    expect(step(rm, resultPauses)).toBeLessThanOrEqual(2 * step(tm, takePauses))
    const pk = await samplesOf(edit.pickups[0]!.ref.path)
    const sides = new Map([
      [edit.take.ref.hash, t],
      [edit.pickups[0]!.ref.hash, pk],
    ])
    for (const c of cutSteps(r, edit.timeline, sides))
      expect(c.result, `cut at ${c.atS.toFixed(3)} s`).toBeLessThanOrEqual(2 * c.own)
  })

  it('reads back with the replaced sentence as written', async () => {
    const { words } = await transcribe(out, SCRIPT)
    const check = compareToScript(SCRIPT, words)
    const s = scriptSentences(SCRIPT)[1]!
    expect(
      check.issues.filter((i) => i.severity !== 'soft' && issueInSentence(i, s)),
      check.summary ?? '',
    ).toEqual([])
    // What the engine makes of this voice elsewhere is the read-back's own matter; it is reported, not tuned for.
    console.info(`other voice: Booth's read-back of the result says ${check.verdict}: ${check.summary}`)
  })
})
