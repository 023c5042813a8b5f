/**
 * The level's samples made block by block, never held whole (issue 42, point 8): the level's chain (gain,
 * limiter, trims) run over the take a block at a time, as often as the plan needs to measure it and once
 * more into the file, so a long take is held once (its input) instead of twice. A pass gives exactly the
 * samples the whole-array chain gives (the same multiplications in the same order, the limiter's envelope
 * carried across blocks by limiter.ts's GainEnvelope), and the figures measured over the blocks are the
 * whole array's to the last bit (the meters are sample by sample; the RMS is summed in the same order).
 */
import { LoudnessMeter } from '../../shared/audio-dsp/loudness-meter'
import { TruePeakMeter, toDb } from '../../shared/audio-dsp/true-peak'
import { BLOCK_FRAMES, GainEnvelope, type LimiterSetup, type TakePass, type TakeSamples } from './limiter'
import type { LevelFigures } from './level-measure'

/** One pass over a take's frames, in order: next(count) gives the next `count` frames (fewer at the end). */
export type FrameStream = TakePass

/** A take's frames as passes, each from the start. */
export type Frames = () => FrameStream

/** Frames a pass is read in: a whole number of the limiter's blocks. */
export const STREAM_FRAMES = BLOCK_FRAMES * 512

/** Passes over arrays in memory (views of them, no copy). */
export function arrayFrames(ch: readonly Float32Array[]): Frames {
  const frames = ch[0]?.length ?? 0
  return () => {
    let at = 0
    return {
      frames,
      channels: ch.length,
      next(count) {
        const n = Math.min(count, frames - at)
        const out = ch.map((x) => x.subarray(at, at + n))
        at += n
        return out
      },
    }
  }
}

/**
 * The chain over `input`: × setup.gain, the limiter's envelope where setup.held has one, then each of
 * `trims` (linear) in turn, every product rounded to float32 as the whole-array chain rounds it.
 */
export function chainFrames(input: TakeSamples, setup: LimiterSetup, trims: readonly number[] = []): Frames {
  const source = typeof input === 'function' ? input : arrayFrames(input)
  const { frames, channels } = source()
  return () => {
    let at = 0
    const src = source()
    const env = setup.held ? new GainEnvelope(setup.held, frames, setup.look, setup.decay) : null
    return {
      frames,
      channels,
      next(count) {
        const n = Math.min(count, frames - at)
        if (n > 0 && count % BLOCK_FRAMES !== 0 && at + n < frames)
          throw new RangeError(`The level's chain is read in whole blocks of ${BLOCK_FRAMES} frames.`)
        const g = setup.gain
        const out = src.next(n).map((x) => {
          const y = new Float32Array(n)
          for (let i = 0; i < n; i++) y[i] = (x[i] as number) * g
          return y
        })
        if (env && n > 0) env.apply(out, at)
        for (const t of trims) for (const y of out) for (let i = 0; i < n; i++) y[i] = (y[i] as number) * t
        at += n
        return out
      },
    }
  }
}

/** Every block of a pass, in order, with the frame it starts at. */
export function eachBlock(frames: Frames, visit: (block: Float32Array[], from: number) => void): void {
  const s = frames()
  for (let from = 0; from < s.frames; from += STREAM_FRAMES) visit(s.next(STREAM_FRAMES), from)
}

/** A pass held whole (applyLevel, and the tests that compare with the whole-array chain). */
export function materialize(frames: Frames): Float32Array[] {
  const s = frames()
  const out = Array.from({ length: s.channels }, () => new Float32Array(s.frames))
  eachBlock(frames, (block, from) => block.forEach((y, c) => (out[c] as Float32Array).set(y, from)))
  return out
}

function interleave(block: readonly Float32Array[], buf: Float32Array): Float32Array {
  const nc = block.length
  if (nc === 1) return block[0] as Float32Array
  const n = block[0]?.length ?? 0
  for (let c = 0; c < nc; c++) {
    const x = block[c] as Float32Array
    for (let f = 0; f < n; f++) buf[f * nc + c] = x[f] as number
  }
  return buf.subarray(0, n * nc)
}

export function integratedLoudnessOf(frames: Frames, sampleRate: number): number | null {
  const meter = new LoudnessMeter(sampleRate, frames().channels)
  const buf = new Float32Array(STREAM_FRAMES * frames().channels)
  eachBlock(frames, (block) => meter.push(interleave(block, buf)))
  return meter.integratedLufs()
}

/**
 * level-measure.ts's measureLevel over passes: loudness, sample and true peak in one; the RMS summed
 * channel by channel (one pass each) as measureLevel sums it, so it is the same number.
 */
export function measureFrames(frames: Frames, sampleRate: number): LevelFigures {
  const nc = frames().channels
  const loudness = new LoudnessMeter(sampleRate, nc)
  const truePeak = new TruePeakMeter(nc)
  const buf = new Float32Array(STREAM_FRAMES * nc)
  let sum = 0
  let peak = 0
  let n = 0
  eachBlock(frames, (block) => {
    block.forEach((y, c) => {
      for (let i = 0; i < y.length; i++) {
        const v = y[i] as number
        if (c === 0) sum += v * v
        const a = v < 0 ? -v : v
        if (a > peak) peak = a
      }
    })
    n += block[0]?.length ?? 0
    const s = interleave(block, buf)
    loudness.push(s)
    truePeak.push(s)
  })
  for (let c = 1; c < nc; c++)
    eachBlock(frames, (block) => {
      const y = block[c] as Float32Array
      for (let i = 0; i < y.length; i++) {
        const v = y[i] as number
        sum += v * v
      }
    })
  // The interpolator lags its input by half its length: flushed so a peak at the very end is seen.
  truePeak.push(new Float32Array(24 * nc))
  return {
    integratedLufs: loudness.integratedLufs(),
    rmsDb: n > 0 ? toDb(Math.sqrt(sum / (n * nc))) : Number.NEGATIVE_INFINITY,
    samplePeakDb: toDb(peak),
    truePeakDb: toDb(truePeak.maxAbs),
  }
}
