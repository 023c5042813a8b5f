/**
 * `npm run finish` on real takes: espeak-ng reads (two voices, two rates) laid on room tone at -60 and
 * -50 dBFS (ffmpeg's anoisesrc), 48 kHz 24-bit (and one 44.1 kHz 16-bit), and a tone take for the tempo
 * path; real ffmpeg throughout. Held on the files themselves: the length within ±0.05 s of the spot, the
 * speech sample-identical where the pauses suffice, no run of digital silence, pauses at the room tone's
 * level, the dramatic pause still the longest, the format kept, the take's bytes unchanged, a refusal that
 * names the figures and writes nothing, and the tempo path keeping the pitch.
 */
import { longestZeroRun } from './level-audio'
import { execFile } from 'node:child_process'
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { measureTake } from '../../../main/audio/measure-take'
import { runFfmpeg } from '../../../main/audio/run-ffmpeg'
import { runFinishCli } from '../../../main/finish/finish-cli'
import type { FinishReport } from '../../../main/finish/finish-take'
import { hasAtempo } from '../../../main/finish/tempo'
import { openWavSource, fullScale } from '../../../main/media/wav-source'
import { sha256File } from '../../../main/versions/store/recordings'
import { makeAudio, makeTempDir } from '../../support/audio-fixtures'
import { speakRead, type SpokenRead } from '../../support/voice-reads'
import { engineMissing } from '../../unit/versions/helpers/spot'
import { writeFile } from 'node:fs/promises'
import type { Preflight } from '../../../main/audio/preflight'
import { PocketsphinxEngine } from '../../../main/readback/engines/pocketsphinx/pocketsphinx-engine'
import { readBack } from '../../../main/readback/read-back'
import type { ReadbackCheck, ReadbackIssue } from '../../../shared/readback/types'

const run = promisify(execFile)

let dir = ''
let cleanup: () => Promise<void> = async () => {}
/** Fixtures made once per file, by what they are made of. */
const made = new Map<string, Promise<SpokenRead>>()
const fixture = (key: string, make: () => Promise<SpokenRead>) => {
  let hit = made.get(key)
  if (!hit) made.set(key, (hit = make()))
  return hit
}

const LONG = [
  'This Saturday only,',
  "it's the biggest sale of the year at Dream Street Furniture.",
  'Save twenty percent on every mattress in the store.',
  'Queen mattresses start at just two ninety nine.',
  'Our sleep experts are here to help.',
  'Visit us today.',
]
const longTake = () =>
  fixture('long', () =>
    speakRead(dir, 'long', LONG, { pausesS: [0.35, 0.9, 2.0, 0.8, 1.0], roomDbfs: -60, voice: 'en-us+f2', speed: 165 }),
  )
const shortTake = () =>
  fixture('short', () =>
    speakRead(dir, 'short', LONG.slice(2), {
      pausesS: [0.5, 0.6, 0.45],
      roomDbfs: -50,
      roomSeed: 5,
      voice: 'en-us+f3',
      speed: 190,
      leadS: 0.3,
      tailS: 0.4,
    }),
  )
const cdTake = () =>
  fixture('cd', () =>
    speakRead(dir, 'cd', LONG.slice(1, 4), {
      pausesS: [0.9, 0.7],
      roomDbfs: -55,
      sampleRate: 44_100,
      codec: 'pcm_s16le',
    }),
  )

interface Audio {
  raw: Float64Array
  rate: number
  frames: number
  encoding: string
  channels: number
}
async function audioOf(path: string): Promise<Audio> {
  const src = await openWavSource(path)
  try {
    return {
      raw: await src.readFrames(0, src.frames),
      rate: src.format.sample_rate,
      frames: src.frames,
      encoding: src.format.encoding,
      channels: src.format.channels,
    }
  } finally {
    await src.close()
  }
}

/**
 * Where `needle` times the finish's one gain occurs in `hay` (first frame), or -1: each sample within the
 * dither and rounding of a gained sample (exactly where the gain is 0 dB). Where the report says
 * the true-peak limiter acted, up to 1 % of the samples (the crest it turned down) may differ.
 */
