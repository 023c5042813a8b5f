/**
 * Test helpers that ask the real ffprobe/ffmpeg about files: stream facts, decoded samples, generated
 * fixtures, and a small measure function standing in for main/audio's measureTake.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import type { MeasureTake, Preflight } from '../../../../main/takes/take-types'

const run = promisify(execFile)

export interface ProbeFacts {
  formatName: string
  codec: string
  sampleRate: number
  channels: number
  bitsPerSample: number
  durationS: number
}

export async function ffprobe(path: string): Promise<ProbeFacts> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=format_name,duration:stream=codec_name,sample_rate,channels,bits_per_sample,bits_per_raw_sample,duration_ts',
    '-of',
    'json',
    path,
  ])
  const j = JSON.parse(stdout) as {
    format: { format_name: string; duration: string }
    streams: Array<{
      codec_name: string
      sample_rate: string
      channels: number
      bits_per_sample: number
      bits_per_raw_sample?: string
    }>
  }
  const s = j.streams[0]
  if (!s) throw new Error(`ffprobe found no stream in ${path}`)
  return {
    formatName: j.format.format_name,
    codec: s.codec_name,
    sampleRate: Number(s.sample_rate),
    channels: s.channels,
    bitsPerSample: s.bits_per_sample || Number(s.bits_per_raw_sample ?? 0),
    durationS: Number(j.format.duration),
  }
}

/** Decodes a file with ffmpeg to interleaved float32 samples. */
export async function decodeFloat(path: string): Promise<Float32Array> {
  const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', path, '-f', 'f32le', '-c:a', 'pcm_f32le', '-'], {
    encoding: 'buffer',
    maxBuffer: 256 * 2 ** 20,
  })
  const copy = Buffer.from(stdout)
  return new Float32Array(copy.buffer, copy.byteOffset, copy.length / 4)
}

/** Generates an audio file with ffmpeg's lavfi sine source. */
export async function makeTone(path: string, seconds: number, extra: string[] = []): Promise<void> {
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:sample_rate=48000:duration=${seconds}`,
    ...extra,
    path,
  ])
}

/** Stand-in for main/audio's measureTake: ffprobe facts only (no loudness), warnings from spot length. */
export const probeMeasure: MeasureTake = async (path, { spotLengthS }) => {
  const f = await ffprobe(path)
  const warnings: Preflight['warnings'] = []
  if (spotLengthS !== null && f.durationS > spotLengthS + 0.5) warnings.push('runs_long')
  return {
    measured: true,
    duration_s: f.durationS,
    voiced_s: null,
    sample_rate: f.sampleRate,
    channels: f.channels,
    bit_depth: f.bitsPerSample || null,
    peak_dbfs: null,
    lufs: null,
    lead_silence_s: null,
    tail_silence_s: null,
    codec: f.codec,
    warnings,
  }
}

/** A deterministic test signal: sample i of channel c. */
export function tone(i: number, c = 0, sampleRate = 48000): number {
  return 0.5 * Math.sin((2 * Math.PI * (440 + 110 * c) * i) / sampleRate)
}

/** `frames` interleaved frames of `tone`, starting at frame `start`. */
export function toneChunk(start: number, frames: number, channels: number, sampleRate = 48000): Float32Array {
  const out = new Float32Array(frames * channels)
  for (let f = 0; f < frames; f++)
    for (let c = 0; c < channels; c++) out[f * channels + c] = tone(start + f, c, sampleRate)
  return out
}
