/**
 * Every figure the finish reports is what it did (issue 41), held on real reads (espeak-ng, flite) with
 * pink room tone from ffmpeg:
 *  - clicks: planted in the pauses, inside words and in the 150 ms after a word (where a plosive releases,
 *    never searched); the clicks reported removed are exactly the stretches whose samples changed, each at a
 *    planted click, and the ones left (in words, by a word's end) are sample for sample as read;
 *  - limiting: a hot read whose crest the dry voice's window cannot absorb; the report's gain is the gain
 *    every sample got (checked sample by sample outside the limiter's stretches), the limiting it reports is
 *    the reduction the samples show, and the words say so instead of "no compression";
 *  - the same through the whole finish (finishTake), a WAV in and a WAV out: the report, the version's
 *    counts and the summary line agree.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findProfile, type DeliveryProfile } from '../../../main/audio/delivery-profiles'
import { cleanStep } from '../../../main/finish/finish-steps'
import { finishTake } from '../../../main/finish/finish-take'
import { finishSummary } from '../../../main/finish/finish-version'
import { levelTake } from '../../../main/finish/level'
import { materialize } from '../../../main/finish/level-stream'
import { DEFAULT_FINISH_CHOICES, finishCounts, type VersionFinish } from '../../../shared/versions/finish'
import { makeTempDir } from '../../support/audio-fixtures'
import {
  click,
  layTake,
  overlaps,
  plantedTake,
  readWav,
  SENTENCES,
  speech,
  SR,
  scaleToPeak,
  writeWav24,
} from './level-audio'

let dir = ''
let cleanup: () => Promise<void> = async () => {}
beforeAll(async () => {
  ;({ dir, cleanup } = await makeTempDir('booth-finish-truth-'))
})
afterAll(() => cleanup())

const dryVoice = findProfile('dry-voice') as DeliveryProfile
const ms = (s: number): number => Math.round(s * SR)
const addAt = (x: Float32Array, at: number, y: Float32Array): void => {
  for (let i = 0; i < y.length; i++) x[at + i] = (x[at + i] as number) + (y[i] as number)
}

/** The stretches where `b` differs from `a`, joined when closer than `join` frames. */
function changed(a: Float32Array, b: Float32Array, join = ms(0.002)): Array<{ from: number; to: number }> {
  const runs: Array<{ from: number; to: number }> = []
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue
    const last = runs[runs.length - 1]
    if (last && i - last.to <= join) last.to = i + 1
    else runs.push({ from: i, to: i + 1 })
  }
  return runs
}

describe('clicks: the report counts the repairs made, nothing found and left', () => {
  it.each([
    [{ synth: 'espeak-ng' as const, voice: 'en-us' }, -60],
    [{ synth: 'flite' as const, voice: 'slt' }, -55],
  ])('%o, room tone %d dBFS: removed = the stretches whose samples changed', async (voice, roomDbfs) => {
    const t = await plantedTake(dir, voice, roomDbfs)
    const x = t.x.slice()
    const [, p1, p2] = t.pauses as Array<{ from: number; to: number }>
    const c = click(-20)
    // More clicks: one late in the first pause and one 50 ms after the second sentence (searched: a click beside
    // a word is removed), one inside each word stretch (never de-clicked).
    const inPause = [p1!.from + ms(0.95)]
    const inWords = t.sentences.map((s) => Math.round((s.from + s.to) / 2))
    const byWordEnd = [p2!.from + ms(0.05)]
    for (const at of [...inPause, ...inWords, ...byWordEnd]) addAt(x, at, c)
    const planted = [...t.clicks.map((k) => k.from), ...inPause, ...byWordEnd].map((at) => ({
      from: at,
      to: at + c.length,
    }))

    // The finish searches the pauses between the speech (not the lead and tail): as finish-take.ts hands them.
    const clean = cleanStep([x], SR, [p1!, p2!], t.roomDb, 'keep')
    const out = clean.channels[0] as Float32Array
    const runs = changed(x, out)
    expect(clean.clicks.length).toBeGreaterThanOrEqual(2)
    // Each click reported removed is one stretch of changed samples, and each changed stretch is one of them.
    expect(runs).toHaveLength(clean.clicks.length)
    for (const r of runs) expect(clean.clicks.filter((k) => overlaps(k, r))).toHaveLength(1)
    // Each is at a planted click in a searched part of a pause.
    for (const k of clean.clicks) expect(planted.some((p) => overlaps(k, p))).toBe(true)
    // The click 50 ms after a word is gone; the clicks in the words are there, sample for sample.
    expect(clean.clicks.some((k) => overlaps(k, { from: byWordEnd[0]!, to: byWordEnd[0]! + c.length }))).toBe(true)
    for (const at of inWords)
      expect(Array.from(out.subarray(at - 10, at + c.length + 10))).toEqual(
        Array.from(x.subarray(at - 10, at + c.length + 10)),
      )
    // The version counts what the report lists.
    const edits = clean.clicks.map((k) => ({
      kind: 'click' as const,
      at_s: k.from / SR,
      from_s: k.from / SR,
      to_s: k.to / SR,
    }))
    expect(finishCounts(edits).clicks_removed).toBe(runs.length)
  })
})