function indexIn(hay: Float64Array, needle: Float64Array, gainDb = 0, limited = false): number {
  const g = 10 ** (gainDb / 20)
  // A gained sample: its dither (one step), float32's rounding, and the report's gain rounded to 0.01 dB.
  const tolOf = (b: number) => (gainDb === 0 ? 0 : 2 + Math.abs(b) * 6e-4)
  const allowed = limited ? Math.floor(needle.length / 100) : 0
  // A sample well under the crest (which a limiter may have turned down) anchors the search.
  let top = 0
  for (const v of needle) top = Math.max(top, Math.abs(v))
  let anchor = 0
  for (let j = 1; j < needle.length; j++)
    if (Math.abs(Math.abs(needle[j] as number) - 0.3 * top) < Math.abs(Math.abs(needle[anchor] as number) - 0.3 * top))
      anchor = j
  const near = (a: number, b: number) => Math.abs(a - b * g) <= tolOf(b)
  for (let i = 0; i + needle.length <= hay.length; i++) {
    if (!near(hay[i + anchor] as number, needle[anchor] as number)) continue
    let misses = 0
    for (let j = 0; j < needle.length && misses <= allowed; j++)
      if (!near(hay[i + j] as number, needle[j] as number)) misses++
    if (misses <= allowed) return i
  }
  return -1
}

function rmsDb(a: Audio, fromS: number, toS: number): number {
  const scale = 1 / fullScale(a.encoding as 'pcm_s24')
  let s = 0
  const from = Math.round(fromS * a.rate)
  const to = Math.round(toS * a.rate)
  for (let i = from; i < to; i++) s += ((a.raw[i] as number) * scale) ** 2
  return 10 * Math.log10(s / Math.max(1, to - from))
}

async function finish(
  input: string,
  name: string,
  spot: number,
  kind: 'dry_voice' | 'finished_spot',
  extra: string[] = [],
) {
  const out = join(dir, `${name}.finished.wav`)
  const result = await runFinishCli([input, '--spot-length', String(spot), '--kind', kind, ...extra, '-o', out])
  return { ...result, out, report: result.code === 0 ? (JSON.parse(result.stdout) as FinishReport) : null }
}

/** Each sentence's audible part found, sample for sample but for the one gain, in the output: its start and end there (s). */
function placeSentences(
  input: Audio,
  output: Audio,
  read: SpokenRead,
  report: FinishReport | null,
): Array<{ startS: number; endS: number } | null> {
  return read.sentences.map((s) => {
    const needle = input.raw.subarray(Math.round(s.startS * input.rate), Math.round(s.endS * input.rate))
    const at = indexIn(output.raw, needle, report?.gain_db ?? 0, report?.limited ?? false)
    return at < 0 ? null : { startS: at / output.rate, endS: at / output.rate + (s.endS - s.startS) }
  })
}

/** A read by flite (another synthesiser), 48 kHz 24-bit over pink room tone; each phrase's middle half, where it lies. */
async function fliteTake(
  name: string,
  phrases: readonly string[],
  pausesS: readonly number[],
  roomDbfs: number,
): Promise<{ path: string; durationS: number; middles: Array<[number, number]> }> {
  const inputs: string[] = []
  const parts: string[] = []
  const chain: string[] = []
  const middles: Array<[number, number]> = []
  let t = 0.6
  parts.push('aevalsrc=exprs=0:s=48000:d=0.6,aformat=sample_fmts=dbl:channel_layouts=mono[lead]')
  chain.push('[lead]')
  for (const [i, text] of phrases.entries()) {
    const wav = join(dir, `${name}-${i}.flite.wav`)
    await run('flite', ['-voice', 'slt', '-t', text, '-o', wav])
    const src = await openWavSource(wav)
    const lengthS = src.frames / src.format.sample_rate
    await src.close()
    inputs.push('-i', wav)
    parts.push(`[${i}:a]aresample=48000,aformat=sample_fmts=dbl:channel_layouts=mono[v${i}]`)
    chain.push(`[v${i}]`)
    middles.push([t + lengthS * 0.3, t + lengthS * 0.7])
    t += lengthS
    const gap = i < phrases.length - 1 ? (pausesS[i] as number) : 0.9
    parts.push(`aevalsrc=exprs=0:s=48000:d=${gap},aformat=sample_fmts=dbl:channel_layouts=mono[p${i}]`)
    chain.push(`[p${i}]`)
    t += gap
  }
  parts.push(`${chain.join('')}concat=n=${chain.length}:v=0:a=1[voice]`)
  parts.push(
    `anoisesrc=r=48000:a=${(10 ** (roomDbfs / 20)).toPrecision(8)}:c=pink:s=3:d=${t.toFixed(6)},aformat=sample_fmts=dbl:channel_layouts=mono[room]`,
  )
  parts.push('[voice][room]amix=inputs=2:duration=first:normalize=0[out]')
  const path = join(dir, `${name}.wav`)
  await runFfmpeg(
    ['-y', ...inputs, '-filter_complex', parts.join(';'), '-map', '[out]', '-c:a', 'pcm_s24le', '-ar', '48000', path],
    { timeoutMs: 120_000 },
  )
  return { path, durationS: t, middles }
}

