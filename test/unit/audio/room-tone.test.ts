// Room tone that is not plain hiss, on real speech (espeak-ng) mixed with it by ffmpeg: each take is
// judged against the same spoken take without it. Plus the silence rules on block energies (pure).
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { measureTakeDetailed } from '../../../main/audio/measure-take'
import { runFfmpeg } from '../../../main/audio/run-ffmpeg'
import type { TakeReport } from '../../../main/audio/take-measurements'
import { ROOM_TONE_RULES } from '../../../main/audio/thresholds'
import { roomTone } from '../../../shared/audio-dsp/room-tone'
import { withoutOffsets } from '../../../shared/audio-dsp/unweighted-blocks'
import { makeTempDir, makeVoiceTake } from '../../support/audio-fixtures'
import { mixUnder, within } from './helpers/signals'

let dir = ''
let cleanup: () => Promise<void> = async () => {}
beforeAll(async () => {
  ;({ dir, cleanup } = await makeTempDir())
})
afterAll(() => cleanup())

const amp = (dbfs: number): string => (10 ** (dbfs / 20)).toPrecision(10)
/** White noise of this RMS (uniform, so its amplitude is RMS × √3), as a never-ending lavfi source. */
const hiss = (dbfs: number): string =>
  `aevalsrc=exprs=${(10 ** (dbfs / 20) * Math.sqrt(3)).toPrecision(10)}*(2*random(0)-1):s=48000`

/**
 * A dense read trimmed tight: espeak-ng reading without a pause, its own head and tail silence cut, at a
 * dry voice's level (`gainDb` -8: about -27 LUFS), over room tone at -65 dBFS RMS; `leadS` of room tone before it.
 */
async function denseRead(name: string, gainDb: number, leadS: number): Promise<string> {
  const raw = path.join(dir, `${name}.espeak.wav`)
  await promisify(execFile)('espeak-ng', [
    '-w',
    raw,
    'the quick brown fox jumps over the lazy dog while seven bold sailors carry heavy barrels along the narrow harbour wall and nobody stops to rest',
  ])
  const trim = 'silenceremove=start_periods=1:start_threshold=-50dB'
  const voice = path.join(dir, `${name}.voice.wav`)
  await runFfmpeg(
    [
      '-y',
      '-i',
      raw,
      '-af',
      `aresample=48000,${trim},areverse,${trim},areverse,volume=${gainDb}dB,adelay=${Math.round(leadS * 1000)}:all=1`,
      '-c:a',
      'pcm_s24le',
      voice,
    ],
    { timeoutMs: 60_000 },
  )
  return mixUnder(dir, name, voice, hiss(-65))
}

describe('a dense read with no pause to measure', () => {
  // The quietest tenth of such a read is the dips between its syllables, around -40 dBFS at these levels.
  it.each([-8, -12])('at %d dB has no noise floor (unknown, shown as —), not a high one', async (gainDb) => {
    const r = await measureTakeDetailed(await denseRead(`dense${gainDb}`, gainDb, 0), { kind: 'dry_voice' })
    expect(r.report?.noise_floor_dbfs).toBeNull()
    expect(r.report?.findings.map((f) => f.code)).not.toContain('noise_floor_high')
    expect(r.preflight.lead_silence_s).toBeLessThanOrEqual(0.1)
    expect(r.preflight.tail_silence_s).toBeLessThanOrEqual(0.1)
  })

  it('with half a second of room tone before it, measures that room tone', async () => {
    const r = await measureTakeDetailed(await denseRead('dense-lead', -8, 0.5), { kind: 'dry_voice' })
    within(r.report?.noise_floor_dbfs, -65, 1.5)
    expect(r.report?.findings.map((f) => f.code)).not.toContain('noise_floor_high')
    within(r.preflight.lead_silence_s, 0.5, 0.1)
  })
})