/** Three sentences read hot: peaks at -1 dBFS, with short plosive-like bursts that push the crest. */
async function hotTake(): Promise<{ x: Float32Array; bursts: number[] }> {
  const parts = await Promise.all(SENTENCES.map((s) => speech(dir, s, { synth: 'espeak-ng', voice: 'en-us' })))
  const t = await layTake(
    dir,
    parts.map((p) => scaleToPeak(p, -14)),
    0.9,
    -60,
    11,
  )
  const bursts = t.sentences.map((s) => s.from + ms(0.3))
  // A 3 ms burst at -1 dBFS in each sentence: a crest the window cannot take with one gain.
  const burst = Float32Array.from(
    { length: ms(0.003) },
    (_, i) => 0.89 * Math.sin((2 * Math.PI * 1500 * i) / SR) * Math.exp(-i / ms(0.001)),
  )
  for (const at of bursts) addAt(t.x, at, burst)
  return { x: t.x, bursts }
}

describe('limiting: the gain reported is the gain applied, the limiting reported is what the samples show', () => {
  it('a hot dry voice: one gain everywhere but where the limiter says it acted', async () => {
    const { x, bursts } = await hotTake()
    const lv = levelTake([x], SR, 'dry_voice', dryVoice)
    const out = materialize(lv.frames)[0] as Float32Array
    expect(lv.limiting).not.toBeNull()
    const l = lv.limiting!
    const g = 10 ** ((lv.plan.gain_db + lv.plan.trim_db) / 20)
    // Outside the limiter's stretches every sample is the take times the reported gain (float rounding aside).
    const mask = new Uint8Array(x.length)
    for (const p of lv.limitedAt) mask.fill(1, p.from, p.to)
    const inside = (i: number) => mask[i] === 1
    let deepest = 0
    for (let i = 0; i < x.length; i++) {
      const want = (x[i] as number) * g
      if (!inside(i)) {
        if (Math.abs((out[i] as number) - want) > Math.abs(want) * 1e-6 + 1e-9)
          expect.fail(`frame ${i} is ${out[i]}, not the take times the gain (${want})`)
      } else if (Math.abs(want) > 1e-3)
        deepest = Math.max(deepest, 20 * Math.log10(Math.abs(want) / Math.abs(out[i] as number)))
    }
    // The deepest reduction the samples show is the one reported (the limiter's gain is linked and smooth).
    expect(Math.abs(deepest - l.max_db)).toBeLessThan(0.05)
    expect(l.max_db).toBeGreaterThan(0.5)
    expect(l.max_db).toBeLessThanOrEqual(4.5 + 0.01)
    expect(l.places).toBe(lv.limitedAt.length)
    // Each stretch holds a planted burst; the time held down is a fraction of the stretches.
    for (const p of lv.limitedAt) expect(bursts.some((b) => b >= p.from - ms(0.01) && b < p.to)).toBe(true)
    expect(l.seconds).toBeGreaterThan(0)
    expect(l.seconds).toBeLessThan(lv.limitedAt.reduce((a, p) => a + p.to - p.from, 0) / SR)
    expect(lv.plan.target).toContain(`one gain, peaks limited up to ${l.max_db.toFixed(1)} dB at ${l.places} place`)
    expect(lv.plan.target).not.toMatch(/no compression/)
  })

  it('a spot whose peaks stay under the ceiling says no peak was limited, and every sample is the gain', async () => {
    const parts = await Promise.all(SENTENCES.map((s) => speech(dir, s, { synth: 'espeak-ng', voice: 'en-us' })))
    const t = await layTake(
      dir,
      parts.map((p) => scaleToPeak(p, -20)),
      0.9,
      -60,
      12,
    )
    const lv = levelTake([t.x], SR, 'finished_spot', findProfile('ebu-r128') as DeliveryProfile)
    expect(lv.limiting).toBeNull()
    expect(lv.limitedAt).toEqual([])
    expect(lv.plan.target).toMatch(/one gain, no peak limited/)
    const g = 10 ** ((lv.plan.gain_db + lv.plan.trim_db) / 20)
    const out = materialize(lv.frames)[0] as Float32Array
    for (let i = 0; i < out.length; i += 7)
      expect(Math.abs((out[i] as number) - (t.x[i] as number) * g)).toBeLessThanOrEqual(
        Math.abs((t.x[i] as number) * g) * 1e-6 + 1e-9,
      )
  })
})