beforeAll(async () => {
  ;({ dir, cleanup } = await makeTempDir('booth-finish-'))
})
afterAll(async () => {
  await cleanup()
})

describe('npm run finish', () => {
  it('the ffmpeg here lists atempo', async () => {
    expect(await hasAtempo()).toBe(true)
  })

  it('fits a long take in its pauses: exact length, the words untouched, room tone in the pauses, the dramatic pause longest', async () => {
    const read = await longTake()
    const hashBefore = await sha256File(read.path)
    const spot = Math.round((read.durationS - 2.2) * 10) / 10
    const r = await finish(read.path, 'long', spot, 'dry_voice')
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    expect(await sha256File(read.path)).toBe(hashBefore)
    const input = await audioOf(read.path)
    const output = await audioOf(r.out)
    expect(Math.abs(output.frames / output.rate - spot)).toBeLessThanOrEqual(0.05)
    expect(r.report).toMatchObject({ tempo: 1, length_s: expect.closeTo(spot, 1) })
    // Levelled as a dry voice: RMS in -23…-18 dBFS and peaks at -3 dB or under, by one gain.
    expect(r.report?.after.rms_dbfs).toBeGreaterThanOrEqual(-23)
    expect(r.report?.after.rms_dbfs).toBeLessThanOrEqual(-18)
    expect(r.report?.after.true_peak_dbtp).toBeLessThanOrEqual(-3)
    expect(r.report?.edits.filter((e) => e.kind === 'gain')).toEqual(
      r.report?.gain_db === 0 ? [] : [expect.objectContaining({ gain_db: r.report?.gain_db })],
    )
    expect({ rate: output.rate, encoding: output.encoding, channels: output.channels }).toEqual({
      rate: input.rate,
      encoding: input.encoding,
      channels: input.channels,
    })
    expect(longestZeroRun(output.raw)).toBeLessThan(0.01 * output.rate)
    const placed = placeSentences(input, output, read, r.report)
    expect(placed.every((p) => p !== null)).toBe(true)
    const at = placed as Array<{ startS: number; endS: number }>
    const room = rmsDb(input, 0.1, 0.7)
    const gaps = at.slice(1).map((p, i) => p.startS - (at[i] as { endS: number }).endS)
    for (let i = 0; i + 1 < at.length; i++) {
      const from = (at[i] as { endS: number }).endS + 0.25
      const to = (at[i + 1] as { startS: number }).startS - 0.05
      if (to - from >= 0.1)
        expect(Math.abs(rmsDb(output, from, to) - (room + (r.report?.gain_db ?? 0)))).toBeLessThanOrEqual(3)
    }
    // The 2 s pause (after the third sentence) stays the longest.
    expect(gaps.indexOf(Math.max(...gaps))).toBe(2)
    expect(r.report?.edits.some((e) => e.kind === 'pause')).toBe(true)
    expect(r.report?.before.length_s).toBeCloseTo(read.durationS, 2)
    // Booth's own preflight of the finished dry voice (judged from first to last sound) and the service's
    // file length agree: neither calls it long or short.
    const preflight = await measureTake(r.out, { spotLengthS: spot, kind: 'dry_voice' })
    expect(preflight.warnings).not.toContain('runs_short')
    expect(preflight.warnings).not.toContain('runs_long')
  }, 90_000)

  it('lengthens a short take in its pauses with its own room tone, never with dead air at the end', async () => {
    const read = await shortTake()
    const spot = Math.round((read.durationS + 0.6) * 10) / 10
    const r = await finish(read.path, 'short', spot, 'finished_spot')
    expect(r.stderr).toBe('')
    const input = await audioOf(read.path)
    const output = await audioOf(r.out)
    expect(Math.abs(output.frames / output.rate - spot)).toBeLessThanOrEqual(0.05)
    expect(longestZeroRun(output.raw)).toBeLessThan(0.01 * output.rate)
    const at = placeSentences(input, output, read, r.report)
    expect(at.every((p) => p !== null)).toBe(true)
    const last = read.sentences[read.sentences.length - 1] as SpokenRead['sentences'][number]
    const lastOut = at[at.length - 1] as { endS: number }
    // The tail after the last word's faint end is within the finished spot's 0.6 s handle.
    expect(spot - (lastOut.endS + (last.lastS - last.endS))).toBeLessThanOrEqual(0.6 + 0.03)
    const room = rmsDb(input, 0.05, 0.25)
    for (let i = 0; i + 1 < at.length; i++) {
      const from = (at[i] as { endS: number }).endS + 0.25
      const to = (at[i + 1] as { startS: number }).startS - 0.05
      expect(to - from).toBeGreaterThan(0.1)
      expect(Math.abs(rmsDb(output, from, to) - (room + (r.report?.gain_db ?? 0)))).toBeLessThanOrEqual(3)
    }
    const gapsIn = read.sentences.slice(1).map((s, i) => s.startS - (read.sentences[i] as { endS: number }).endS)
    const gapsOut = at.slice(1).map((p, i) => p!.startS - at[i]!.endS)
    expect(gapsOut.reduce((a, b) => a + b, 0)).toBeGreaterThan(gapsIn.reduce((a, b) => a + b, 0))
  }, 90_000)

  it('keeps a 44.1 kHz 16-bit take in its format', async () => {
    const read = await cdTake()
    const spot = Math.round((read.durationS - 2) * 10) / 10
    const r = await finish(read.path, 'cd', spot, 'dry_voice')
    expect(r.stderr).toBe('')
    const output = await audioOf(r.out)
    expect({ rate: output.rate, encoding: output.encoding }).toEqual({ rate: 44_100, encoding: 'pcm_s16' })
    expect(Math.abs(output.frames / output.rate - spot)).toBeLessThanOrEqual(0.05)
  }, 90_000)

  it('refuses a take that cannot fit with one sentence of figures, exit 1, and writes nothing (through npm run finish)', async () => {
    const read = await longTake()
    const hashBefore = await sha256File(read.path)
    const out = join(dir, 'refused.wav')
    const failed = await run(
      'npm',
      ['run', '--silent', 'finish', '--', read.path, '--spot-length', '6', '--kind', 'dry_voice', '-o', out],
      { cwd: process.cwd() },
    ).then(
      () => null,
      (e: { code: number; stderr: string; stdout: string }) => e,
    )
    expect(failed?.code).toBe(1)
    expect(failed?.stdout).toBe('')
    expect(failed?.stderr.trim()).toMatch(
      /^The words alone take \d+\.\d s( and the shortest pauses and handles \d+\.\d s more)?; the spot is 6\.0 s; 4 % faster reaches \d+\.\d s\.$/,
    )
    expect(await stat(out).catch(() => null)).toBeNull()
    expect(await sha256File(read.path)).toBe(hashBefore)
  }, 60_000)

  it('changes the tempo by at most 4 % where the pauses cannot absorb it, keeping the pitch', async () => {
    const tones = await makeAudio(dir, 'tones', [
      { kind: 'noise', seconds: 0.3, dbfs: -55 },
      { kind: 'tone', seconds: 3, dbfs: -18, hz: 220 },
      { kind: 'noise', seconds: 0.3, dbfs: -55 },
      { kind: 'tone', seconds: 3, dbfs: -18, hz: 220 },
      { kind: 'noise', seconds: 0.3, dbfs: -55 },
      { kind: 'tone', seconds: 3, dbfs: -18, hz: 220 },
      { kind: 'noise', seconds: 0.3, dbfs: -55 },
      { kind: 'tone', seconds: 3, dbfs: -18, hz: 220 },
      { kind: 'noise', seconds: 0.4, dbfs: -55 },
    ])
    const bytes = await readFile(tones)
    const spot = 12.9
    const r = await finish(tones, 'tones', spot, 'dry_voice')
    expect(r.stderr).toBe('')
    expect(r.report?.tempo).toBeGreaterThan(1.02)
    expect(r.report?.tempo).toBeLessThanOrEqual(1.04)
    expect(r.report?.edits[0]).toMatchObject({ kind: 'tempo' })
    expect((await readFile(tones)).equals(bytes)).toBe(true)
    const output = await audioOf(r.out)
    expect(Math.abs(output.frames / output.rate - spot)).toBeLessThanOrEqual(0.05)
    // The pitch: zero crossings over the middle of the second tone.
    const from = Math.round(4 * output.rate)
    const to = Math.round(5.5 * output.rate)
    let crossings = 0
    for (let i = from + 1; i < to; i++)
      if ((output.raw[i - 1] as number) < 0 !== (output.raw[i] as number) < 0) crossings++
    const hz = crossings / 2 / ((to - from) / output.rate)
    expect(Math.abs(hz - 220) / 220).toBeLessThan(0.005)
  }, 60_000)

  it('with --script, takes the sentences and the paragraph from the read-back and keeps the comma pause', async () => {
    const missing = await engineMissing()
    if (missing) throw new Error(missing)
    const read = await longTake()
    const script = join(dir, 'long.txt')
    await writeFile(script, `${LONG[0]} ${LONG[1]} ${LONG[2]}\n\n${LONG.slice(3).join(' ')}\n`)
    // Shorter than the handles alone make it (1.8 s of head and tail trimmed to 0.4 s): the sentence pauses shrink.
    const spot = Math.round((read.durationS - 2.4) * 10) / 10
    const r = await finish(read.path, 'script', spot, 'dry_voice', ['--script', script, '--engine', 'pocketsphinx'])
    expect(r.stderr).toBe('')
    const input = await audioOf(read.path)
    const output = await audioOf(r.out)
    expect(Math.abs(output.frames / output.rate - spot)).toBeLessThanOrEqual(0.05)
    const at = placeSentences(input, output, read, r.report)
    expect(at.every((p) => p !== null)).toBe(true)
    const gap = (k: number, xs: ReadonlyArray<{ startS: number; endS: number } | null>) =>
      xs[k + 1]!.startS - xs[k]!.endS
    // The pause after "This Saturday only," is inside the script's first sentence: it is not touched.
    expect(Math.abs(gap(0, at) - gap(0, read.sentences))).toBeLessThan(0.002)
    // The paragraph pause stays the longest.
    const gaps = at.slice(1).map((_, k) => gap(k, at))
    expect(gaps.indexOf(Math.max(...gaps))).toBe(2)
    // It prints the read-back's check of OUT — the take's own findings, moved to OUT's time — and OUT's preflight.
    const said = JSON.parse(r.stdout) as { check: ReadbackCheck; preflight: Preflight }
    const text = await readFile(script, 'utf8')
    const take = await readBack(new PocketsphinxEngine(), read.path, text)
    const what = (i: ReadbackIssue) => [i.kind, i.expected, i.heard, i.script_from, i.script_to, i.certainty ?? null]
    expect(said.check.issues.map(what)).toEqual(take.check.issues.map(what))
    for (const i of said.check.issues) expect(i.at_s ?? 0).toBeLessThanOrEqual(spot)
    expect(said.preflight.duration_s).toBeCloseTo(spot, 1)
  }, 180_000)

  it('fits a read by another synthesiser (flite) as well', async () => {
    const take = await fliteTake(
      'flite',
      [
        'Fresh bread every morning,',
        'baked right here in town.',
        'Come early, the rolls go fast.',
        'Open seven days a week.',
      ],
      [0.4, 1.0, 1.1],
      -50,
    )
    const spot = Math.round((take.durationS - 1) * 10) / 10
    const r = await finish(take.path, 'flite', spot, 'finished_spot')
    expect(r.stderr).toBe('')
    // Without a script there is nothing to check OUT against; its preflight is measured all the same.
    const said = JSON.parse(r.stdout) as { check: ReadbackCheck | null; preflight: Preflight }
    expect(said.check).toBeNull()
    expect(said.preflight.duration_s).toBeCloseTo(spot, 1)
    const input = await audioOf(take.path)
    const output = await audioOf(r.out)
    expect(Math.abs(output.frames / output.rate - spot)).toBeLessThanOrEqual(0.05)
    expect(longestZeroRun(output.raw)).toBeLessThan(0.01 * output.rate)
    for (const [a, b] of take.middles)
      expect(
        indexIn(
          output.raw,
          input.raw.subarray(Math.round(a * input.rate), Math.round(b * input.rate)),
          r.report?.gain_db ?? 0,
          r.report?.limited ?? false,
        ),
      ).toBeGreaterThanOrEqual(0)
    // Levelled as a finished spot (EBU R128 by default): -23 LUFS ±0.5 LU, true peak under -1 dBTP.
    expect(Math.abs((r.report?.after.lufs ?? 0) + 23)).toBeLessThanOrEqual(0.5)
    expect(r.report?.after.true_peak_dbtp).toBeLessThan(-1)
  }, 60_000)
})
