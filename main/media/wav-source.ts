/**
 * Reading a source recording of a version: a PCM WAV (16, 24 or 32-bit integer, or 32-bit float; RIFF or
 * RF64, any chunks) opened once, its frames read by position. Integer samples are handed out in integer
 * units (a 24-bit sample is a whole number from -8388608 to 8388607), so a piece copied at unity gain is
 * written back as the very same integer. Anything else (8-bit, µ-law, 64-bit float, FLAC, MP3 …) is
 * decoded once into a WAV source by recordings.ts.
 */
import { open, type FileHandle } from 'node:fs/promises'
import { fileSource, walkWav, WAVE_FORMAT } from './wav-chunks'
import type { AudioFormat, SampleEncoding } from '../../shared/versions/edit-list'

export interface WavSource {
  path: string
  format: AudioFormat
  frames: number
  /** Bytes of one frame. */
  blockAlign: number
  /** The raw bytes of frames [from, from + count), clamped to the source; read into `into` when given (it must hold them). */
  readBytes(from: number, count: number, into?: Buffer): Promise<Buffer>
  /** Frames [from, from + count) as interleaved numbers in sample units (see fullScale); past the end: zeros. */
  readFrames(from: number, count: number): Promise<Float64Array>
  close(): Promise<void>
}

/** A file that is audio but not a WAV this reader takes as it is (it is decoded into one first). */
export class UnsupportedSourceError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UnsupportedSourceError'
  }
}

export const BYTES_PER_SAMPLE: Record<SampleEncoding, number> = { pcm_s16: 2, pcm_s24: 3, pcm_s32: 4, float32: 4 }

/** The value of full scale in sample units: integer samples are whole numbers, float ones are ±1. */
export function fullScale(encoding: SampleEncoding): number {
  return encoding === 'pcm_s16' ? 32768 : encoding === 'pcm_s24' ? 8388608 : encoding === 'pcm_s32' ? 2147483648 : 1
}

/** Decodes little-endian samples from `bytes` into `out` (sample units), as many as fit. */
export function decodeSamples(bytes: Uint8Array, encoding: SampleEncoding, out: Float64Array, outOffset = 0): number {
  const n = Math.min(Math.floor(bytes.length / BYTES_PER_SAMPLE[encoding]), out.length - outOffset)
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (encoding === 'pcm_s16') for (let i = 0; i < n; i++) out[outOffset + i] = v.getInt16(2 * i, true)
  else if (encoding === 'pcm_s32') for (let i = 0; i < n; i++) out[outOffset + i] = v.getInt32(4 * i, true)
  else if (encoding === 'float32') for (let i = 0; i < n; i++) out[outOffset + i] = v.getFloat32(4 * i, true)
  else {
    for (let i = 0; i < n; i++) {
      const b = 3 * i
      const u = (bytes[b] as number) | ((bytes[b + 1] as number) << 8) | ((bytes[b + 2] as number) << 16)
      out[outOffset + i] = u & 0x800000 ? u - 0x1000000 : u
    }
  }
  return n
}

function encodingOf(codecTag: number, bits: number): SampleEncoding | null {
  if (codecTag === WAVE_FORMAT.PCM)
    return bits === 16 ? 'pcm_s16' : bits === 24 ? 'pcm_s24' : bits === 32 ? 'pcm_s32' : null
  if (codecTag === WAVE_FORMAT.FLOAT && bits === 32) return 'float32'
  return null
}

/** Opens a WAV source; throws UnsupportedSourceError for audio it does not read as it is. */
export async function openWavSource(path: string): Promise<WavSource> {
  let fh: FileHandle | null = await open(path, 'r')
  try {
    const walk = await walkWav(await fileSource(fh))
    if (!walk.ok) throw new UnsupportedSourceError(`The recording ${path} ${walk.message}`)
    const { format: f, dataOffset, dataBytes } = walk
    const encoding = encodingOf(f.codecTag, f.bitsPerSample)
    if (!encoding || f.blockAlign !== f.channels * BYTES_PER_SAMPLE[encoding]) {
      throw new UnsupportedSourceError(
        `The recording ${path} is ${f.bitsPerSample}-bit audio of format ${f.codecTag}, which is decoded before it is edited.`,
      )
    }
    const handle = fh
    fh = null
    return sourceOver(
      handle,
      path,
      { sample_rate: f.sampleRate, channels: f.channels, encoding },
      dataOffset,
      Math.floor(dataBytes / f.blockAlign),
      f.blockAlign,
    )
  } finally {
    await fh?.close()
  }
}

function sourceOver(
  fh: FileHandle,
  path: string,
  format: AudioFormat,
  dataOffset: number,
  frames: number,
  blockAlign: number,
): WavSource {
  const readBytes = async (from: number, count: number, into?: Buffer): Promise<Buffer> => {
    const a = Math.max(0, Math.min(frames, from))
    const b = Math.max(a, Math.min(frames, from + count))
    const size = (b - a) * blockAlign
    if (into && into.length < size) throw new RangeError(`A buffer of ${into.length} bytes cannot hold ${size}.`)
    const buf = into ? into.subarray(0, size) : Buffer.alloc(size)
    let done = 0
    while (done < buf.length) {
      const { bytesRead } = await fh.read(buf, done, buf.length - done, dataOffset + a * blockAlign + done)
      if (bytesRead === 0)
        throw new Error(`The recording ${path} ended before its stated length (it changed while Booth read it).`)
      done += bytesRead
    }
    return buf
  }
  return {
    path,
    format,
    frames,
    blockAlign,
    readBytes,
    readFrames: async (from, count) => {
      const out = new Float64Array(count * format.channels)
      const start = Math.max(0, from)
      const bytes = await readBytes(start, count - (start - from))
      decodeSamples(bytes, format.encoding, out, (start - from) * format.channels)
      return out
    },
    close: () => fh.close(),
  }
}