describe('the whole finish, a WAV in and a WAV out', () => {
  it(
    'reports the gain applied, the limiting done and the clicks removed; the version and its summary say the same',
    { timeout: 120_000 },
    async () => {
      const { x } = await hotTake()
      const input = await writeWav24(dir, 'hot', x)
      const out = `${dir}/hot.finished.wav`
      const report = await finishTake({
        input,
        output: out,
        spotLengthS: x.length / SR - 0.5,
        kind: 'dry_voice',
        profile: dryVoice,
      })
      expect(report.limiting).not.toBeNull()
      expect(report.limited).toBe(true)
      expect(report.level).toMatch(/one gain, peaks limited up to \d+\.\d dB at \d+ places?/)
      expect(report.level).not.toMatch(/no compression/)
      expect(report.after.true_peak_dbtp).toBeLessThanOrEqual(-3)
      const written = await readWav(dir, out)
      expect(Math.abs(written.length / SR - report.length_s)).toBeLessThanOrEqual(0.0005)
      // The version keeps these figures; its summary line says them.
      const f: VersionFinish = {
        base_version: 1,
        choices: DEFAULT_FINISH_CHOICES,
        spot_length_s: x.length / SR - 0.5,
        kind: 'dry_voice',
        profile: { name: 'dry-voice', label: 'Dry voice', loudness: [], peak: null },
        tempo: report.tempo,
        gain_db: report.gain_db,
        before: report.before,
        after: report.after,
        edits: report.edits,
        ...finishCounts(report.edits),
      }
      expect(f.limiting).toEqual(report.limiting)
      expect(f.clicks_removed).toBe(report.edits.filter((e) => e.kind === 'click').length)
      const l = report.limiting!
      expect(finishSummary(f)).toContain(
        `gain ${report.gain_db > 0 ? '+' : '−'}${Math.abs(report.gain_db).toFixed(1)} dB, peaks limited up to ${l.max_db.toFixed(1)} dB at ${l.places} place`,
      )
    },
  )
})
