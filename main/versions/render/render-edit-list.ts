/**
 * The version renderer: an edit list (shared/versions/edit-list.ts) over source WAVs → one WAV in the
 * take's own format, bit-identical every time. Plain TypeScript over decoded samples, no ffmpeg filter:
 * - a sample that one piece alone gives at unity weight (gain 0 dB, outside its fades) is the source's
 *   sample, unchanged (such stretches are copied as bytes);
 * - any other sample (a fade, a crossfade, a gain) is summed in double precision and, for integer formats,
 *   rounded with ±1 LSB triangular dither that depends only on its position (render-curves.ts), then
 *   clipped to the format's range; float32 is rounded to the nearest float;
 * - what no piece covers is digital silence.
 * The file is written beside its target and renamed into place when complete.
 */
import { open, rename, rm } from 'node:fs/promises'
import { dirname, basename, join } from 'node:path'
import { buildWavHeader, needsRf64 } from '../../media/wav-header'
import { editListProblem, type AudioFormat, type EditList, type EditPiece } from '../../../shared/versions/edit-list'
import { dbToGain, ditherInto } from './render-curves'
import { addPiece, gainInPlace, quantizeInto, steady } from './render-mix'
import { BYTES_PER_SAMPLE, decodeSamples, type WavSource } from '../../media/wav-source'
import { writeBehind } from './write-behind'

/** Samples mixed at a time (about 1.4 s of mono at 48 kHz), and bytes copied at a time (about 29 s of 24-bit mono). */
const BLOCK_SAMPLES = 65536
const COPY_BYTES = 1 << 22

export class RenderError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'RenderError'
  }
}

/** Checks the list and that every source is there, in the list's format, long enough. */
function checkSources(list: EditList, sources: ReadonlyMap<string, WavSource>): void {
  const problem = editListProblem(list)
  if (problem) throw new RenderError(`This version cannot be rendered: ${problem}.`)
  const f = list.format
  for (const p of list.pieces) {
    const src = sources.get(p.source)
    if (!src) throw new RenderError(`A recording this version is made of (${p.source.slice(0, 12)}…) is missing.`)
    const g = src.format
    if (g.sample_rate !== f.sample_rate || g.channels !== f.channels || g.encoding !== f.encoding) {
      throw new RenderError(
        `The recording ${basename(src.path)} is ${g.sample_rate} Hz ${g.channels}-channel ` +
          `${g.encoding}, not the take's ${f.sample_rate} Hz ${f.channels}-channel ${f.encoding}.`,
      )
    }
    if (p.to > src.frames)
      throw new RenderError(`A piece of this version reaches past the end of the recording ${basename(src.path)}.`)
  }
}

/** Whether piece `p` alone gives frames [a, b) of the result unchanged: it covers them at unity weight. */
function copiesWhole(p: EditPiece, a: number, b: number): boolean {
  return p.gain_db === 0 && steady(p, a, b)
}

/** What every block of one render reuses: the sums, one piece's samples and the dither of a mixed block. */
interface Scratch {
  acc: Float64Array
  x: Float64Array
  dither: Float64Array
}

/**
 * Frames [a, b) of the result from `active` (each covering all of them), as bytes in the list's encoding,
 * in `buf` (which holds a block): each piece's bytes are read into it and decoded, then the sum is written
 * over them; a lone piece at a steady gain is changed in place.
 */
async function mixBlock(
  list: EditList,
  sources: ReadonlyMap<string, WavSource>,
  active: EditPiece[],
  a: number,
  b: number,
  buf: Buffer,
  s: Scratch,
): Promise<Buffer> {
  const { channels: ch, encoding } = list.format
  const frames = b - a
  const n = frames * ch
  const read = (p: EditPiece) => (sources.get(p.source) as WavSource).readBytes(p.from + (a - p.at), frames, buf)
  if (encoding !== 'float32') ditherInto(s.dither, a, frames, ch)
  const lone = active.length === 1 ? (active[0] as EditPiece) : null
  if (lone && steady(lone, a, b)) {
    const bytes = await read(lone)
    gainInPlace(bytes, n, encoding, dbToGain(lone.gain_db), s.dither)
    return bytes
  }
  s.acc.fill(0, 0, n)
  for (const p of active) {
    decodeSamples(await read(p), encoding, s.x)
    addPiece(s.acc, s.x, p, dbToGain(p.gain_db), a, frames, ch)
  }
  const out = buf.subarray(0, n * BYTES_PER_SAMPLE[encoding])
  quantizeInto(out, s.acc, n, encoding, s.dither)
  return out
}

