/**
 * An AIFF whose COMM chunk states fewer sample frames than its sound data (SSND) holds: the AIFF twin of
 * a WAV whose header states less than follows. Players and DAWs that trust COMM stop at its count, while
 * ffmpeg (and so Booth's measurement) decodes the whole SSND chunk, so the producer would get a file that
 * plays shorter than the take Booth measured. Booth's staged copy gets the frame count its sound data
 * holds (the dropped file itself is never written), and the take says so, as for a WAV.
 *
 * Only uncompressed AIFF/AIFC is settled (AIFF; AIFC with NONE, sowt, twos, in24, in32, fl32, fl64), and
 * only upwards: a COMM that states MORE than its SSND holds is a file cut short, which the measurement
 * names. Big-endian throughout; the chunk walk stops at the first chunk that runs past the end.
 */
import { open } from 'node:fs/promises'
import { ascii, fileSource, view, type ByteSource } from './wav-bytes'
import { longerThanHeaderNotice } from './wav-chunks'

const MAX_CHUNKS = 4096
const UNCOMPRESSED = new Set(['NONE', 'sowt', 'twos', 'in24', 'in32', 'fl32', 'fl64'])

export interface AiffFrames {
  /** Where COMM's numSampleFrames field is in the file. */
  framesFieldAt: number
  statedFrames: number
  /** Whole frames the SSND chunk holds (and the file has). */
  heldFrames: number
  sampleRate: number
}

/** The 80-bit IEEE extended float AIFF gives its sample rate in; NaN when it is not a usable rate. */
export function extendedToNumber(b: Uint8Array, at: number): number {
  const v = view(b)
  const exponent = (v.getUint16(at, false) & 0x7fff) - 16383
  const mantissa = v.getUint32(at + 2, false) * 2 ** 32 + v.getUint32(at + 6, false)
  const value = mantissa * 2 ** (exponent - 63)
  return Number.isFinite(value) && value > 0 ? value : Number.NaN
}

export interface AiffChunk {
  id: string
  /** Where the chunk starts (its id). */
  pos: number
  /** The size its header states (0 when fewer than 8 bytes were left). */
  size: number
  /** Up to its first 30 bytes (fewer at the end of the file: under 8, the file ended before a whole chunk header). */
  head: Uint8Array
}

/** "AIFF" or "AIFC" when the file starts as one ("FORM", a size, the kind), else null. */
export function aiffKind(head: Uint8Array): 'AIFF' | 'AIFC' | null {
  if (head.length < 12 || ascii(head, 0, 4) !== 'FORM') return null
  const kind = ascii(head, 8, 4)
  return kind === 'AIFF' || kind === 'AIFC' ? kind : null
}

/**
 * The chunks of an AIFF/AIFC in file order (big-endian sizes, odd sizes padded), from byte 12 on; the last
 * one yielded may be short (`head` under 8 bytes: the file ended there). The caller stops when it has
 * what it needs; the walk stops after MAX_CHUNKS or a short chunk.
 */
export async function* aiffChunks(src: ByteSource): AsyncGenerator<AiffChunk> {
  let pos = 12
  for (let n = 0; n < MAX_CHUNKS; n++) {
    const head = await src.read(pos, 30)
    if (head.length < 8) {
      yield { id: '', pos, size: 0, head }
      return
    }
    const size = view(head).getUint32(4, false)
    yield { id: ascii(head, 0, 4), pos, size, head }
    pos += 8 + size + (size % 2)
  }
}

/** COMM's frame count and what SSND holds, or null when this is not an uncompressed AIFF Booth can read. */
export async function aiffFrames(src: ByteSource): Promise<AiffFrames | null> {
  const kind = aiffKind(await src.read(0, 12))
  if (!kind) return null
  let comm: { at: number; frames: number; bytesPerFrame: number; rate: number } | null = null
  for await (const { id, pos, size, head } of aiffChunks(src)) {
    if (id === 'COMM' && head.length >= 26) {
      const compression = kind === 'AIFC' && head.length >= 30 ? ascii(head, 26, 4) : 'NONE'
      if (!UNCOMPRESSED.has(compression)) return null
      const channels = view(head).getUint16(8, false)
      const bytesPerFrame = channels * Math.ceil(view(head).getUint16(14, false) / 8)
      const rate = extendedToNumber(head, 16)
      if (bytesPerFrame === 0 || !(rate > 0)) return null
      comm = { at: pos + 10, frames: view(head).getUint32(10, false), bytesPerFrame, rate }
    }
    if (id === 'SSND' && head.length >= 16) {
      if (!comm) return null
      const dataStart = pos + 16 + view(head).getUint32(8, false)
      const dataEnd = Math.min(pos + 8 + size, src.size)
      const heldFrames = Math.max(0, Math.floor((dataEnd - dataStart) / comm.bytesPerFrame))
      return { framesFieldAt: comm.at, statedFrames: comm.frames, heldFrames, sampleRate: comm.rate }
    }
  }
  return null
}

/**
 * Settles Booth's copy of an AIFF: when COMM states fewer frames than SSND holds, COMM is given the count
 * SSND holds. Returns the notice for the take, or null when there was nothing to settle.
 */
export async function settleAiffCopy(path: string): Promise<string | null> {
  const fh = await open(path, 'r+')
  try {
    const found = await aiffFrames(await fileSource(fh))
    if (!found || found.heldFrames <= found.statedFrames) return null
    const field = Buffer.alloc(4)
    field.writeUInt32BE(Math.min(found.heldFrames, 0xffffffff))
    await fh.write(field, 0, 4, found.framesFieldAt)
    return longerThanHeaderNotice(found.statedFrames / found.sampleRate, found.heldFrames / found.sampleRate)
  } finally {
    await fh.close()
  }
}
