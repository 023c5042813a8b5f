/**
 * A finished take's samples (per channel, full scale ±1) written as a WAV in the take's own format, the
 * way the version renderer writes (render-mix.ts's quantizer, render-curves.ts's position-keyed ±1 LSB
 * triangular dither, the same 80-byte header). A sample the finish did not change is a whole number of
 * steps of the format and is written as it was, undithered: where only the edit list touched the take,
 * the file holds the recording's own samples.
 */
import { open, rm, type FileHandle } from 'node:fs/promises'
import type { AudioFormat } from '../../shared/versions/edit-list'
import { BYTES_PER_SAMPLE, fullScale } from '../media/wav-source'
import { ditherInto, renderHeader, quantizeInto } from '../versions/index'
import { arrayFrames, STREAM_FRAMES, type Frames } from './level-stream'

const BLOCK_FRAMES = STREAM_FRAMES

/**
 * All of `buf` [0, n), or a throw: a disk that fills up answers a write with fewer bytes than asked (no
 * error), and only the next write with ENOSPC, so a short write is written on until the disk says why.
 */
async function writeAll(fh: FileHandle, buf: Buffer, n = buf.length): Promise<void> {
  for (let at = 0; at < n;) {
    const { bytesWritten } = await fh.write(buf, at, n - at)
    if (bytesWritten === 0)
      throw Object.assign(new Error('ENOSPC: no space left on device, write (the disk took none of the finish)'), {
        code: 'ENOSPC',
      })
    at += bytesWritten
  }
}

/** Writes `ch` to `path` (created or replaced; the caller renames a temporary file into place). */
export async function writeChannels(path: string, ch: readonly Float32Array[], format: AudioFormat): Promise<void> {
  return writeFrames(path, arrayFrames(ch), format)
}

/** Writes a pass of `source` (the level's samples, made a block at a time: level-stream.ts), as writeChannels. */
export async function writeFrames(path: string, source: Frames, format: AudioFormat): Promise<void> {
  const { channels, encoding } = format
  const pass = source()
  if (pass.channels !== channels) throw new Error(`The finish has ${pass.channels} channels; the take has ${channels}.`)
  const frames = pass.frames
  const blockAlign = channels * BYTES_PER_SAMPLE[encoding]
  const dataBytes = frames * blockAlign
  const header = renderHeader(format, dataBytes)
  const scale = encoding === 'float32' ? 1 : fullScale(encoding)
  const acc = new Float64Array(BLOCK_FRAMES * channels)
  const dither = new Float64Array(BLOCK_FRAMES * channels)
  const out = Buffer.allocUnsafe(BLOCK_FRAMES * blockAlign)
  const fh = await open(path, 'w')
  try {
    await writeAll(fh, header)
    for (let a = 0; a < frames; a += BLOCK_FRAMES) {
      const n = Math.min(BLOCK_FRAMES, frames - a)
      const block = pass.next(n)
      for (let c = 0; c < channels; c++) {
        const x = block[c] as Float32Array
        for (let f = 0; f < n; f++) acc[f * channels + c] = (x[f] as number) * scale
      }
      if (encoding !== 'float32') {
        ditherInto(dither, a, n, channels)
        // An unchanged sample is a whole step: it keeps its value exactly.
        for (let i = 0; i < n * channels; i++) if (Number.isInteger(acc[i])) dither[i] = 0
      }
      quantizeInto(out, acc, n * channels, encoding, dither)
      await writeAll(fh, out, n * blockAlign)
    }
    if (dataBytes % 2 === 1) await writeAll(fh, Buffer.alloc(1))
    await fh.sync()
    await fh.close()
  } catch (err) {
    await fh.close().catch(() => undefined)
    await rm(path, { force: true })
    throw err
  }
}