/** Where what plays changes: every piece's start, end and fade edges, within [0, frames]. */
function breakpoints(list: EditList): number[] {
  const points = new Set<number>([0, list.frames])
  for (const p of list.pieces) {
    const end = p.at + (p.to - p.from)
    for (const x of [p.at, p.at + p.fade_in.frames, end - p.fade_out.frames, end])
      if (x > 0 && x < list.frames) points.add(x)
  }
  return [...points].sort((x, y) => x - y)
}

/** The header of a render in `format` holding `dataBytes` of audio (float32 marked as IEEE float). */
export function renderHeader(format: AudioFormat, dataBytes: number): Buffer {
  const { sample_rate, channels, encoding } = format
  const header = buildWavHeader(
    { sampleRate: sample_rate, channels, bitsPerSample: 8 * BYTES_PER_SAMPLE[encoding] },
    { dataBytes, padded: true, rf64: needsRf64(dataBytes) },
  )
  if (encoding === 'float32') header.writeUInt16LE(3, 56)
  return header
}

/** Renders the list to `target` (a WAV in the list's format). Sources must be open and in that format. */
export async function renderEditList(
  list: EditList,
  sources: ReadonlyMap<string, WavSource>,
  target: string,
): Promise<{ frames: number; bytes: number }> {
  checkSources(list, sources)
  const { channels, encoding } = list.format
  const blockAlign = channels * BYTES_PER_SAMPLE[encoding]
  const dataBytes = list.frames * blockAlign
  const header = renderHeader(list.format, dataBytes)
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.rendering`)
  const fh = await open(temp, 'w')
  const out = writeBehind(fh)
  try {
    await out.put(header)
    const points = breakpoints(list)
    const mixFrames = Math.max(1, Math.floor(BLOCK_SAMPLES / channels))
    const copyFrames = Math.max(1, Math.floor(COPY_BYTES / blockAlign))
    const bufs = [
      Buffer.allocUnsafe(Math.max(mixFrames, copyFrames) * blockAlign),
      Buffer.allocUnsafe(Math.max(mixFrames, copyFrames) * blockAlign),
    ] as const
    const s: Scratch = {
      acc: new Float64Array(mixFrames * channels),
      x: new Float64Array(mixFrames * channels),
      dither: new Float64Array(mixFrames * channels),
    }
    let zeros: Buffer | null = null
    let turn = 0
    for (let k = 0; k + 1 < points.length; k++) {
      const a = points[k] as number
      const b = points[k + 1] as number
      // Between two breakpoints the same pieces play, each wholly in or wholly out of its fades.
      const active = list.pieces.filter((p) => p.at <= a && p.at + (p.to - p.from) >= b)
      const only = active.length === 1 ? (active[0] as EditPiece) : null
      const copy = only !== null && copiesWhole(only, a, b)
      for (let x = a; x < b;) {
        const y = Math.min(b, x + (copy || active.length === 0 ? copyFrames : mixFrames))
        const buf = bufs[turn++ & 1] as Buffer
        if (active.length === 0)
          await out.put((zeros ??= Buffer.alloc(copyFrames * blockAlign)).subarray(0, (y - x) * blockAlign))
        else if (copy && only)
          await out.put(await (sources.get(only.source) as WavSource).readBytes(only.from + (x - only.at), y - x, buf))
        else await out.put(await mixBlock(list, sources, active, x, y, buf, s))
        x = y
      }
    }
    if (dataBytes % 2 === 1) await out.put(Buffer.alloc(1))
    await out.done()
    await fh.sync()
    await fh.close()
    await rename(temp, target)
    return { frames: list.frames, bytes: out.bytes() }
  } catch (err) {
    await out.done().catch(() => undefined)
    await fh.close().catch(() => undefined)
    await rm(temp, { force: true })
    throw err
  }
}
