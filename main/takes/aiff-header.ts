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
import { distinctSeconds } from './wav-chunks'

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

/** COMM's frame count and what SSND holds, or null when this is not an uncompressed AIFF Booth can read. */
export async function aiffFrames(src: ByteSource): Promise<AiffFrames | null> {
  const head = await src.read(0, 12)
  if (head.length < 12 || ascii(head, 0, 4) !== 'FORM') return null
  const kind = ascii(head, 8, 4)
  if (kind !== 'AIFF' && kind !== 'AIFC') return null
  let comm: { at: number; channels: number; frames: number; bytesPerFrame: number; rate: number } | null = null
  let pos = 12
  for (let n = 0; n < MAX_CHUNKS && pos + 8 <= src.size; n++) {
    const chunk = await src.read(pos, 30)
    const id = ascii(chunk, 0, 4)
    const size = view(chunk).getUint32(4, false)
    if (id === 'COMM' && chunk.length >= 26) {
      const compression = kind === 'AIFC' && chunk.length >= 30 ? ascii(chunk, 26, 4) : 'NONE'
      if (!UNCOMPRESSED.has(compression)) return null
      const channels = view(chunk).getUint16(8, false)
      const bits = view(chunk).getUint16(14, false)
      const bytesPerFrame = channels * Math.ceil(bits / 8)
      const rate = extendedToNumber(chunk, 16)
      if (channels === 0 || bytesPerFrame === 0 || !(rate > 0)) return null
      comm = { at: pos + 10, channels, frames: view(chunk).getUint32(10, false), bytesPerFrame, rate }
    }
    if (id === 'SSND' && chunk.length >= 16) {
      if (!comm) return null
      const offset = view(chunk).getUint32(8, false)
      const dataStart = pos + 16 + offset
      const dataEnd = Math.min(pos + 8 + size, src.size)
      const heldFrames = Math.max(0, Math.floor((dataEnd - dataStart) / comm.bytesPerFrame))
      return { framesFieldAt: comm.at, statedFrames: comm.frames, heldFrames, sampleRate: comm.rate }
    }
    pos += 8 + size + (size % 2)
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
    const shown = distinctSeconds(found.statedFrames / found.sampleRate, found.heldFrames / found.sampleRate)
    if (!shown) return null
    const [said, all] = shown
    return `The header says ${said} but ${all} of audio follow: Booth will deliver all ${all}.`
  } finally {
    await fh.close()
  }
}
