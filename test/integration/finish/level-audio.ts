/**
 * Real audio for the finishing tests (level, breaths, clicks): speech from espeak-ng or flite resampled by
 * ffmpeg to 48 kHz, pink room tone and band-passed breaths from ffmpeg's anoisesrc, all read back as float
 * channels; and the result written as a 24-bit WAV by ffmpeg and measured by ffmpeg's ebur128 filter.
 */
import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { parseEbur128Summary, type Ebur128Summary } from '../../../main/audio/parse-ebur128'
import { runFfmpeg } from '../../../main/audio/run-ffmpeg'

const run = promisify(execFile)
export const SR = 48_000

export interface Voice {
  synth: 'espeak-ng' | 'flite'
  voice: string
}

let serial = 0
const fresh = (dir: string, what: string): string => join(dir, `${what}-${++serial}`)

/** Mono float samples of whatever ffmpeg decodes from `args` (inputs and filters), at 48 kHz. */
async function decode(dir: string, args: string[]): Promise<Float32Array> {
  const raw = `${fresh(dir, 'pcm')}.f32`
  await runFfmpeg(['-y', ...args, '-ac', '1', '-ar', String(SR), '-f', 'f32le', '-c:a', 'pcm_f32le', raw], {
    timeoutMs: 60_000,
  })
  const bytes = await readFile(raw)
  return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4).slice()
}

/** One sentence read by the voice, 48 kHz mono, trimmed of the synthesiser's own leading and trailing silence. */
export async function speech(
  dir: string,
  text: string,
  voice: Voice = { synth: 'espeak-ng', voice: 'en-us' },
): Promise<Float32Array> {
  const wav = `${fresh(dir, 'voice')}.wav`
  if (voice.synth === 'flite') await run('flite', ['-voice', voice.voice, '-t', text, '-o', wav])
  else await run('espeak-ng', ['-v', voice.voice, '-s', '150', '-w', wav, text])
  const x = await decode(dir, ['-i', wav])
  let a = 0
  let b = x.length
  while (a < b && Math.abs(x[a] as number) < 1e-4) a++
  while (b > a && Math.abs(x[b - 1] as number) < 1e-4) b--
  return x.slice(a, b)
}

/** Pink noise of `seconds` at amplitude `dbfs` (its RMS is about 9.5 dB lower). */
export function pinkNoise(dir: string, seconds: number, dbfs: number, seed: number): Promise<Float32Array> {
  return decode(dir, ['-f', 'lavfi', '-i', `anoisesrc=r=${SR}:a=${10 ** (dbfs / 20)}:d=${seconds}:c=pink:s=${seed}`])
}

/** A breath: white noise band-passed to 200–2000 Hz, `seconds` long, faded in and out, scaled to peak at `peakDbfs`. */
export async function breath(dir: string, seconds: number, peakDbfs: number, seed: number): Promise<Float32Array> {
  const fade = seconds / 4
  const x = await decode(dir, [
    '-f',
    'lavfi',
    '-i',
    `anoisesrc=r=${SR}:a=0.5:d=${seconds}:c=white:s=${seed}`,
    '-af',
    'highpass=f=200:poles=2,highpass=f=200:poles=2,lowpass=f=2000:poles=2,lowpass=f=2000:poles=2,' +
      `afade=t=in:d=${fade},afade=t=out:st=${seconds - fade}:d=${fade}`,
  ])
  return scaleToPeak(x, peakDbfs)
}

export function scaleToPeak(x: Float32Array, peakDbfs: number): Float32Array {
  let peak = 0
  for (const v of x) peak = Math.max(peak, Math.abs(v))
  const g = 10 ** (peakDbfs / 20) / peak
  return x.map((v) => v * g)
}

export const gainDb = (x: Float32Array, db: number): Float32Array => x.map((v) => v * 10 ** (db / 20))

export function rmsDb(x: Float32Array, from = 0, to = x.length): number {
  let s = 0
  for (let i = from; i < to; i++) s += (x[i] as number) ** 2
  return 10 * Math.log10(s / Math.max(1, to - from))
}

