/**
 * Fitting a take to its spot on real audio (issue 42, points 4 and the known failure): espeak-ng reads with
 * commas inside their sentences over a pink room tone, the real finish engine (ffmpeg's atempo included).
 * - A spot 2–3 s longer than the read is lengthened between sentences: no comma pause changes, no tempo,
 *   and each sentence correlates ≥ 0.97 with itself in the original (test/support/sentence-intact.ts); the
 *   report names each pause it changed and its kind. With the talent's longest pause at 1.0 s the commas
 *   must give, and the same check then fails: it can.
 * - A slow read over −60 dBFS room tone that needs tempo to fit 14.5–14.7 s spots is finished (it was
 *   refused: the re-fit after the tempo change judged its pauses by their shortened lengths).
 */
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findProfile, type DeliveryProfile } from '../../../main/audio/delivery-profiles'
import { finishTake } from '../../../main/finish/finish-take'
import { makeTempDir } from '../../support/audio-fixtures'
import { sentenceMatches } from '../../support/sentence-intact'
import { speakRead, type SpokenRead } from '../../support/voice-reads'
import { layTake, readWav, rmsDb, scaleToPeak, speech, SR, writeWav24, type Take } from './level-audio'

const COMMA_SENTENCES = [
  'When the harbour opens at nine, the boats leave for the island.',
  'Tickets, maps and lunch are twelve dollars at the door.',
  'Bring the family, stay for supper, and watch the fireworks.',
  'The last ferry, at midnight, takes everyone home.',
]
const podcast = findProfile('podcast') as DeliveryProfile

let tmp: { dir: string; cleanup: () => Promise<void> }
let take: Take
let wav = ''
let uneven: Take
let unevenWav = ''
let slow: SpokenRead

beforeAll(async () => {
  tmp = await makeTempDir('booth-fit-lengthen-')
  const parts = await Promise.all(COMMA_SENTENCES.map((s) => speech(tmp.dir, s)))
  take = await layTake(
    tmp.dir,
    parts.map((p) => scaleToPeak(p, -6)),
    0.7,
    -60,
    21,
  )
  wav = await writeWav24(tmp.dir, 'commas', take.x)
  uneven = await layTake(
    tmp.dir,
    parts.map((p, i) => scaleToPeak(p, [-3, -7, -2, -5][i] as number)),
    0.7,
    -63,
    22,
  )
  unevenWav = await writeWav24(tmp.dir, 'uneven', uneven.x)
  slow = await speakRead(
    tmp.dir,
    'slow',
    [
      'This Saturday only, the biggest sale of the year.',
      'Save twenty percent on every mattress.',
      'Our sleep experts are here to help.',
      'Visit Dream Street Furniture today.',
    ],
    { voice: 'en-us+f2', speed: 150, pausesS: [1.0, 1.1, 0.95], leadS: 1.2, tailS: 1.6, roomDbfs: -60 },
  )
}, 120_000)
afterAll(async () => {
  await tmp.cleanup()
})

const spans = (t: Take) => t.sentences.map((s) => ({ fromS: s.from / SR, toS: s.to / SR }))

async function lengthened(t: Take, file: string, extraS: number, kind: 'dry_voice' | 'finished_spot', profile: string) {
  const spot = t.x.length / SR + extraS
  const out = join(tmp.dir, `long-${profile}-${extraS}-${t.x.length}.wav`)
  const report = await finishTake({
    input: file,
    output: out,
    spotLengthS: spot,
    kind,
    profile: findProfile(profile) as DeliveryProfile,
  })
  expect(report.tempo).toBe(1)
  expect(report.length_s).toBeCloseTo(spot, 3)
  const matches = sentenceMatches(t.x, await readWav(tmp.dir, out), SR, spans(t), report.time_map)
  const gains = matches.map((m) => m.gainDb)
  return { report, matches, spread: Math.max(...gains) - Math.min(...gains) }
}

