/**
 * The version renderer: an edit list (shared/versions/edit-list.ts) over source WAVs → one WAV in the
 * take's own format, bit-identical every time. Plain TypeScript over decoded samples, no ffmpeg filter:
 * - a sample that one piece alone gives at unity weight (gain 0 dB, outside its fades) is the source's
 *   sample, unchanged (whole blocks of it are copied as bytes);
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

/** Frames rendered at a time: about 1.4 s at 48 kHz. */
const BLOCK_FRAMES = 65536

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

/** Whether piece `p` alone gives frames [a, b) of the result unchanged: it covers them at unity weight. */
function copiesWhole(p: EditPiece, a: number, b: number): boolean {
  const length = p.to - p.from
  return p.gain_db === 0 && p.at + p.fade_in.frames <= a && b <= p.at + length - p.fade_out.frames
}

function writeSample(out: Buffer, at: number, value: number, encoding: EditList['format']['encoding']): void {
  if (encoding === 'pcm_s16') out.writeInt16LE(value, at)
  else if (encoding === 'pcm_s32') out.writeInt32LE(value, at)
  else if (encoding === 'float32') out.writeFloatLE(value, at)
  else out.writeIntLE(value, at, 3)
}

/** Renders frames [a, b) of the result into bytes. */
async function renderBlock(list: EditList, sources: ReadonlyMap<string, WavSource>, active: EditPiece[], a: number, b: number): Promise<Buffer> {
  const { channels: ch, encoding } = list.format
  const n = b - a
  const blockAlign = ch * BYTES_PER_SAMPLE[encoding]
  if (active.length === 1 && copiesWhole(active[0] as EditPiece, a, b)) {
    const p = active[0] as EditPiece
    return (sources.get(p.source) as WavSource).readBytes(p.from + (a - p.at), n)
  }
  const acc = new Float64Array(n * ch)
  const count = new Uint8Array(n)
  const unity = new Uint8Array(n)
  for (const p of active) {
    const s = Math.max(a, p.at)
    const e = Math.min(b, p.at + (p.to - p.from))
    if (e <= s) continue
    const x = await (sources.get(p.source) as WavSource).readFrames(p.from + (s - p.at), e - s)
    const gain = dbToGain(p.gain_db)
    for (let f = s; f < e; f++) {
      const w = weightAt(p, f - p.at, gain)
      const i = f - a
      count[i] = Math.min(255, (count[i] as number) + 1)
      if (w === 1) unity[i] = 1
      const base = (f - s) * ch
      for (let c = 0; c < ch; c++) acc[i * ch + c] = (acc[i * ch + c] as number) + (x[base + c] as number) * w
    }
  }
  const out = Buffer.alloc(n * blockAlign)
  const bytes = BYTES_PER_SAMPLE[encoding]
  const top = fullScale(encoding) - 1
  const bottom = -fullScale(encoding)
  for (let i = 0; i < n; i++) {
    const exact = count[i] === 1 && unity[i] === 1
    for (let c = 0; c < ch; c++) {
      const v = acc[i * ch + c] as number
      let q: number
      if (encoding === 'float32') q = Math.fround(v)
      else if (count[i] === 0 || exact) q = v
      else {
        q = Math.round(v + tpdfDither(a + i, c))
        q = q > top ? top : q < bottom ? bottom : q
      }
      writeSample(out, (i * ch + c) * bytes, q, encoding)
    }
  }
  return out
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
    const pieces = [...list.pieces].sort((x, y) => x.at - y.at)
    for (let a = 0; a < list.frames; a += BLOCK_FRAMES) {
      const b = Math.min(list.frames, a + BLOCK_FRAMES)
      const active = pieces.filter((p) => p.at < b && p.at + (p.to - p.from) > a)
      await put(await renderBlock(list, sources, active, a, b))
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
