/**
 * The fitted render read where it lies, never held whole (issue 42, point 8): frames decoded a stretch at a
 * time (full scale ±1, Float32, as the tests' test/support/read-channels.ts gives them) with the clean
 * step's patches laid over them (take-patches.ts). The level's passes and the writer read it block by
 * block (a Frames, read synchronously: the level's chain is synchronous), the clean step the stretches
 * outside the words.
 */
import { open, type FileHandle } from 'node:fs/promises'
import { readSync } from 'node:fs'
import { BYTES_PER_SAMPLE, fullScale } from '../media/wav-source'
import { fileSource, walkWav, WAVE_FORMAT } from '../media/wav-chunks'
import type { SampleEncoding } from '../../shared/versions/edit-list'
import type { Frames } from './level-stream'
import { TakePatches } from './take-patches'

export class RenderFile {
  readonly patches = new TakePatches()
  private buf = Buffer.alloc(0)

  private constructor(
    private readonly fh: FileHandle,
    readonly path: string,
    readonly sampleRate: number,
    readonly channels: number,
    readonly frames: number,
    private readonly encoding: SampleEncoding,
    private readonly dataOffset: number,
  ) {}

  static async open(path: string): Promise<RenderFile> {
    const fh = await open(path, 'r')
    try {
      const walk = await walkWav(await fileSource(fh))
      if (!walk.ok) throw new Error(`The render ${path} ${walk.message}`)
      const f = walk.format
      const encoding: SampleEncoding | null =
        f.codecTag === WAVE_FORMAT.FLOAT && f.bitsPerSample === 32
          ? 'float32'
          : f.codecTag === WAVE_FORMAT.PCM
            ? ({ 16: 'pcm_s16', 24: 'pcm_s24', 32: 'pcm_s32' } as const)[f.bitsPerSample as 16 | 24 | 32]
            : null
      if (!encoding || f.blockAlign !== f.channels * BYTES_PER_SAMPLE[encoding])
        throw new Error(
          `The render ${path} is not a PCM WAV Booth reads (${f.bitsPerSample}-bit, format ${f.codecTag}).`,
        )
      const frames = Math.floor(walk.dataBytes / f.blockAlign)
      return new RenderFile(fh, path, f.sampleRate, f.channels, frames, encoding, walk.dataOffset)
    } catch (err) {
      await fh.close()
      throw err
    }
  }

  close(): Promise<void> {
    return this.fh.close()
  }

  /** Frames [from, to) as recorded (no patch), one array a channel; past the ends: zeros. */
  readonly raw = (from: number, to: number): Float32Array[] => {
    const nc = this.channels
    const out = Array.from({ length: nc }, () => new Float32Array(Math.max(0, to - from)))
    const a = Math.max(0, from)
    const b = Math.min(this.frames, to)
    if (b <= a) return out
    const width = BYTES_PER_SAMPLE[this.encoding]
    const bytes = (b - a) * nc * width
    if (this.buf.length < bytes) this.buf = Buffer.allocUnsafe(bytes)
    const buf = this.buf
    for (let done = 0; done < bytes;) {
      const got = readSync(this.fh.fd, buf, done, bytes - done, this.dataOffset + a * nc * width + done)
      if (got === 0) throw new Error(`The render ${this.path} ended before its stated length.`)
      done += got
    }
    // Each sample times 1 / full scale, rounded to Float32 (test/support/read-channels.ts does the same).
    const scale = 1 / fullScale(this.encoding)
    const skip = a - from
    for (let c = 0; c < nc; c++) {
      const y = out[c] as Float32Array
      if (this.encoding === 'pcm_s24') {
        for (let f = 0, p = 3 * c; f < b - a; f++, p += 3 * nc) {
          const u = (buf[p] as number) | ((buf[p + 1] as number) << 8) | ((buf[p + 2] as number) << 16)
          y[skip + f] = (u & 0x800000 ? u - 0x1000000 : u) * scale
        }
      } else if (this.encoding === 'pcm_s16') {
        for (let f = 0; f < b - a; f++) y[skip + f] = buf.readInt16LE(2 * (f * nc + c)) * scale
      } else if (this.encoding === 'pcm_s32') {
        for (let f = 0; f < b - a; f++) y[skip + f] = buf.readInt32LE(4 * (f * nc + c)) * scale
      } else {
        for (let f = 0; f < b - a; f++) y[skip + f] = buf.readFloatLE(4 * (f * nc + c)) * scale
      }
    }
    return out
  }

  /** Frames [from, to) with the patches laid over them. */
  read(from: number, to: number): Float32Array[] {
    const y = this.raw(from, to)
    this.patches.overlay(y, from, this.raw)
    return y
  }

  /** Passes over the whole render with the patches laid over each block. */
  readonly passes: Frames = () => {
    let at = 0
    return {
      frames: this.frames,
      channels: this.channels,
      next: (count: number) => {
        const n = Math.max(0, Math.min(count, this.frames - at))
        const y = this.read(at, at + n)
        at += n
        return y
      },
    }
  }
}
