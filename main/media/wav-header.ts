/**
 * The 80-byte header Booth's WAV writer puts at the start of every take, and a parser that reads the
 * header of any RIFF/RF64 WAVE file back (for crash repair).
 *
 * Layout (EBU Tech 3306 style: a JUNK chunk reserves room for ds64, so a take that grows past 4 GiB is
 * upgraded to RF64 in place by rewriting these 80 bytes, never by moving the audio):
 *
 *   0  "RIFF" | "RF64"   4  riff size (u32; 0xFFFFFFFF in RF64)   8  "WAVE"
 *  12  "JUNK" | "ds64"  16  28   20 riff size u64  28 data size u64  36 sample count u64  44 table length u32
 *  48  "fmt "  52  16   56 format 1 (PCM)  58 channels  60 sample rate  64 byte rate  68 block align  70 bits
 *  72  "data"  76  data size (u32; 0xFFFFFFFF in RF64)               80 audio…
 */

export const HEADER_BYTES = 80
export const DATA_OFFSET = HEADER_BYTES
/** The largest value a 32-bit RIFF size field holds; past it the file must be RF64. */
export const RIFF_SIZE_LIMIT = 0xffffffff
const DS64_BODY = 28
const FMT_BODY = 16
const U32_MAX = 0xffffffff

export interface PcmFormat {
  sampleRate: number
  channels: number
  bitsPerSample: number
}

export interface HeaderSizes {
  /** Bytes of audio in the data chunk (excluding any pad byte). */
  dataBytes: number
  /** Whether a pad byte follows odd-length audio (written when the take is closed or repaired). */
  padded: boolean
  /** Write the RF64 form (ds64 with 64-bit sizes) instead of RIFF + JUNK. */
  rf64: boolean
}

/** The RIFF size field's value: everything after the first 8 bytes. */
export function riffSizeFor(dataBytes: number, padded: boolean): number {
  return HEADER_BYTES - 8 + dataBytes + (padded && dataBytes % 2 === 1 ? 1 : 0)
}

/** True when a file with this much audio no longer fits the 32-bit RIFF sizes (limit injectable for tests). */
export function needsRf64(dataBytes: number, limit: number = RIFF_SIZE_LIMIT): boolean {
  return riffSizeFor(dataBytes, true) > limit || dataBytes > limit
}

export function buildWavHeader(format: PcmFormat, sizes: HeaderSizes): Buffer {
  const { sampleRate, channels, bitsPerSample } = format
  const blockAlign = channels * (bitsPerSample / 8)
  const riffSize = riffSizeFor(sizes.dataBytes, sizes.padded)
  const h = Buffer.alloc(HEADER_BYTES)
  h.write(sizes.rf64 ? 'RF64' : 'RIFF', 0, 'ascii')
  h.writeUInt32LE(sizes.rf64 ? U32_MAX : riffSize, 4)
  h.write('WAVE', 8, 'ascii')
  h.write(sizes.rf64 ? 'ds64' : 'JUNK', 12, 'ascii')
  h.writeUInt32LE(DS64_BODY, 16)
  if (sizes.rf64) {
    h.writeBigUInt64LE(BigInt(riffSize), 20)
    h.writeBigUInt64LE(BigInt(sizes.dataBytes), 28)
    h.writeBigUInt64LE(BigInt(Math.floor(sizes.dataBytes / blockAlign)), 36)
    h.writeUInt32LE(0, 44)
  }
  h.write('fmt ', 48, 'ascii')
  h.writeUInt32LE(FMT_BODY, 52)
  h.writeUInt16LE(1, 56)
  h.writeUInt16LE(channels, 58)
  h.writeUInt32LE(sampleRate, 60)
  h.writeUInt32LE(sampleRate * blockAlign, 64)
  h.writeUInt16LE(blockAlign, 68)
  h.writeUInt16LE(bitsPerSample, 70)
  h.write('data', 72, 'ascii')
  h.writeUInt32LE(sizes.rf64 ? U32_MAX : sizes.dataBytes, 76)
  return h
}

/** What the header of an existing WAVE file says, and where its audio starts. */
export interface ParsedWavHeader {
  container: 'RIFF' | 'RF64'
  format: PcmFormat & { formatTag: number; blockAlign: number }
  /** Byte offset of the data chunk's size field (the chunk id sits 4 bytes before). */
  dataSizeFieldOffset: number
  /** Byte offset of the first audio byte. */
  dataOffset: number
  /** Audio size the header claims (from ds64 in RF64 files); may be stale after a crash. */
  claimedDataBytes: number
  /** Offset of a 28-byte JUNK or ds64 chunk directly after "WAVE", if present (needed for RF64 upgrade). */
  ds64Offset: number | null
}

export class WavHeaderError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'WavHeaderError'
  }
}

/**
 * Parses the chunks before the audio: `head` must hold the start of the file (a few KiB is plenty).
 * Stops at the data chunk, whose size may be wrong after a crash.
 */
export function parseWavHeader(head: Buffer, what = 'The file'): ParsedWavHeader {
  if (head.length < 12)
    throw new WavHeaderError(
      `${what} is too short (${head.length} bytes) to hold a WAV header; there is no audio to recover.`,
    )
  const id = head.toString('ascii', 0, 4)
  if ((id !== 'RIFF' && id !== 'RF64') || head.toString('ascii', 8, 12) !== 'WAVE') {
    throw new WavHeaderError(`${what} is not a WAV file (it does not start with RIFF/RF64 … WAVE).`)
  }
  let pos = 12
  let format: ParsedWavHeader['format'] | null = null
  let ds64Offset: number | null = null
  let ds64DataBytes: number | null = null
  while (pos + 8 <= head.length) {
    const chunk = head.toString('ascii', pos, pos + 4)
    const size = head.readUInt32LE(pos + 4)
    const body = pos + 8
    if (chunk === 'data') {
      if (!format) throw new WavHeaderError(`${what} has its audio before the format chunk, so its format is unknown.`)
      const claimed = id === 'RF64' && ds64DataBytes !== null ? ds64DataBytes : size
      return {
        container: id,
        format,
        dataSizeFieldOffset: pos + 4,
        dataOffset: body,
        claimedDataBytes: claimed,
        ds64Offset,
      }
    }
    if ((chunk === 'JUNK' || chunk === 'ds64') && pos === 12 && size >= DS64_BODY) ds64Offset = pos
    if (chunk === 'ds64' && body + 16 <= head.length) ds64DataBytes = Number(head.readBigUInt64LE(body + 8))
    if (chunk === 'fmt ') {
      if (size < FMT_BODY || body + FMT_BODY > head.length)
        throw new WavHeaderError(`${what} has a truncated format chunk.`)
      const channels = head.readUInt16LE(body + 2)
      const bitsPerSample = head.readUInt16LE(body + 14)
      const blockAlign = head.readUInt16LE(body + 12)
      if (channels < 1 || blockAlign < 1 || bitsPerSample < 1)
        throw new WavHeaderError(
          `${what} has an invalid format chunk (channels ${channels}, block align ${blockAlign}, bits ${bitsPerSample}).`,
        )
      format = {
        formatTag: head.readUInt16LE(body),
        channels,
        sampleRate: head.readUInt32LE(body + 4),
        blockAlign,
        bitsPerSample,
      }
    }
    pos = body + size + (size % 2)
  }
  throw new WavHeaderError(
    `${what} has no data chunk in its first ${head.length} bytes; it is not a take Booth can repair.`,
  )
}