describe('a short spot is lengthened between sentences', { timeout: 120_000 }, () => {
  for (const extraS of [2, 3]) {
    it(`${extraS} s longer at EBU R128: the sentence pauses grow, the commas and the tempo stay, each sentence intact`, async () => {
      const { report, matches, spread } = await lengthened(take, wav, extraS, 'finished_spot', 'ebu-r128')
      const pauses = report.edits.filter((e) => e.kind === 'pause')
      // The report names each pause it changed: here the three between sentences, longer, and no comma.
      expect(pauses.map((p) => p.pause)).toEqual(['sentence', 'sentence', 'sentence'])
      for (const p of pauses) expect(p.to_s).toBeGreaterThan(p.from_s + 0.5)
      for (const m of matches) expect(m.r).toBeGreaterThanOrEqual(0.97)
      // One gain, no peak limited: every sentence changed by the same dB.
      expect(report.limited).toBe(false)
      expect(spread).toBeLessThan(0.02)
    })
  }

  it('2 s longer at podcast loudness: the limiter takes peaks off, each phrase gets back what it lost, the read keeps its dynamics', async () => {
    const { report, matches, spread } = await lengthened(take, wav, 2, 'finished_spot', 'podcast')
    expect(report.edits.filter((e) => e.kind === 'pause').every((p) => p.pause === 'sentence')).toBe(true)
    expect(report.limited).toBe(true)
    expect(report.dynamics).toMatchObject({ kept: true })
    expect(report.dynamics?.spread_before_db).toBeGreaterThan(0.3)
    expect(spread).toBeLessThanOrEqual(0.3)
    expect(report.edits.some((e) => e.kind === 'gain' && e.from_s > 0)).toBe(true)
    // The limiter's own reshaping of the peaks (about 7 dB of them: espeak-ng's crest) is all that moves
    // the sentences' waveforms.
    for (const m of matches) expect(m.r).toBeGreaterThanOrEqual(0.96)
  })

  it(
    'a dry voice whose sentences were read 5 dB apart: where the limiter would have to go past ' +
      'its 4.5 dB, it says it could not keep the dynamics, with the figures',
    async () => {
      const { report, spread } = await lengthened(uneven, unevenWav, 2, 'dry_voice', 'dry-voice')
      expect(report.limited).toBe(true)
      expect(report.dynamics).toMatchObject({ kept: false, phrases_restored: 0 })
      expect(report.level).toMatch(
        /could not be kept within 0\.3 dB of each other: the limiter moves them up to \d\.\d\d dB apart/,
      )
      // What it says is what the sentences show (phrases spread at least as far as the sentences they make).
      expect(spread).toBeLessThanOrEqual((report.dynamics?.spread_db ?? 0) + 0.05)
      expect(spread).toBeGreaterThan(0.3)
    },
  )

  it('with the longest pause held at 1.0 s the commas give, and the check sees the sentences changed', async () => {
    const spot = take.x.length / SR + 3
    const out = join(tmp.dir, 'capped.wav')
    const report = await finishTake({
      input: wav,
      output: out,
      spotLengthS: spot,
      kind: 'finished_spot',
      profile: podcast,
      longestPauseS: 1.0,
    })
    expect(report.edits.some((e) => e.kind === 'pause' && e.pause === 'comma')).toBe(true)
    const matches = sentenceMatches(take.x, await readWav(tmp.dir, out), SR, spans(take), report.time_map)
    expect(Math.min(...matches.map((m) => m.r))).toBeLessThan(0.97)
  })
})

describe('a quiet dry voice', { timeout: 120_000 }, () => {
  it("gets the gain its window needs and says it lifts the room tone over ACX's −60 dBFS, with the figures", async () => {
    const quiet = await layTake(
      tmp.dir,
      (await Promise.all(COMMA_SENTENCES.slice(0, 2).map((s) => speech(tmp.dir, s)))).map((p) => scaleToPeak(p, -22)),
      0.8,
      -62,
      23,
    )
    const file = await writeWav24(tmp.dir, 'quiet', quiet.x)
    const out = join(tmp.dir, 'quiet-out.wav')
    const report = await finishTake({
      input: file,
      output: out,
      spotLengthS: quiet.x.length / SR,
      kind: 'dry_voice',
      profile: findProfile('dry-voice') as DeliveryProfile,
    })
    expect(report.gain_db).toBeGreaterThan(8)
    const n = report.noise_floor
    expect(n).toMatchObject({ max_dbfs: -60, above: true })
    expect(n!.after_dbfs - n!.before_dbfs).toBeCloseTo(report.gain_db, 1)
    expect(report.level).toContain(
      `lifts the room tone from ${n!.before_dbfs.toFixed(1)} to ${n!.after_dbfs.toFixed(1)} dBFS RMS, above the -60.0 dBFS Dry voice allows`,
    )
    // The figure is the room tone of the result: the pause between the two sentences, measured in OUT.
    const y = await readWav(tmp.dir, out)
    const pause = report.edits.find((e) => e.kind === 'pause') ?? { at_s: quiet.sentences[0]!.to / SR, to_s: 0.8 }
    const rms = rmsDb(y, Math.round((pause.at_s + 0.1) * SR), Math.round((pause.at_s + pause.to_s - 0.1) * SR))
    expect(Math.abs(rms - n!.after_dbfs)).toBeLessThan(1)
    // ... and the dry voice sits inside its window by 0.5 dB at least.
    expect(report.after.rms_dbfs).toBeGreaterThanOrEqual(-22.55)
    expect(report.after.rms_dbfs).toBeLessThanOrEqual(-18.45)
  })
})

describe('a take over −60 dBFS room tone that needs tempo', { timeout: 120_000 }, () => {
  const cases: Array<['dry_voice' | 'finished_spot', number]> = [
    ['finished_spot', 14.5],
    ['finished_spot', 14.6],
    ['finished_spot', 14.7],
    ['dry_voice', 14.6],
    ['dry_voice', 14.7],
  ]
  for (const [kind, spot] of cases) {
    it(`is finished to a ${spot} s spot as a ${kind}`, async () => {
      const report = await finishTake({
        input: slow.path,
        output: join(tmp.dir, `slow-${kind}-${spot}.wav`),
        spotLengthS: spot,
        kind,
        profile: findProfile(kind === 'dry_voice' ? 'dry-voice' : 'podcast') as DeliveryProfile,
      })
      expect(report.tempo).toBeGreaterThan(1)
      expect(report.length_s).toBeCloseTo(spot, 3)
    })
  }
})
