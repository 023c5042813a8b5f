/**
 * Reads with breaths and mouth clicks planted at the levels close-miked ones have (issue 42): phrases read
 * by espeak-ng or flite, each starting on a fricative or aspirated onset (s, f, h, sh, p), a breath in the
 * head and before every phrase, ending BREATH_GAP_S before its first word; clicks 50-60 ms after words.
 *
 * - Voice: each phrase at VOICE_RMS_DBFS RMS over its own sound.
 * - Breath: seeded white noise band-passed to 150-3500 Hz (two high-pass biquads, two one-pole low-passes), under a rise-and-fall (sine)
 *   envelope, 220-450 ms long, its RMS `breathUnderVoiceDb` under the voice's.
 * - Click: a 1-3 ms broadband impulse (seeded noise, decaying in a third of its length), its peak `clickRatio`
 *   times the voice's peak.
 * - Room tone: pink noise (ffmpeg's anoisesrc) under everything at `roomDbfs` amplitude, or none (a gated
 *   take: its pauses digital silence).
 */
import { analyseTake } from '../../main/finish/finish-analysis'
import { cleanStep } from '../../main/finish/finish-steps'
import { openWavSource } from '../../main/media/wav-source'
import { Biquad, highPass } from '../../shared/audio-dsp/biquad'
import { pinkNoise, readWav, rmsDb, speech, SR, writeWav24, type Voice } from '../integration/finish/level-audio'
import { rng } from './seeded-rng'

export { SR, type Voice }

export interface Span {
  from: number
  to: number
}

export const VOICE_RMS_DBFS = -20
/** Quiet between a breath's end and the word after it (s). */
export const BREATH_GAP_S = 0.06

/** Phrases that start on an onset a breath finder could take for a breath; `comma`: the pause after it is a comma's. */
export const ONSET_PHRASES: ReadonlyArray<{ text: string; comma?: boolean }> = [
  { text: 'Parking is free after six,', comma: true },
  { text: 'so come early.' },
  { text: 'Shipping takes three days.' },
  { text: 'Fifty seats are left,', comma: true },
  { text: 'hurry in today.' },
]

export interface PlantedRead {
  x: Float32Array
  /** Each phrase's sound. */
  words: Span[]
  breaths: Span[]
  clicks: Span[]
  /** The room tone's RMS (dBFS), -Infinity for a gated take. */
  roomDb: number
  voicePeak: number
}

export interface PlantOptions {
  /** Room tone amplitude (dBFS), or null: digital silence between the words. */
  roomDbfs: number | null
  breathUnderVoiceDb: number
  /** A click's peak as a share of the voice's peak. */
  clickRatio: number
  seed: number
  phrases?: ReadonlyArray<{ text: string; comma?: boolean }>
  /** The pause between sentences (s; default 1.0). */
  sentenceGapS?: number
  /** Where the clicks go after a phrase's end (s), cycled; none when empty. */
  clickAfterS?: readonly number[]
}

/** A breath of `frames` at RMS `db` dBFS: band-passed seeded noise under a sine envelope. */
export function plantedBreath(frames: number, db: number, seed: number): Float32Array {
  const r = rng(seed)
  const filters = [highPass(150, 0.7, SR), highPass(150, 0.7, SR)].map((c) => new Biquad(c))
  const a = 1 - Math.exp((-2 * Math.PI * 3500) / SR)
  let l1 = 0
  let l2 = 0
  const x = new Float32Array(frames)
  for (let i = 0; i < frames; i++) {
    let v = r()
    for (const f of filters) v = f.step(v)
    l1 += a * (v - l1)
    l2 += a * (l1 - l2)
    x[i] = l2 * Math.sin((Math.PI * (i + 0.5)) / frames)
  }
  const g = 10 ** ((db - rmsDb(x)) / 20)
  return x.map((v) => v * g)
}

/** A 1-3 ms broadband click peaking at `peak`. */
export function plantedClick(peak: number, seed: number): Float32Array {
  const r = rng(seed)
  const n = Math.round((0.001 + 0.002 * (r() + 0.5)) * SR)
  const x = Float32Array.from({ length: n }, (_, i) => r() * Math.exp(-i / (n / 3)))
  let m = 0
  for (const v of x) m = Math.max(m, Math.abs(v))
  return x.map((v) => (v * peak) / m)
}

