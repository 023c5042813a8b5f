/**
 * A RIFF/RF64 WAVE chunk walker for files from elsewhere (dropped takes). It reads only what it needs
 * (chunk headers, the format and ds64 bodies) through a ByteSource, never trusts a size field, and
 * answers either the facts of the audio or a named problem with one sentence. It never throws on bytes.
 *
 * Handled: odd chunk sizes with or without their pad byte, LIST/fact/JUNK/bext/… chunks before or after
 * the audio, WAVE_FORMAT_EXTENSIBLE (the sub-format names the codec), RF64/BW64 with ds64, streamed
 * files whose RIFF and data sizes are 0xFFFFFFFF or 0 (audio runs to the end of the file), files that
 * end in the middle of their audio, and headers that claim less audio than follows.
 *
 * The one rule for a data size that disagrees with the file (see docs/reliability-design.md, "Damaged files…"):
 * - fewer bytes than claimed: the file ends in the middle of its audio; refused, with where it ends;
 * - more bytes than claimed, and what follows is not audio (metadata chunks, a tag, a few stray bytes:
 *   wav-trailing.ts): the header is honest and its length stands;
 * - more bytes than claimed, and they are audio: Booth delivers all of it, and its own copy gets a header
 *   that says so (wav-copy-header.ts).
 */
import { ascii, isChunkId, view, type ByteSource } from './wav-bytes'
import { audioFollows, id3v1Bytes } from './wav-trailing'

export { bufferSource, fileSource, type ByteSource } from './wav-bytes'

export const WAVE_FORMAT = { PCM: 0x0001, FLOAT: 0x0003, ALAW: 0x0006, MULAW: 0x0007, EXTENSIBLE: 0xfffe } as const

export interface WavFormat {
  /** The format tag as written (0xFFFE for WAVE_FORMAT_EXTENSIBLE). */
  formatTag: number
  /** The codec: the format tag, or the extensible sub-format's tag. */
  codecTag: number
  channels: number
  sampleRate: number
  byteRate: number
  blockAlign: number
  bitsPerSample: number
}

/** How the header's data size relates to the audio in the file. */
export type DataSizeState = 'exact' | 'streamed' | 'longer_than_header'

export interface WavFacts {
  ok: true
  container: 'RIFF' | 'RF64' | 'BW64'
  format: WavFormat
  dataOffset: number
  /** Byte offset of the data chunk's 32-bit size field. */
  dataSizeFieldOffset: number
  /** Offset of the ds64 chunk's body in RF64/BW64 files. */
  ds64BodyOffset: number | null
  /** Audio bytes Booth uses: whole blocks from dataOffset. */
  dataBytes: number
  /** Audio bytes the header claims; null when the header leaves the size open (streamed). */
  declaredDataBytes: number | null
  sizeState: DataSizeState
  /**
   * The audio's length by its header; null for a compressed codec (MP3 in a WAV, ADPCM …), whose length
   * only decoding tells (some writers state a byte rate of 0 for it).
   */
  durationS: number | null
  declaredDurationS: number | null
  /** Ids of every chunk seen, in order (the data chunk included). */
  chunks: string[]
}

export type WavProblemReason =
  | 'not_wav'
  | 'too_short'
  | 'header_cut'
  | 'damaged_chunk'
  | 'bad_format'
  | 'no_format'
  | 'no_data'
  | 'no_audio'
  | 'truncated'

export interface WavProblem {
  ok: false
  reason: WavProblemReason
  /** Completes "<file name> …": e.g. "ends in the middle of its audio data at 3.2 s …". */
  message: string
}

export type WavWalk = WavFacts | WavProblem

const U32_UNKNOWN = 0xffffffff
/** Streaming writers state 0xFFFFFFFF, 0x7FFFFFFF or near them (sox on a pipe: 0x7FFFF000) when the length is unknown. */
const PLACEHOLDER_MIN = 0x7fff0000

/**
 * Whether a data chunk's stated size is a writer's placeholder for "unknown, to the end of the file": 0, or
 * one of the largest sizes where it runs past the bytes there are. Any other size past the end is a cut.
 */
export function isPlaceholderSize(stated: number, available: number): boolean {
  return stated === 0 || (stated >= PLACEHOLDER_MIN && stated > available)
}
const MAX_CHUNKS = 4096
const problem = (reason: WavProblemReason, message: string): WavProblem => ({ ok: false, reason, message })
export const seconds = (s: number): string => `${(Math.floor(s * 10) / 10).toFixed(1)} s`