/** Writes mono float samples as a 48 kHz 24-bit WAV through ffmpeg. */
export async function writeWav24(dir: string, name: string, x: Float32Array): Promise<string> {
  const raw = `${fresh(dir, name)}.f32`
  await writeFile(raw, new Uint8Array(x.buffer, x.byteOffset, x.byteLength))
  const wav = join(dir, `${name}.wav`)
  await runFfmpeg(['-y', '-f', 'f32le', '-ar', String(SR), '-ac', '1', '-i', raw, '-c:a', 'pcm_s24le', wav], {
    timeoutMs: 60_000,
  })
  return wav
}

/** Reads a WAV back as mono float samples (what was written, 24-bit rounding and all). */
export function readWav(dir: string, wav: string): Promise<Float32Array> {
  return decode(dir, ['-i', wav])
}

/** ffmpeg's ebur128 of a written file: integrated loudness and true peak (peak=true), and sample peak. */
export async function ffmpegLoudness(wav: string): Promise<Ebur128Summary> {
  const { stderr } = await runFfmpeg(['-nostats', '-i', wav, '-af', 'ebur128=peak=true+sample', '-f', 'null', '-'], {
    timeoutMs: 60_000,
  })
  const summary = parseEbur128Summary(stderr)
  if (!summary) throw new Error(`ffmpeg's ebur128 printed no summary for ${wav}.`)
  return summary
}

/** The take laid out: pieces of voice with their frame spans, room tone under everything. */
export interface Take {
  x: Float32Array
  sentences: Array<{ from: number; to: number }>
  pauses: Array<{ from: number; to: number }>
}

/** Sentences separated by `pauseS` of room tone (plus `pauseS` before and after), room tone at `roomDbfs` amplitude under the whole take. */
export async function layTake(
  dir: string,
  voices: Float32Array[],
  pauseS: number,
  roomDbfs: number,
  seed = 3,
): Promise<Take> {
  const gap = Math.round(pauseS * SR)
  const frames = voices.reduce((n, v) => n + v.length, 0) + gap * (voices.length + 1)
  const x = await pinkNoise(dir, frames / SR + 0.1, roomDbfs, seed)
  const take = x.slice(0, frames)
  const sentences: Take['sentences'] = []
  const pauses: Take['pauses'] = [{ from: 0, to: gap }]
  let at = gap
  for (const v of voices) {
    for (let i = 0; i < v.length; i++) take[at + i] = (take[at + i] as number) + (v[i] as number)
    sentences.push({ from: at, to: at + v.length })
    at += v.length
    pauses.push({ from: at, to: at + gap })
    at += gap
  }
  return { x: take, sentences, pauses }
}

export const SENTENCES = [
  'The harbour opens at nine on Saturday.',
  'Tickets are twelve dollars at the door.',
  'Bring the family and stay for the fireworks.',
]
/** The read: the second sentence 5 dB softer than the first, the third 2 dB louder, as the talent read it. */
export const READ_DB = [0, -5, 2]

/** The three sentences read by `voice` at `levelDb` (plus READ_DB each), 0.8 s of room tone between. */
export async function readTake(dir: string, voice: Voice, levelDb: number, roomDbfs = -60): Promise<Take> {
  const key = `${dir}|${voice.synth}|${voice.voice}`
  let parts = reads.get(key)
  if (!parts) {
    parts = Promise.all(SENTENCES.map((s) => speech(dir, s, voice)))
    reads.set(key, parts)
  }
  const voiced = (await parts).map((p, i) => gainDb(p, levelDb + (READ_DB[i] as number)))
  return layTake(dir, voiced, 0.8, roomDbfs)
}
/** The synthesiser's reads, made once per folder and voice. */
const reads = new Map<string, Promise<Float32Array[]>>()

