/**
 * Renders the trimmed copy of a take that is delivered when a trim is set. The original is never
 * changed (trim is non-destructive). Cuts are sample-accurate (atrim on sample counts). PCM stays at its
 * bit depth in WAV, FLAC stays FLAC, lossy sources (MP3/M4A) become 24-bit WAV so nothing is encoded twice.
 */
import { rename, rm } from 'node:fs/promises'
import { basename, dirname, extname, join } from 'node:path'
import { runFfmpeg } from '../audio/run-ffmpeg'
import { countSamples } from './take-probe'
import type { TakeTrim } from './take-types'

/** Renders started in this process: each writes a temp file of its own. */
let renders = 0

export interface RenderedTrim {
  path: string
  file_name: string
  samples: number
  sampleRate: number
}

/** Output codec and extension for a source codec. */
export function renderCodecFor(codec: string): { codec: string; ext: string } {
  if (codec === 'flac') return { codec: 'flac', ext: 'flac' }
  const pcm = /^pcm_(s16|s24|s32|f32|f64)(le|be)$/.exec(codec)
  if (pcm) return { codec: `pcm_${pcm[1]}le`, ext: 'wav' }
  return { codec: 'pcm_s24le', ext: 'wav' }
}

/**
 * Writes `<outDir>/<name or the source's file stem>.<ext>` holding `source` without `trim.head_s` at the
 * start and `trim.tail_s` at the end. Throws a clear error when the trim would leave nothing.
 */
export async function renderTrimmed(
  source: string,
  outDir: string,
  trim: TakeTrim,
  options: { ffmpegPath?: string; signal?: AbortSignal; name?: string } = {},
): Promise<RenderedTrim> {
  const { samples, sampleRate, stream } = await countSamples(source, options)
  const start = Math.round(trim.head_s * sampleRate)
  const end = samples - Math.round(trim.tail_s * sampleRate)
  if (end - start < 1) {
    const length = (samples / sampleRate).toFixed(2)
    throw new Error(
      `The trim (${trim.head_s} s from the start, ${trim.tail_s} s from the end) leaves nothing of this ${length} s take.`,
    )
  }
  const { codec, ext } = renderCodecFor(stream.codec)
  const stem = options.name ? basename(options.name, extname(options.name)) : basename(source, extname(source))
  const fileName = `${stem}.${ext}`
  const target = join(outDir, fileName)
  const temp = join(dirname(target), `.${fileName}.${process.pid}-${++renders}.partial.${ext}`)
  try {
    await runFfmpeg(
      [
        '-i',
        source,
        '-map',
        '0:a:0',
        '-map_metadata',
        '-1',
        '-af',
        `atrim=start_sample=${start}:end_sample=${end},asetpts=N/SR/TB`,
        '-c:a',
        codec,
        '-y',
        temp,
      ],
      { ffmpegPath: options.ffmpegPath, signal: options.signal },
    )
    await rename(temp, target)
  } catch (err) {
    await rm(temp, { force: true })
    throw err
  }
  return { path: target, file_name: fileName, samples: end - start, sampleRate }
}
