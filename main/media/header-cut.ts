/**
 * Names a dropped file that was cut off inside its header (or, for MP4/M4A, before its index), by its own
 * bytes, before ffmpeg is asked: ffmpeg only says "Invalid data found" or "moov atom not found" of such a
 * file, and a WAV cut after "RIFF" would otherwise look like a text file. Recognised by their first bytes:
 * WAV (RIFF/RF64/BW64), AIFF (FORM), FLAC (fLaC), MP3 behind an ID3v2 tag, and MP4/M4A (an ftyp box).
 * Each answer completes "<file name> …". A file whose header is whole is left to the chunk walk (WAV)
 * and to ffmpeg, which say where the audio itself ends.
 */
import { aiffChunks, aiffKind } from './aiff-header'
import { ascii, view, type ByteSource } from './wav-bytes'

const CUT = 'it was cut off while being written or copied.'
const headerCut = (size: number) => `ends inside its header (after ${size} bytes), before any audio: ${CUT}`
const MAX_BOXES = 4096

/** WAV: "RIFF", a size and "WAVE" take 12 bytes; a file that stops sooner was cut. */
function wavCut(head: Uint8Array, size: number): string | null {
  const magic = ascii(head, 0, 4)
  if (magic !== 'RIFF' && magic !== 'RF64' && magic !== 'BW64') return null
  return size < 12 && 'WAVE'.startsWith(ascii(head, 8, 4)) ? headerCut(size) : null
}

/** FLAC: "fLaC", then metadata blocks (4-byte header: last-block flag, type, 24-bit length) before the audio. */
async function flacCut(src: ByteSource, head: Uint8Array): Promise<string | null> {
  if (ascii(head, 0, 4) !== 'fLaC') return null
  let pos = 4
  for (let n = 0; n < MAX_BOXES; n++) {
    const block = await src.read(pos, 4)
    if (block.length < 4) return headerCut(src.size)
    const end = pos + 4 + (((block[1] ?? 0) << 16) | ((block[2] ?? 0) << 8) | (block[3] ?? 0))
    if (end > src.size) return headerCut(src.size)
    if (((block[0] ?? 0) & 0x80) !== 0)
      return end === src.size ? `has a FLAC header but no audio after it; ${CUT}` : null
    pos = end
  }
  return null
}

/** MP3 (or any file) behind an ID3v2 tag: the tag's 10-byte header gives its size (syncsafe). */
function id3Cut(head: Uint8Array, size: number): string | null {
  if (ascii(head, 0, 3) !== 'ID3' || (size >= 4 && ![2, 3, 4].includes(head[3] ?? 0))) return null // ID3v2.2 to 2.4
  if (size < 10) return headerCut(size)
  const tagBytes =
    10 +
    ((((head[6] ?? 0) & 0x7f) << 21) |
      (((head[7] ?? 0) & 0x7f) << 14) |
      (((head[8] ?? 0) & 0x7f) << 7) |
      ((head[9] ?? 0) & 0x7f))
  return size <= tagBytes ? `ends inside its ID3 tag (after ${size} bytes), before any audio: ${CUT}` : null
}

/** AIFF: "FORM", a size, "AIFF"/"AIFC", then big-endian chunks up to the sound data (SSND). */
async function aiffCut(src: ByteSource, head: Uint8Array): Promise<string | null> {
  if (ascii(head, 0, 4) !== 'FORM') return null
  if (src.size < 12) return headerCut(src.size)
  if (!aiffKind(head)) return null
  for await (const chunk of aiffChunks(src)) {
    if (chunk.head.length < 8) return headerCut(src.size)
    if (chunk.id === 'SSND') return chunk.head.length < 16 ? headerCut(src.size) : null
    if (chunk.pos + 8 + chunk.size > src.size) return headerCut(src.size)
  }
  return null
}

/**
 * MP4/M4A: top-level boxes (32-bit size and type; size 1: a 64-bit size follows; 0: to the end). The index
 * ("moov") says where the audio is; recorders and ffmpeg write it last, so a file cut anywhere before it
 * cannot be played. A file whose index is whole is left to ffmpeg, which says where its audio ends.
 */
async function mp4Cut(src: ByteSource, head: Uint8Array): Promise<string | null> {
  if (ascii(head, 4, 4) !== 'ftyp') return null
  let pos = 0
  for (let n = 0; n < MAX_BOXES; n++) {
    if (pos >= src.size)
      return `has no index (the MP4 "moov" box that says where its audio is), so it cannot be played; ${CUT}`
    const box = await src.read(pos, 16)
    if (box.length < 8) return boxCut('', src.size)
    const type = ascii(box, 4, 4)
    let bytes = view(box).getUint32(0, false)
    if (bytes === 1) {
      if (box.length < 16) return boxCut(type, src.size)
      bytes = Number(view(box).getBigUint64(8, false))
    } else if (bytes === 0) {
      bytes = src.size - pos
    }
    if (bytes < 8) return null // damaged, not cut: ffmpeg names it
    if (pos + bytes > src.size) return boxCut(type, src.size)
    if (type === 'moov') return null
    pos += bytes
  }
  return null
}

function boxCut(type: string, size: number): string {
  if (type === 'mdat')
    return `ends in the middle of its audio data, before its index (the MP4 "moov" box that says where the audio is), so it cannot be played; ${CUT}`
  if (type === 'moov')
    return `ends in the middle of its index (the MP4 "moov" box that says where the audio is), so it cannot be played; ${CUT}`
  return headerCut(size)
}

/**
 * Why a dropped file cannot be played because it was cut off in its header or before its index; null when
 * it was not. `head`: the file's first bytes when the caller has read them already (at least 16, or all).
 */
export async function headerCutProblem(src: ByteSource, head?: Uint8Array): Promise<string | null> {
  head ??= await src.read(0, 16)
  return (
    wavCut(head, src.size) ??
    id3Cut(head, src.size) ??
    (await flacCut(src, head)) ??
    (await aiffCut(src, head)) ??
    (await mp4Cut(src, head))
  )
}
