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
import { buildWavHeader, needsRf64 } from '../takes/wav-header'
import { editListProblem, type EditList, type EditPiece } from '../../shared/versions/edit-list'
import { dbToGain, fadeInWeight, fadeOutWeight, tpdfDither } from './render-curves'
import { BYTES_PER_SAMPLE, fullScale, type WavSource } from './wav-source'

/** Frames mixed at a time (about 1.4 s at 48 kHz), and copied at a time (about 22 s). */
const BLOCK_FRAMES = 65536
const COPY_FRAMES = 1 << 20

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
      throw new RenderError(`The recording ${basename(src.path)} is ${g.sample_rate} Hz ${g.channels}-channel ${g.encoding}, not the take's ${f.sample_rate} Hz ${f.channels}-channel ${f.encoding}.`)
    }
    if (p.to > src.frames) throw new RenderError(`A piece of this version reaches past the end of the recording ${basename(src.path)}.`)
  }
}

/** The weight of piece `p` at its own frame `k` (0 … length-1), gain included. */
function weightAt(p: EditPiece, k: number, gain: number): number {
  const length = p.to - p.from
  let w = gain
  if (k < p.fade_in.frames) w *= fadeInWeight((k + 0.5) / p.fade_in.frames, p.fade_in.shape)
  const intoOut = k - (length - p.fade_out.frames)
  if (intoOut >= 0) w *= fadeOutWeight((intoOut + 0.5) / p.fade_out.frames, p.fade_out.shape)
  return w
}

/** Whether frames [a, b) of piece `p` are all outside its fades (one weight for all of them). */
function steady(p: EditPiece, a: number, b: number): boolean {
  return p.at + p.fade_in.frames <= a && b <= p.at + (p.to - p.from) - p.fade_out.frames
}

/** Whether piece `p` alone gives frames [a, b) of the result unchanged: it covers them at unity weight. */
function copiesWhole(p: EditPiece, a: number, b: number): boolean {
  return p.gain_db === 0 && steady(p, a, b)
}

/** Writes sample values as little-endian bytes in the list's encoding. */
function encodeInto(out: Uint8Array, q: Int32Array | Float64Array, encoding: EditList['format']['encoding']): void {
  const n = q.length
  if (encoding === 'float32') {
    const v = new DataView(out.buffer, out.byteOffset, out.byteLength)
    for (let i = 0; i < n; i++) v.setFloat32(4 * i, q[i] as number, true)
    return
  }
  const bytes = BYTES_PER_SAMPLE[encoding]
  for (let i = 0, o = 0; i < n; i++, o += bytes) {
    const x = q[i] as number
    out[o] = x & 0xff
    out[o + 1] = (x >> 8) & 0xff
    if (bytes > 2) out[o + 2] = (x >> 16) & 0xff
    if (bytes > 3) out[o + 3] = (x >>> 24) & 0xff
  }
}

/**
 * One piece at a steady gain over integer samples (most of a comp): bytes in, bytes out, in one pass — the
 * same arithmetic as mixRun (x × gain + dither, rounded, clipped), without its intermediate arrays.
 */
async function gainRun(list: EditList, src: WavSource, p: EditPiece, a: number, b: number): Promise<Buffer> {
  const { channels: ch, encoding } = list.format
  const bytes = BYTES_PER_SAMPLE[encoding]
  const raw = await src.readBytes(p.from + (a - p.at), b - a)
  const out = Buffer.alloc(raw.length)
  const gain = dbToGain(p.gain_db)
  const top = fullScale(encoding) - 1
  const bottom = -fullScale(encoding)
  for (let f = 0, o = 0; f < b - a; f++) {
    for (let c = 0; c < ch; c++, o += bytes) {
      let x: number
      if (bytes === 3) {
        const u = (raw[o] as number) | ((raw[o + 1] as number) << 8) | ((raw[o + 2] as number) << 16)
        x = u & 0x800000 ? u - 0x1000000 : u
      } else if (bytes === 2) x = raw.readInt16LE(o)
      else x = raw.readInt32LE(o)
      let v = Math.round(x * gain + tpdfDither(a + f, c))
      v = v > top ? top : v < bottom ? bottom : v
      out[o] = v & 0xff
      out[o + 1] = (v >> 8) & 0xff
      if (bytes > 2) out[o + 2] = (v >> 16) & 0xff
      if (bytes > 3) out[o + 3] = (v >>> 24) & 0xff
    }
  }
  return out
}