/** Codecs whose bytes map to frames by block align; the rest are compressed, their length known by decoding. */
const FRAMED = new Set<number>([WAVE_FORMAT.PCM, WAVE_FORMAT.FLOAT, WAVE_FORMAT.ALAW, WAVE_FORMAT.MULAW])

/** The length of `bytes` of the file's audio; null for a compressed codec (see WavFacts.durationS). */
function durationOf(format: WavFormat, bytes: number): number | null {
  return FRAMED.has(format.codecTag) ? Math.floor(bytes / format.blockAlign) / format.sampleRate : null
}

/** Bytes of the file's audio per second (by block align for framed codecs, else as the header states). */
function bytesPerSecond(format: WavFormat): number {
  return FRAMED.has(format.codecTag) ? format.blockAlign * format.sampleRate : format.byteRate
}

function parseFormat(body: Uint8Array): WavFormat | WavProblem {
  if (body.length < 16)
    return problem(
      'bad_format',
      `has a format chunk of ${body.length} bytes; a WAV format chunk has at least 16, so the file is damaged.`,
    )
  const v = view(body)
  const formatTag = v.getUint16(0, true)
  const channels = v.getUint16(2, true)
  const sampleRate = v.getUint32(4, true)
  const byteRate = v.getUint32(8, true)
  const blockAlign = v.getUint16(12, true)
  const bitsPerSample = v.getUint16(14, true)
  let codecTag = formatTag
  if (formatTag === WAVE_FORMAT.EXTENSIBLE) {
    if (body.length < 40)
      return problem(
        'bad_format',
        'says its format is WAVE_FORMAT_EXTENSIBLE but its format chunk is too short to name the sub-format, so the file is damaged.',
      )
    codecTag = v.getUint16(24, true)
  }
  if (channels < 1 || sampleRate < 1 || sampleRate > 1_536_000 || blockAlign < 1) {
    return problem(
      'bad_format',
      `has an impossible format (${channels} channels, ${sampleRate} Hz, ${blockAlign}-byte blocks), so the file is damaged.`,
    )
  }
  return { formatTag, codecTag, channels, sampleRate, byteRate, blockAlign, bitsPerSample }
}

/** Walks the chunks of a WAVE file. Never throws for any bytes; rejects only when `src.read` does. */
export async function walkWav(src: ByteSource): Promise<WavWalk> {
  const size = src.size
  if (size < 12) return problem('too_short', `is only ${size} bytes long, too short to be a WAV file.`)
  const top = await src.read(0, 12)
  const container = ascii(top, 0, 4)
  if ((container !== 'RIFF' && container !== 'RF64' && container !== 'BW64') || ascii(top, 8, 4) !== 'WAVE') {
    return problem('not_wav', 'is not a WAV file (it does not start with RIFF … WAVE).')
  }
  const chunks: string[] = []
  let format: WavFormat | null = null
  let ds64: { bodyOffset: number; dataBytes: number } | null = null
  let pos = 12
  for (let n = 0; n < MAX_CHUNKS; n++) {
    if (pos + 8 > size) {
      if (!format)
        return problem(
          'header_cut',
          `ends inside its header (at byte ${pos}) before any format or audio, so there is nothing to play.`,
        )
      return problem('no_data', 'has a format but no audio data chunk, so there is nothing to play.')
    }
    const head = await src.read(pos, 8)
    if (!isChunkId(head, 0)) {
      return problem(
        'damaged_chunk',
        `is damaged: the chunk at byte ${pos} has no readable name, so the rest of the file cannot be found.`,
      )
    }
    const id = ascii(head, 0, 4)
    const declared = view(head).getUint32(4, true)
    const body = pos + 8
    chunks.push(id)
    if (id === 'data') return dataChunk(src, { container, format, ds64, chunks, body, declared, fieldOffset: pos + 4 })
    if (body + declared > size) {
      return problem(
        'header_cut',
        `ends in the middle of its "${id.trim()}" chunk (at byte ${size}), before any audio.`,
      )
    }
    if (id === 'fmt ') {
      const parsed = parseFormat(await src.read(body, Math.min(declared, 64)))
      if ('ok' in parsed) return parsed
      format = parsed
    } else if (id === 'ds64' && declared >= 16) {
      const b = view(await src.read(body, 16))
      ds64 = { bodyOffset: body, dataBytes: Number(b.getBigUint64(8, true)) }
    }
    pos = body + declared
    if (declared % 2 === 1) {
      // The pad byte after an odd-sized chunk: some writers leave it out, so follow whichever lands on a chunk name.
      const padded = await src.read(pos + 1, 4)
      const unpadded = await src.read(pos, 4)
      if (isChunkId(padded, 0) || !isChunkId(unpadded, 0)) pos += 1
    }
  }
  return problem(
    'damaged_chunk',
    `has more than ${MAX_CHUNKS} chunks before its audio, so it is not a WAV file Booth can read.`,
  )
}

