/**
 * Generates audio fixtures with real ffmpeg (lavfi sources) and espeak-ng; nothing is committed.
 * A fixture is a list of segments (tone, silence, noise, clipped tone) joined with concat, encoded in the
 * asked format. Levels are exact: a tone of `dbfs` has its sample peak at `dbfs` (1 kHz at 48 kHz puts a
 * sample on every crest), so tests know the truth they compare against.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { runFfmpeg } from '../../main/audio/run-ffmpeg'

const execFileAsync = promisify(execFile)

export type Segment =
  | { kind: 'tone'; seconds: number; dbfs: number; hz?: number }
  | { kind: 'silence'; seconds: number }
  | { kind: 'noise'; seconds: number; dbfs: number }
  /** A 1 kHz sine driven 6 dB over full scale and hard-clipped: flat tops at 0 dBFS. */
  | { kind: 'clipped'; seconds: number }

export interface FixtureFormat {
  sampleRate?: number
  channels?: 1 | 2
  /** ffmpeg encoder: pcm_s24le (default), pcm_s16le, flac, libmp3lame, aac ... */
  codec?: string
  /** File extension, which picks the container: wav (default), flac, mp3, m4a. */
  ext?: string
  /** For flac: 16 or 24 bits. */
  bits?: 16 | 24
}

const amplitude = (dbfs: number): string => (10 ** (dbfs / 20)).toPrecision(10)

function source(seg: Segment, rate: number, channels: number): string {
  const layout = channels === 2 ? 'stereo' : 'mono'
  const both = (expr: string): string => (channels === 2 ? `${expr}|${expr}` : expr)
  const d = seg.seconds.toFixed(6)
  let src: string
  switch (seg.kind) {
    case 'tone':
      src = `aevalsrc=exprs=${both(`${amplitude(seg.dbfs)}*sin(2*PI*${seg.hz ?? 1000}*t)`)}:s=${rate}:d=${d}`
      break
    case 'silence':
      src = `aevalsrc=exprs=${both('0')}:s=${rate}:d=${d}`
      break
    case 'clipped':
      src = `aevalsrc=exprs=${both('clip(2*sin(2*PI*1000*t)\\,-1\\,1)')}:s=${rate}:d=${d}`
      break
    case 'noise':
      src = `anoisesrc=r=${rate}:a=${amplitude(seg.dbfs)}:d=${d}:c=pink:s=7`
      break
  }
  return `${src},aformat=sample_fmts=dbl:sample_rates=${rate}:channel_layouts=${layout}`
}

function encoderArgs(format: Required<Pick<FixtureFormat, 'codec'>> & FixtureFormat): string[] {
  const args = ['-c:a', format.codec]
  if (format.codec === 'flac')
    args.push(
      '-sample_fmt',
      format.bits === 24 ? 's32' : 's16',
      ...(format.bits === 24 ? ['-bits_per_raw_sample', '24'] : []),
    )
  if (format.codec === 'libmp3lame') args.push('-b:a', '128k')
  if (format.codec === 'aac') args.push('-b:a', '96k')
  return args
}

/** Writes `name` into `dir` from the segments, in the given format, and returns its path. */
export async function makeAudio(
  dir: string,
  name: string,
  segments: readonly Segment[],
  format: FixtureFormat = {},
): Promise<string> {
  if (segments.length === 0) throw new Error('A fixture needs at least one segment.')
  const rate = format.sampleRate ?? 48_000
  const channels = format.channels ?? 1
  const codec = format.codec ?? 'pcm_s24le'
  const file = path.join(dir, `${name}.${format.ext ?? 'wav'}`)
  const sources = segments.map((seg, i) => `${source(seg, rate, channels)}[s${i}]`)
  const inputs = segments.map((_, i) => `[s${i}]`).join('')
  const graph = `${sources.join(';')};${inputs}concat=n=${segments.length}:v=0:a=1[out]`
  await runFfmpeg(
    ['-y', '-filter_complex', graph, '-map', '[out]', ...encoderArgs({ ...format, codec }), '-ar', String(rate), file],
    {
      timeoutMs: 60_000,
    },
  )
  return file
}

/** A spoken take (espeak-ng) padded with exact silence before and after, as 48 kHz/24-bit mono WAV. */
export async function makeVoiceTake(
  dir: string,
  name: string,
  opts: { text: string; leadS: number; tailS: number },
): Promise<string> {
  const raw = path.join(dir, `${name}.espeak.wav`)
  await execFileAsync('espeak-ng', ['-w', raw, opts.text])
  const file = path.join(dir, `${name}.wav`)
  const graph =
    `aevalsrc=exprs=0:s=48000:d=${opts.leadS},aformat=sample_fmts=dbl:channel_layouts=mono[a];` +
    `[0:a]aresample=48000,aformat=sample_fmts=dbl:channel_layouts=mono[v];` +
    `aevalsrc=exprs=0:s=48000:d=${opts.tailS},aformat=sample_fmts=dbl:channel_layouts=mono[b];` +
    `[a][v][b]concat=n=3:v=0:a=1[out]`
  await runFfmpeg(['-y', '-i', raw, '-filter_complex', graph, '-map', '[out]', '-c:a', 'pcm_s24le', file], {
    timeoutMs: 60_000,
  })
  return file
}

export async function makeTempDir(prefix = 'booth-audio-'): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix))
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) }
}

/** ffmpeg's own loudness and sample peak of a file, measured in a separate run (the tests' reference). */
export async function referenceLoudness(file: string): Promise<{ lufs: number; peakDbfs: number }> {
  const { stderr } = await runFfmpeg([
    '-nostats',
    '-i',
    file,
    '-af',
    'ebur128=peak=sample:framelog=verbose',
    '-f',
    'null',
    '-',
  ])
  const lufs = /I:\s+(-?[\d.]+) LUFS/.exec(stderr)
  const peak = /Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(stderr)
  if (!lufs?.[1] || !peak?.[1]) throw new Error(`ffmpeg's ebur128 printed no summary for ${file}.`)
  return { lufs: Number(lufs[1]), peakDbfs: peak[1] === '-inf' ? Number.NEGATIVE_INFINITY : Number(peak[1]) }
}
