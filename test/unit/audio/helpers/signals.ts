/**
 * Signals with known truth for the measurement tests, made by real ffmpeg from one aevalsrc expression:
 * a take of room tone (uniform white noise of a given RMS), mains hum, DC offset and "voice" tones at
 * known times, in any format ffmpeg writes. Also decodes a file to float samples for the DSP tests.
 */
import path from 'node:path'
import { expect } from 'vitest'
import { runFfmpeg } from '../../../../main/audio/run-ffmpeg'

/** A measured figure that must be there and lie within `tolerance` of `want`. */
export const within = (actual: number | null | undefined, want: number, tolerance: number): void => {
  expect(actual).not.toBeNull()
  expect(Math.abs((actual as number) - want)).toBeLessThanOrEqual(tolerance)
}

export interface RoomSignal {
  /** Room tone RMS (dBFS); uniform white noise, so its amplitude is RMS × √3. */
  hissDbfs?: number
  hum?: { hz: 50 | 60; peakDbfs: number }
  dc?: number
}

/** 1.2 s room, 2 s tone at -20 dBFS, 0.7 s room, 1 s tone at -14 dBFS, 0.6 s room: 5.5 s. */
export const TAKE_TRUTH = { duration: 5.5, lead: 1.2, tail: 0.6, voiced: 3.0 }

const amp = (dbfs: number): string => (10 ** (dbfs / 20)).toPrecision(10)

export function takeExpression(room: RoomSignal = {}): string {
  const terms = [
    `${amp(-20)}*sin(2*PI*1000*t)*between(t\\,1.2\\,3.2-1e-9)`,
    `${amp(-14)}*sin(2*PI*1000*t)*between(t\\,3.9\\,4.9-1e-9)`,
  ]
  if (room.hissDbfs !== undefined)
    terms.push(`${(10 ** (room.hissDbfs / 20) * Math.sqrt(3)).toPrecision(10)}*(2*random(0)-1)`)
  if (room.hum) terms.push(`${amp(room.hum.peakDbfs)}*sin(2*PI*${room.hum.hz}*t)`)
  if (room.dc) terms.push(room.dc.toPrecision(10))
  return terms.join('+')
}

export interface Encoding {
  codec?: string
  ext?: string
  rate?: number
  extra?: string[]
}

/** Writes `name` from an aevalsrc expression (mono) of `seconds`, encoded as asked. */
export async function writeSignal(
  dir: string,
  name: string,
  expr: string,
  seconds: number,
  enc: Encoding = {},
): Promise<string> {
  const rate = enc.rate ?? 48_000
  const file = path.join(dir, `${name}.${enc.ext ?? 'wav'}`)
  await runFfmpeg(
    [
      '-y',
      '-f',
      'lavfi',
      '-i',
      `aevalsrc=exprs=${expr}:s=${rate}:d=${seconds}`,
      '-c:a',
      enc.codec ?? 'pcm_s24le',
      ...(enc.extra ?? []),
      file,
    ],
    { timeoutMs: 60_000 },
  )
  return file
}

/** The file decoded by ffmpeg to interleaved 64-bit float samples. */
export async function decode(file: string): Promise<{ samples: Float64Array; rate: number; channels: number }> {
  const probe = await runFfmpeg(['-i', file, '-f', 'null', '-'], { timeoutMs: 60_000 })
  const m = /Audio: [^,]+, (\d+) Hz, (mono|stereo)/.exec(probe.stderr)
  const channels = m?.[2] === 'stereo' ? 2 : 1
  const run = await runFfmpeg(['-i', file, '-f', 'f64le', '-c:a', 'pcm_f64le', '-'], {
    timeoutMs: 60_000,
    stdoutMaxBytes: 1 << 28,
  })
  const samples = new Float64Array(run.stdout.length / 8)
  new Uint8Array(samples.buffer).set(run.stdout.subarray(0, samples.length * 8))
  return { samples, rate: Number(m?.[1] ?? 48000), channels }
}

/** ffmpeg's own ebur128 (peak=true) figures of the file: integrated LUFS, true peak, and the last short-term and momentary readings. */
export async function ffmpegLoudness(
  file: string,
): Promise<{ lufs: number; truePeak: number; lastM: number; lastS: number }> {
  const run = await runFfmpeg(['-nostats', '-i', file, '-af', 'ebur128=peak=true', '-f', 'null', '-'], {
    timeoutMs: 60_000,
  })
  const frames = [...run.stderr.matchAll(/M:\s*(-?[\d.]+|-inf) S:\s*(-?[\d.]+|-inf)/g)]
  const last = frames.at(-1)
  const lufs = Number(/I:\s+(-?[\d.]+) LUFS/.exec(run.stderr.slice(run.stderr.lastIndexOf('Summary:')))?.[1])
  const truePeak = Number(/True peak:\s*\n\s*Peak:\s+(-?[\d.]+|-inf)/.exec(run.stderr)?.[1])
  return { lufs, truePeak, lastM: Number(last?.[1]), lastS: Number(last?.[2]) }
}

/**
 * `file` with a lavfi source mixed under it at the level the source gives (no normalising), written as
 * `name` (48 kHz mono 24-bit WAV) as long as `file`. The source may run forever (aevalsrc, anoisesrc).
 */
export async function mixUnder(dir: string, name: string, file: string, source: string): Promise<string> {
  const out = path.join(dir, `${name}.wav`)
  const mono = 'aresample=48000,aformat=sample_fmts=dbl:channel_layouts=mono'
  await runFfmpeg(
    [
      '-y',
      '-i',
      file,
      '-filter_complex',
      `[0:a]${mono}[v];${source},${mono}[n];[v][n]amix=inputs=2:normalize=0:duration=first[out]`,
      '-map',
      '[out]',
      '-c:a',
      'pcm_s24le',
      out,
    ],
    { timeoutMs: 60_000 },
  )
  return out
}
