/**
 * WAV sources made in TypeScript with integer arithmetic only (no ffmpeg, no Math.sin), so their bytes are
 * the same on every machine and a test can pin the SHA-256 of a render made from them. Each channel is
 * a seeded noise over a slow triangle wave, with passages near full scale (a gain clips them), quiet ones
 * and digital silence; float32 sources also hold some -0 samples.
 */
import { writeFile } from 'node:fs/promises'
import { buildWavHeader } from '../../../../main/media/wav-header'
import { BYTES_PER_SAMPLE, fullScale } from '../../../../main/media/wav-source'
import type { AudioFormat, SampleEncoding } from '../../../../shared/versions/edit-list'

/** One sample in [-1, 1) as a multiple of 2^-23 (exact in float32), from the frame, channel and seed. */
function sampleOf(frame: number, channel: number, next: () => number): number {
  const passage = Math.floor(frame / 4000) % 5
  if (passage === 4) return 0
  const noise = (next() >>> 9) - (1 << 22) // ±2^22
  const period = 3000 + 700 * channel
  const phase = frame % period
  const tri = ((4 * Math.min(phase, period - phase)) / period - 1) * (1 << 22) // ±2^22
  const level = passage === 0 ? 2 : passage === 1 ? 1 : passage === 2 ? 1 / 64 : 1 / 8
  const v = Math.round((noise / 2 + tri) * level)
  return Math.max(-(1 << 23), Math.min((1 << 23) - 1, v)) / (1 << 23)
}

/** Sample values of a generated source, interleaved, in [-1, 1). */
export function generatedSamples(frames: number, channels: number, seed: number): Float64Array {
  let state = seed >>> 0 || 1
  const next = (): number => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    return state >>> 0
  }
  const out = new Float64Array(frames * channels)
  for (let f = 0; f < frames; f++) for (let c = 0; c < channels; c++) out[f * channels + c] = sampleOf(f, c, next)
  return out
}

/** Writes a generated source as a WAV in `format` and returns its path. */
export async function writeGeneratedWav(
  path: string,
  format: AudioFormat,
  frames: number,
  seed: number,
): Promise<string> {
  const x = generatedSamples(frames, format.channels, seed)
  const bytes = BYTES_PER_SAMPLE[format.encoding]
  const data = Buffer.alloc(x.length * bytes)
  for (let i = 0; i < x.length; i++) writeSample(data, i * bytes, x[i] as number, format.encoding, i)
  const header = buildWavHeader(
    { sampleRate: format.sample_rate, channels: format.channels, bitsPerSample: 8 * bytes },
    { dataBytes: data.length, padded: true, rf64: false },
  )
  if (format.encoding === 'float32') header.writeUInt16LE(3, 56)
  await writeFile(path, Buffer.concat([header, data, Buffer.alloc(data.length % 2)]))
  return path
}

function writeSample(data: Buffer, o: number, v: number, encoding: SampleEncoding, i: number): void {
  if (encoding === 'float32') {
    data.writeFloatLE(v === 0 && i % 3 === 0 ? -0 : v, o)
    return
  }
  const q = Math.max(-fullScale(encoding), Math.min(fullScale(encoding) - 1, Math.round(v * fullScale(encoding))))
  if (encoding === 'pcm_s16') data.writeInt16LE(q, o)
  else if (encoding === 'pcm_s24') data.writeIntLE(q, o, 3)
  else data.writeInt32LE(q, o)
}