const reads = new Map<string, Promise<Float32Array>>()
/** A phrase read once per folder and voice, scaled to VOICE_RMS_DBFS. */
async function phrase(dir: string, text: string, voice: Voice): Promise<Float32Array> {
  const key = `${dir}|${voice.synth}|${voice.voice}|${text}`
  let p = reads.get(key)
  if (!p) {
    p = speech(dir, text, voice).then((x) => {
      const g = 10 ** ((VOICE_RMS_DBFS - rmsDb(x)) / 20)
      return x.map((v) => v * g)
    })
    reads.set(key, p)
  }
  return p
}

const addAt = (x: Float32Array, at: number, y: Float32Array): void => {
  for (let i = 0; i < y.length && at + i < x.length; i++) x[at + i] = (x[at + i] as number) + (y[i] as number)
}

/** The phrases read with 0.6 s of head, 1.0 s (sentenceGapS) between sentences, 0.5 s at commas and 0.6 s of tail; breaths and clicks planted. */
export async function plantedRead(dir: string, voice: Voice, o: PlantOptions): Promise<PlantedRead> {
  const phrases = o.phrases ?? ONSET_PHRASES
  const parts = await Promise.all(phrases.map((p) => phrase(dir, p.text, voice)))
  const r = rng(o.seed)
  const s = (v: number) => Math.round(v * SR)
  const gaps = [0.6, ...phrases.slice(0, -1).map((p) => (p.comma ? 0.5 : (o.sentenceGapS ?? 1.0))), 0.6]
  const frames = parts.reduce((n, p) => n + p.length, 0) + gaps.reduce((n, g) => n + s(g), 0)
  const x =
    o.roomDbfs === null
      ? new Float32Array(frames)
      : (await pinkNoise(dir, frames / SR + 0.1, o.roomDbfs, o.seed)).slice(0, frames)
  const roomDb = o.roomDbfs === null ? Number.NEGATIVE_INFINITY : rmsDb(x, 0, s(0.5))
  let voicePeak = 0
  for (const p of parts) for (const v of p) voicePeak = Math.max(voicePeak, Math.abs(v))
  const words: Span[] = []
  const breaths: Span[] = []
  const clicks: Span[] = []
  let at = 0
  parts.forEach((p, k) => {
    const gap = s(gaps[k] as number)
    // The breath before this phrase: as long as the gap allows, ending BREATH_GAP_S before the word.
    const length = Math.min(s(0.22 + 0.23 * (r() + 0.5)), gap - s(BREATH_GAP_S + 0.1))
    const b = plantedBreath(length, VOICE_RMS_DBFS - o.breathUnderVoiceDb, o.seed * 31 + k)
    const bAt = at + gap - s(BREATH_GAP_S) - length
    addAt(x, bAt, b)
    breaths.push({ from: bAt, to: bAt + length })
    at += gap
    addAt(x, at, p)
    words.push({ from: at, to: at + p.length })
    at += p.length
  })
  const after = o.clickAfterS ?? [0.05, 0.055, 0.06]
  if (after.length > 0) {
    words.forEach((w, k) => {
      const c = plantedClick(o.clickRatio * voicePeak, o.seed * 17 + k)
      const cAt = w.to + s(after[k % after.length] as number)
      addAt(x, cAt, c)
      clicks.push({ from: cAt, to: cAt + c.length })
    })
  }
  return { x, words, breaths, clicks, roomDb, voicePeak }
}

/** The take written as a 24-bit WAV, analysed as the finish does, and cleaned over its head, pauses and tail. */
export async function cleanedRead(dir: string, t: PlantedRead, name: string) {
  const wav = await writeWav24(dir, name, t.x)
  const src = await openWavSource(wav)
  const { layout } = await analyseTake(src, name, null).finally(() => src.close())
  const x = await readWav(dir, wav)
  const first = layout.speech[0]
  const last = layout.speech[layout.speech.length - 1]
  if (!first || !last) throw new Error(`No speech found in ${name}.`)
  const outside = [{ from: 0, to: first.from }, ...layout.pauses, { from: last.to, to: layout.frames }]
  return { x, layout, clean: cleanStep([x], SR, outside, layout.roomToneDb, 'lower') }
}