describe('a spoken take under hum, buzz and rumble keeps its silences', () => {
  const TEXT = 'Fresh coffee, every morning, only at Booth Roasters. Stop by today and taste the difference.'
  let voice = ''
  let clean = { lead: 0, tail: 0, voiced: 0, trimmed: 0 }
  beforeAll(async () => {
    voice = await makeVoiceTake(dir, 'voice', { text: TEXT, leadS: 0.8, tailS: 0.6 })
    const p = (await measureTakeDetailed(voice, { kind: 'dry_voice' })).preflight
    clean = {
      lead: p.lead_silence_s ?? 0,
      tail: p.tail_silence_s ?? 0,
      voiced: p.voiced_s ?? 0,
      trimmed: (p.duration_s ?? 0) - (p.lead_silence_s ?? 0) - (p.tail_silence_s ?? 0),
    }
    expect(clean.lead).toBeGreaterThan(0.7)
  })

  /** What must hold whatever the room: the same head, tail and voiced time, and no false runs_long on the spoken length. */
  const sameSilences = async (file: string): Promise<TakeReport | null> => {
    const r = await measureTakeDetailed(file, { kind: 'dry_voice', spotLengthS: Number(clean.trimmed.toFixed(1)) })
    within(r.preflight.lead_silence_s, clean.lead, 0.1)
    within(r.preflight.tail_silence_s, clean.tail, 0.1)
    within(r.preflight.voiced_s, clean.voiced, 0.3)
    expect(r.preflight.warnings).not.toContain('runs_long')
    return r.report
  }

  it.each([50, 60])('%d Hz mains hum at -30 dBFS with a buzz of its harmonics to 8× at -45 dBFS each', async (hz) => {
    const harmonics = [2, 3, 4, 5, 6, 7, 8].map((k) => `${amp(-45)}*sin(2*PI*${k * hz}*t+${k})`).join('+')
    const file = await mixUnder(
      dir,
      `buzz${hz}`,
      voice,
      `aevalsrc=exprs=${amp(-30)}*sin(2*PI*${hz}*t)+${harmonics}:s=48000`,
    )
    // The room tone is the hum with its buzz, unweighted: -33 dBFS of hum and -48.5 of buzz make -32.1 dBFS RMS.
    const report = await sameSilences(file)
    within(report?.noise_floor_dbfs, -32.1, 1)
    expect(report?.findings.map((f) => f.code)).toContain('noise_floor_high')
  })

  it.each([1, 2])('low rumble (brown noise below 150 Hz) swelling ±3 dB every 3 s (seed %d)', async (seed) => {
    const rumble = `anoisesrc=r=48000:c=brown:a=1:s=${seed},lowpass=f=150,lowpass=f=150,volume=-38dB,volume='pow(10\\,3*sin(2*PI*0.35*t)/20)':eval=frame`
    // The pauses are found past the rumble (it crosses the high-passed threshold a block at a time); its level is
    // reported whole, unweighted, as ACX measures it: the rumble itself, measured alone by ffmpeg in the same pauses.
    const file = await mixUnder(dir, `rumble${seed}`, voice, rumble)
    const report = await sameSilences(file)
    const alone = await mixUnder(dir, `rumble${seed}-alone`, await silentLike(voice), rumble)
    const reference = await rmsDbfs(alone, 0.1, clean.lead - 0.1)
    within(report?.noise_floor_dbfs, reference, 3)
    expect(report?.noise_floor_dbfs).toBeGreaterThan(-60)
    expect(report?.findings.map((f) => f.code)).toContain('noise_floor_high')
  })
})

/** `file`'s length of digital silence (for a room tone measured alone). */
async function silentLike(file: string): Promise<string> {
  const out = path.join(dir, `${path.basename(file, '.wav')}.silent.wav`)
  await runFfmpeg(['-y', '-i', file, '-af', 'volume=0', '-c:a', 'pcm_s24le', out], { timeoutMs: 60_000 })
  return out
}

/** Unweighted RMS (dBFS) of `file` from `fromS` to `toS`, measured by ffmpeg's astats (no filter: what an ACX check reads). */
async function rmsDbfs(file: string, fromS: number, toS: number): Promise<number> {
  const { stderr } = await runFfmpeg(
    [
      '-nostats',
      '-i',
      file,
      '-af',
      `atrim=${fromS}:${toS},astats=measure_perchannel=none:measure_overall=RMS_level`,
      '-f',
      'null',
      '-',
    ],
    { timeoutMs: 60_000 },
  )
  const m = /RMS level dB:\s+(-?[\d.]+)/.exec(stderr)
  if (!m?.[1]) throw new Error(`ffmpeg's astats printed no RMS level for ${file}:\n${stderr.slice(-500)}`)
  return Number(m[1])
}

