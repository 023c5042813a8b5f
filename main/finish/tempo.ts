/**
 * A pitch-keeping tempo change as a derived recording: ffmpeg's `atempo` (WSOLA, built into every ffmpeg,
 * the one Booth ships included) over the whole source, written once as a WAV in the source's own format and
 * kept by content among the recordings (main/versions/store/recordings.ts). The fitted edit list is then built
 * over that recording like over any other, so a version stays pieces of recordings and renders
 * bit-identically (main/finish/README.md says why this and not a step after the render).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { hasFilter } from '../audio/ffmpeg-filters'
import { runFfmpeg } from '../audio/run-ffmpeg'
import type { SampleEncoding } from '../../shared/versions/edit-list'
import type { RecordingRef, Recordings } from '../versions/index'

const CODEC: Record<SampleEncoding, string> = {
  pcm_s16: 'pcm_s16le',
  pcm_s24: 'pcm_s24le',
  pcm_s32: 'pcm_s32le',
  float32: 'pcm_f32le',
}

/** The range atempo takes in one instance (ffmpeg's documented 0.5–100). */
const ATEMPO_RANGE = [0.5, 100] as const

export class TempoError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'TempoError'
  }
}

/** Whether this ffmpeg has atempo. */
export async function hasAtempo(ffmpegPath?: string): Promise<boolean> {
  return hasFilter('atempo', ffmpegPath)
}

/** The ffmpeg arguments of one tempo change: every sample through atempo, written in `encoding`. */
export function atempoArgs(input: string, output: string, tempo: number, encoding: SampleEncoding): string[] {
  if (!(tempo >= ATEMPO_RANGE[0] && tempo <= ATEMPO_RANGE[1]))
    throw new RangeError(`atempo takes ${ATEMPO_RANGE[0]} to ${ATEMPO_RANGE[1]}, not ${tempo}.`)
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-i',
    input,
    '-map',
    '0:a:0',
    '-map_metadata',
    '-1',
    '-af',
    `atempo=${tempo.toFixed(6)}`,
    '-c:a',
    CODEC[encoding],
    '-f',
    'wav',
    '-bitexact',
    output,
  ]
}

/** The recording at `tempo` (1.03: 3 % faster, the pitch kept), kept among `recordings`. */
export async function tempoRecording(
  recordings: Recordings,
  ref: RecordingRef,
  tempo: number,
  ffmpegPath?: string,
): Promise<RecordingRef> {
  if (!(await hasAtempo(ffmpegPath)))
    throw new TempoError('This ffmpeg has no atempo filter, so the take’s tempo cannot be changed.')
  const dir = await mkdtemp(join(recordings.dir, '.tempo-'))
  try {
    const out = join(dir, 'tempo.wav')
    await runFfmpeg(atempoArgs(ref.path, out, tempo, ref.format.encoding), { ffmpegPath })
    const derived = await recordings.add(out)
    if (
      derived.format.sample_rate !== ref.format.sample_rate ||
      derived.format.channels !== ref.format.channels ||
      derived.format.encoding !== ref.format.encoding
    ) {
      throw new TempoError('ffmpeg changed the take’s format while changing its tempo.')
    }
    return derived
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