/** Each sentence's change in level from the take to the result, dB. */
export const sentenceChanges = (t: Take, out: Float32Array): number[] =>
  t.sentences.map((s) => rmsDb(out, s.from, s.to) - rmsDb(t.x, s.from, s.to))

/** A take with breaths and mouth clicks planted in its pauses, and where each is. */
export interface PlantedTake extends Take {
  breaths: Array<{ from: number; to: number }>
  clicks: Array<{ from: number; to: number }>
  /** Room tone RMS (dBFS), measured on the first pause before anything was planted there. */
  roomDb: number
  /** The take before the clicks were added (breaths and all). */
  unclicked: Float32Array
}

/** A 2 ms mouth click: a damped 3 kHz burst peaking at `peakDbfs`. */
export function click(peakDbfs: number): Float32Array {
  const n = Math.round(0.002 * SR)
  const a = 10 ** (peakDbfs / 20)
  return Float32Array.from(
    { length: n },
    (_, i) => a * Math.exp(-i / (n / 4)) * Math.cos((2 * Math.PI * 3000 * i) / SR),
  )
}

const addAt = (x: Float32Array, at: number, y: Float32Array): void => {
  for (let i = 0; i < y.length; i++) x[at + i] = (x[at + i] as number) + (y[i] as number)
}

/**
 * The three sentences read by `voice` with 1.2 s pauses of room tone at `roomDbfs` amplitude; a 300 ms breath
 * (-40 dBFS peak) in the middle of the second pause and another ending 60 ms before the third sentence, and
 * 2 ms clicks (-20 dBFS) in the lead, in the second pause beside its breath and in the tail.
 */
export async function plantedTake(dir: string, voice: Voice, roomDbfs: number, seed = 5): Promise<PlantedTake> {
  const parts = await Promise.all(SENTENCES.map((s) => speech(dir, s, voice)))
  const t = await layTake(
    dir,
    parts.map((p) => scaleToPeak(p, -6)),
    1.2,
    roomDbfs,
    seed,
  )
  const x = t.x
  const [lead, p1, p2, tail] = t.pauses as [Take['pauses'][0], Take['pauses'][0], Take['pauses'][0], Take['pauses'][0]]
  const roomDb = rmsDb(x, lead.from, lead.to)
  const b1 = await breath(dir, 0.3, -40, seed + 1)
  const b2 = await breath(dir, 0.3, -40, seed + 2)
  const breaths = [
    { from: Math.floor((p1.from + p1.to) / 2) - b1.length / 2, to: 0 },
    { from: p2.to - Math.round(0.06 * SR) - b2.length, to: 0 },
  ]
  breaths[0]!.to = breaths[0]!.from + b1.length
  breaths[1]!.to = breaths[1]!.from + b2.length
  addAt(x, breaths[0]!.from, b1)
  addAt(x, breaths[1]!.from, b2)
  const unclicked = x.slice()
  const c = click(-20)
  const clickAt = [
    lead.from + Math.round(0.5 * SR),
    p1.from + Math.round(0.15 * SR),
    p2.from + Math.round(0.4 * SR),
    tail.from + Math.round(0.7 * SR),
  ]
  for (const at of clickAt) addAt(x, at, c)
  return { ...t, x, breaths, clicks: clickAt.map((at) => ({ from: at, to: at + c.length })), roomDb, unclicked }
}

/** The longest run of exact zeros, in frames. */
export function longestZeroRun(x: Float32Array | Float64Array): number {
  let best = 0
  let run = 0
  for (const v of x) {
    run = v === 0 ? run + 1 : 0
    if (run > best) best = run
  }
  return best
}

/** Largest absolute sample-to-sample difference over x[from, to). */
export function maxStep(x: Float32Array, from: number, to: number): number {
  let m = 0
  for (let i = Math.max(1, from); i < to; i++) m = Math.max(m, Math.abs((x[i] as number) - (x[i - 1] as number)))
  return m
}

export const overlaps = (a: { from: number; to: number }, b: { from: number; to: number }): boolean =>
  a.from < b.to && b.from < a.to