describe("the noise floor is the room tone's unweighted RMS, hum included, as ACX measures it", () => {
  /** 50 Hz hum with harmonics to 1 kHz and hiss, as a ground loop puts under a booth microphone. */
  const humWithHarmonics = (humDbfs: number): string => {
    const harmonics = [2, 3, 4, 5, 6, 7, 8, 9, 10, 20]
      .map((k) => `${amp(humDbfs - 12 - k)}*sin(2*PI*${k * 50}*t+${k})`)
      .join('+')
    return `aevalsrc=exprs=${amp(humDbfs)}*sin(2*PI*50*t)+${harmonics}+${(10 ** (-68 / 20) * Math.sqrt(3)).toPrecision(10)}*(2*random(0)-1):s=48000`
  }

  it.each([
    { name: 'espeak-ng en, default speed', voice: ['-v', 'en'], humDbfs: -48 },
    { name: 'espeak-ng en-us+f3, fast', voice: ['-v', 'en-us+f3', '-s', '210'], humDbfs: -53 },
    { name: 'espeak-ng de, slow', voice: ['-v', 'de', '-s', '130'], humDbfs: -58 },
  ])(
    '$name over 50 Hz hum peaking at $humDbfs dBFS: reads what ffmpeg measures in the room tone alone',
    async ({ name, voice: args, humDbfs }) => {
      const id = name.replace(/\W+/g, '-')
      const raw = path.join(dir, `${id}.espeak.wav`)
      await promisify(execFile)('espeak-ng', [
        ...args,
        '-w',
        raw,
        'Fresh coffee every morning. Stop by today and taste the difference.',
      ])
      const voice = path.join(dir, `${id}.voice.wav`)
      await runFfmpeg(
        ['-y', '-i', raw, '-af', 'aresample=48000,adelay=1200:all=1,apad=pad_dur=1', '-c:a', 'pcm_s24le', voice],
        { timeoutMs: 60_000 },
      )
      const take = await mixUnder(dir, id, voice, humWithHarmonics(humDbfs))
      const roomAlone = await mixUnder(dir, `${id}-room`, await silentLike(voice), humWithHarmonics(humDbfs))
      const reference = await rmsDbfs(roomAlone, 0, 1.1)
      const r = await measureTakeDetailed(take, { kind: 'dry_voice' })
      within(r.report?.noise_floor_dbfs, reference, 1)
      // The pauses are still found past the hum: the head is the 1.2 s before the voice.
      within(r.preflight.lead_silence_s, 1.2, 0.15)
      expect(r.report?.findings.map((f) => f.code).includes('noise_floor_high')).toBe(reference > -60)
    },
  )
})

describe('silence in block energies (pure)', () => {
  const BLOCK_S = 0.01
  const energy = (dbfs: number): number => 10 ** (dbfs / 10)

  it('short faint blips in the head and tail stay silence; the head and tail end where the voice does', () => {
    // Up to 4 blocks (< 50 ms), 2 to 8 dB over the threshold (room + 6 dB), each in its own slot of 6 blocks.
    const blip = fc.option(
      fc.record({ blocks: fc.integer({ min: 1, max: 4 }), riseDb: fc.double({ min: 8, max: 14, noNaN: true }) }),
      { nil: null },
    )
    fc.assert(
      fc.property(
        fc.double({ min: -75, max: -35, noNaN: true }),
        fc.integer({ min: 10, max: 150 }),
        fc.integer({ min: 50, max: 300 }),
        fc.integer({ min: 0, max: 110 }),
        fc.array(blip, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 2_000_000_000 }),
        (room, head, voiced, tailBlips, blips, seed) => {
          // The take ends on 40 blocks of plain room tone, so the floor is always there to measure.
          const tail = tailBlips + 40
          let s = seed
          const jitter = (db: number): number => {
            s = (s * 16807) % 2147483647
            return db + ((s / 2147483647) * 2 - 1)
          }
          const blocks = Float64Array.from({ length: head + voiced + tail }, (_, i) =>
            energy(jitter(i >= head && i < head + voiced ? room + 35 : room)),
          )
          // Slots in the head and in the tail, each at least two blocks clear of the voice.
          const slots: number[] = []
          for (let at = 0; at + 6 <= head - 2; at += 6) slots.push(at)
          for (let at = head + voiced + 2; at + 6 <= head + voiced + tailBlips; at += 6) slots.push(at)
          slots.forEach((at, j) => {
            const b = blips[j % blips.length]
            if (b) blocks.fill(energy(room + b.riseDb), at, at + b.blocks)
          })
          const r = roomTone(blocks, withoutOffsets(blocks), BLOCK_S, blocks.length * BLOCK_S, ROOM_TONE_RULES)
          expect(r.leadS).toBeCloseTo(head * BLOCK_S, 6)
          expect(r.tailS).toBeCloseTo(tail * BLOCK_S, 6)
        },
      ),
      { numRuns: 300 },
    )
  })
})
