/**
 * A recording's energy, millisecond by millisecond: the mean square of its mono mix (full scale = 1) after
 * a 100 Hz high-pass (rumble and DC are not sound that a cut could click on), one number per millisecond.
 * The cutting rules (cut-rules.ts) read pauses, their quietest stretch and room-tone levels from it.
 * It costs 8 bytes per millisecond of audio (about 5 MB for 10 minutes).
 */
import { Biquad, highPass } from '../../../shared/audio-dsp/biquad'
import { fullScale, openWavSource, type WavSource } from '../../media/wav-source'
import { SILENT_BELOW_DB } from '../../../shared/format/level-words'

export interface Envelope {
  /** Frames per block (sample rate / 1000, rounded). */
  blockFrames: number
  sampleRate: number
  /** Mean square per block. */
  energy: Float64Array
}

const HIGH_PASS_HZ = 100
const CHUNK_FRAMES = 1 << 16

/** Reads the whole source once and returns its envelope. */
export async function envelopeOf(src: WavSource): Promise<Envelope> {
  const { sample_rate: rate, channels: ch, encoding } = src.format
  const blockFrames = Math.max(1, Math.round(rate / 1000))
  const energy = new Float64Array(Math.ceil(src.frames / blockFrames))
  const hp = new Biquad(highPass(HIGH_PASS_HZ, Math.SQRT1_2, rate))
  const scale = 1 / fullScale(encoding) / ch
  let started = false
  for (let from = 0; from < src.frames; from += CHUNK_FRAMES) {
    const count = Math.min(CHUNK_FRAMES, src.frames - from)
    const x = await src.readFrames(from, count)
    for (let f = 0; f < count; f++) {
      let m = 0
      for (let c = 0; c < ch; c++) m += x[f * ch + c] as number
      m *= scale
      if (!started) {
        hp.prime(m)
        started = true
      }
      const y = hp.step(m)
      const b = Math.floor((from + f) / blockFrames)
      energy[b] = (energy[b] as number) + y * y
    }
  }
  for (let b = 0; b < energy.length; b++) {
    const frames = Math.min(blockFrames, src.frames - b * blockFrames)
    energy[b] = (energy[b] as number) / frames
  }
  return { blockFrames, sampleRate: rate, energy }
}

/** The envelope of a WAV file (opened, read once, closed). */
export async function envelopeOfFile(path: string): Promise<Envelope> {
  const src = await openWavSource(path)
  try {
    return await envelopeOf(src)
  } finally {
    await src.close()
  }
}

export const toDb = (meanSquare: number): number => (meanSquare > 0 ? 10 * Math.log10(meanSquare) : -200)

/** Mean energy of blocks [a, b), clamped to the envelope. */
export function meanEnergy(env: Envelope, a: number, b: number): number {
  const from = Math.max(0, Math.floor(a))
  const to = Math.min(env.energy.length, Math.ceil(b))
  if (to <= from) return 0
  let s = 0
  for (let i = from; i < to; i++) s += env.energy[i] as number
  return s / (to - from)
}

/** Level (dB) of the stretch [fromS, toS). */
export function levelDb(env: Envelope, fromS: number, toS: number): number {
  return toDb(meanEnergy(env, fromS * 1000, toS * 1000))
}

/** Mean energy of each `width`-block window starting at each block (a running sum). */
export function windowed(env: Envelope, width: number): Float64Array {
  const e = env.energy
  const out = new Float64Array(Math.max(0, e.length - width + 1))
  let s = 0
  for (let i = 0; i < e.length; i++) {
    s += e[i] as number
    if (i >= width) s -= e[i - width] as number
    if (i >= width - 1) out[i - width + 1] = s / width
  }
  return out
}

/**
 * The recording's noise floor (dB): the 5th percentile of its 20 ms window levels. A read has pauses
 * (a twentieth of its time at least, a pickup's lead and tail included), so this is the level of its
 * room tone, not of its speech. Never under digital silence's line (SILENT_BELOW_DB): in a gated take the
 * high-pass rings down after each sound into ever smaller numbers (-1900 dB and less), and a floor read there
 * would make the least rounding error sound.
 */
export function floorDb(env: Envelope): number {
  const w = windowed(env, 20)
  if (w.length === 0) return SILENT_BELOW_DB
  const step = Math.max(1, Math.floor(w.length / 20000))
  const picked: number[] = []
  for (let i = 0; i < w.length; i += step) picked.push(w[i] as number)
  picked.sort((x, y) => x - y)
  return Math.max(SILENT_BELOW_DB, toDb(picked[Math.floor(picked.length * 0.05)] as number))
}