/** Mixes frames [a, b) of the result from `active` (each covering all of it) and quantizes them. */
async function mixRun(list: EditList, sources: ReadonlyMap<string, WavSource>, active: EditPiece[], a: number, b: number): Promise<Buffer> {
  const { channels: ch, encoding } = list.format
  const n = b - a
  const lone = active.length === 1 ? (active[0] as EditPiece) : null
  if (lone && encoding !== 'float32' && steady(lone, a, b)) return gainRun(list, sources.get(lone.source) as WavSource, lone, a, b)
  const acc = new Float64Array(n * ch)
  for (const p of active) {
    const x = await (sources.get(p.source) as WavSource).readFrames(p.from + (a - p.at), n)
    const gain = dbToGain(p.gain_db)
    if (steady(p, a, b)) {
      for (let i = 0; i < acc.length; i++) acc[i] = (acc[i] as number) + (x[i] as number) * gain
      continue
    }
    for (let f = 0; f < n; f++) {
      const w = weightAt(p, a + f - p.at, gain)
      for (let c = 0; c < ch; c++) acc[f * ch + c] = (acc[f * ch + c] as number) + (x[f * ch + c] as number) * w
    }
  }
  const out = Buffer.alloc(n * ch * BYTES_PER_SAMPLE[encoding])
  if (encoding === 'float32') {
    for (let i = 0; i < acc.length; i++) acc[i] = Math.fround(acc[i] as number)
    encodeInto(out, acc, encoding)
    return out
  }
  const top = fullScale(encoding) - 1
  const bottom = -fullScale(encoding)
  const q = new Int32Array(acc.length)
  for (let f = 0; f < n; f++) {
    for (let c = 0; c < ch; c++) {
      const v = Math.round((acc[f * ch + c] as number) + tpdfDither(a + f, c))
      q[f * ch + c] = v > top ? top : v < bottom ? bottom : v
    }
  }
  encodeInto(out, q, encoding)
  return out
}

/** Where what plays changes: every piece's start, end and fade edges, within [0, frames]. */
function breakpoints(list: EditList): number[] {
  const points = new Set<number>([0, list.frames])
  for (const p of list.pieces) {
    const end = p.at + (p.to - p.from)
    for (const x of [p.at, p.at + p.fade_in.frames, end - p.fade_out.frames, end]) if (x > 0 && x < list.frames) points.add(x)
  }
  return [...points].sort((x, y) => x - y)
}

/** Renders the list to `target` (a WAV in the list's format). Sources must be open and in that format. */
export async function renderEditList(list: EditList, sources: ReadonlyMap<string, WavSource>, target: string): Promise<{ frames: number; bytes: number }> {
  checkSources(list, sources)
  const { sample_rate, channels, encoding } = list.format
  const blockAlign = channels * BYTES_PER_SAMPLE[encoding]
  const dataBytes = list.frames * blockAlign
  const header = buildWavHeader({ sampleRate: sample_rate, channels, bitsPerSample: 8 * BYTES_PER_SAMPLE[encoding] }, { dataBytes, padded: true, rf64: needsRf64(dataBytes) })
  if (encoding === 'float32') header.writeUInt16LE(3, 56)
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.rendering`)
  const fh = await open(temp, 'w')
  try {
    let pos = 0
    const put = async (buf: Buffer) => {
      let done = 0
      while (done < buf.length) done += (await fh.write(buf, done, buf.length - done, pos + done)).bytesWritten
      pos += buf.length
    }
    await put(header)
    const points = breakpoints(list)
    for (let k = 0; k + 1 < points.length; k++) {
      const a = points[k] as number
      const b = points[k + 1] as number
      // Between two breakpoints the same pieces play, each wholly in or wholly out of its fades.
      const active = list.pieces.filter((p) => p.at <= a && p.at + (p.to - p.from) >= b)
      const only = active.length === 1 ? (active[0] as EditPiece) : null
      const copy = only !== null && copiesWhole(only, a, b)
      for (let x = a; x < b;) {
        const y = Math.min(b, x + (copy || active.length === 0 ? COPY_FRAMES : BLOCK_FRAMES))
        if (active.length === 0) await put(Buffer.alloc((y - x) * blockAlign))
        else if (copy && only) await put(await (sources.get(only.source) as WavSource).readBytes(only.from + (x - only.at), y - x))
        else await put(await mixRun(list, sources, active, x, y))
        x = y
      }
    }
    if (dataBytes % 2 === 1) await put(Buffer.alloc(1))
    await fh.sync()
    await fh.close()
    await rename(temp, target)
    return { frames: list.frames, bytes: pos }
  } catch (err) {
    await fh.close().catch(() => undefined)
    await rm(temp, { force: true })
    throw err
  }
}