interface DataChunkAt {
  container: WavFacts['container']
  format: WavFormat | null
  ds64: { bodyOffset: number; dataBytes: number } | null
  chunks: string[]
  body: number
  declared: number
  fieldOffset: number
}

async function dataChunk(src: ByteSource, at: DataChunkAt): Promise<WavWalk> {
  const { format, body } = at
  if (!format) return problem('no_format', 'has its audio before any format chunk, so its format is unknown.')
  const available = Math.max(0, src.size - body)
  const rf64 = at.container !== 'RIFF'
  let declared: number | null = at.declared
  if (rf64 && at.declared === U32_UNKNOWN) declared = at.ds64 ? at.ds64.dataBytes : null
  else if (at.declared === U32_UNKNOWN || isPlaceholderSize(at.declared, available)) declared = null
  const whole = (bytes: number) => bytes - (bytes % format.blockAlign)
  let sizeState: DataSizeState = 'exact'
  let dataBytes: number
  // Audio read to the end of the file stops before an ID3v1 tag that ends it.
  const toEnd = async () => whole(available - (await id3v1Bytes(src, body)))
  if (declared === null || (rf64 && declared === 0)) {
    sizeState = 'streamed'
    declared = null
    dataBytes = await toEnd()
  } else if (declared > available && available < format.blockAlign) {
    const claimed = durationOf(format, declared)
    const says = claimed === null ? `${declared} bytes` : seconds(claimed)
    return problem(
      'no_audio',
      `has a WAV header but no audio after it (its header says ${says}); it was cut off while being written or copied.`,
    )
  } else if (declared > available) {
    const [endsAt, claimed] = [durationOf(format, available), durationOf(format, declared)]
    const where =
      endsAt === null || claimed === null
        ? `(after ${available} of the ${declared} bytes its header states)`
        : `at ${seconds(endsAt)} (its header says ${seconds(claimed)})`
    return problem(
      'truncated',
      `ends in the middle of its audio data ${where}; it was cut off while being written or copied.`,
    )
  } else if (
    declared < available &&
    (await audioFollows(src, body + declared, declared % 2 === 1, bytesPerSecond(format)))
  ) {
    sizeState = 'longer_than_header'
    dataBytes = Math.max(declared, await toEnd())
  } else {
    dataBytes = declared
  }
  if (dataBytes === 0 || durationOf(format, dataBytes) === 0)
    return problem('no_audio', 'has a WAV header but no audio in it.')
  return {
    ok: true,
    container: at.container,
    format,
    dataOffset: body,
    dataSizeFieldOffset: at.fieldOffset,
    ds64BodyOffset: at.ds64?.bodyOffset ?? null,
    dataBytes,
    declaredDataBytes: declared,
    sizeState,
    durationS: durationOf(format, dataBytes),
    declaredDurationS: declared === null ? null : durationOf(format, declared),
    chunks: at.chunks,
  }
}

/**
 * Two lengths written with the fewest decimals (one to six, cut as `seconds` cuts) that tell them apart;
 * null when even six do not, so a disagreement is never shown as two equal numbers.
 */
function distinctSeconds(a: number, b: number): [string, string] | null {
  for (let decimals = 1; decimals <= 6; decimals++) {
    const scale = 10 ** decimals
    const [x, y] = [a, b].map((s) => `${(Math.floor(s * scale + 1e-9) / scale).toFixed(decimals)} s`) as [
      string,
      string,
    ]
    if (x !== y) return [x, y]
  }
  return null
}

/** The sentence a take keeps when its header claimed less audio than the file holds; null otherwise. */
export function sizeNotice(facts: WavFacts): string | null {
  if (facts.sizeState !== 'longer_than_header' || facts.declaredDataBytes === null) return null
  if (facts.durationS === null || facts.declaredDurationS === null) {
    return `The header says ${facts.declaredDataBytes} bytes of audio but ${facts.dataBytes} follow: Booth will deliver all of them.`
  }
  return longerThanHeaderNotice(facts.declaredDurationS, facts.durationS)
}

/** The sentence of a take whose header (WAV or AIFF) stated `statedS` while `heldS` follow; null when the two read alike. */
export function longerThanHeaderNotice(statedS: number, heldS: number): string | null {
  const shown = distinctSeconds(statedS, heldS)
  if (!shown) return null
  const [said, all] = shown
  return `The header says ${said} but ${all} of audio follow: Booth will deliver all ${all}.`
}
