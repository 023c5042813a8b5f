/**
 * Whether the bytes after a WAV's stated audio are audio too. When a data chunk states less than the file
 * holds, either the header is stale (a recorder that crashed, or streamed, left the size of its last header
 * update, and audio follows it) or the header is honest and what follows is not audio: metadata chunks
 * (LIST, id3, bext …), a tag a tag editor appended (ID3v2 "ID3…", a 128-byte ID3v1 "TAG" block, an APE
 * tag), padding, a stray byte, or a metadata chunk whose size field is impossible. The rule:
 * - a chain of chunks, a tag, a chunk Booth knows by name whatever its size says, or anything after a
 *   readable chunk (audio never follows metadata): not audio;
 * - anything else that is only a few bytes (under 4 KiB and under 0.1 s of the file's audio): stray bytes,
 *   not audio;
 * - anything else: audio; the header is stale.
 * So an honest header keeps its length, and only a file with much more after its stated audio than a
 * tag or a few stray bytes ("the header says 1 s while 10 s follow") is read to its end — to the end of
 * its audio: an ID3v1 tag that ends the file is not part of it (id3v1Bytes).
 */
import { ascii, isChunkId, view, type ByteSource } from './wav-bytes'

/** Stray bytes are fewer than this, and less than STRAY_MAX_S of audio. */
const STRAY_MAX_BYTES = 4096
const STRAY_MAX_S = 0.1
const MAX_CHUNKS = 4096
/** Chunks writers put after the audio (or anywhere): named so, they are metadata even when their size field is damaged. */
const KNOWN_CHUNKS = new Set([
  'LIST',
  'id3 ',
  'ID3 ',
  'bext',
  'iXML',
  'JUNK',
  'junk',
  'PAD ',
  'FLLR',
  'fact',
  'cue ',
  'smpl',
  'inst',
  'axml',
  'aXML',
  'umid',
  '_PMX',
  'DISP',
  'acid',
  'cart',
  'chna',
  'dbmd',
  'labl',
  'note',
  'ltxt',
  'plst',
  'regn',
  'minf',
  'elm1',
  'levl',
  'link',
  'MEXT',
  'ResU',
  'SyLp',
  'ovwf',
  'afsp',
  'strc',
  'olym',
  'fmt ',
])
const ID3V1_BYTES = 128

/** True when a tag starts at this point and runs to the end: ID3v2, APE, or an ID3v1 block that ends the file. */
function isTag(head: Uint8Array, rest: number): boolean {
  return (
    ascii(head, 0, 3) === 'ID3' ||
    ascii(head, 0, 8) === 'APETAGEX' ||
    (ascii(head, 0, 3) === 'TAG' && rest === ID3V1_BYTES)
  )
}

/** True when the bytes from `from` to the end of the file are not audio (see the rule above); `bytesPerSecond` of the file's audio. */
async function notAudioFrom(src: ByteSource, from: number, bytesPerSecond: number): Promise<boolean> {
  let pos = from
  for (let n = 0; n < MAX_CHUNKS; n++) {
    const rest = src.size - pos
    if (rest <= 0) return true
    const head = await src.read(pos, 8)
    if (isTag(head, rest)) return true
    if (rest >= 8 && isChunkId(head, 0)) {
      const size = view(head).getUint32(4, true)
      const next = pos + 8 + size
      if (next <= src.size + 1 /* the last chunk's pad byte may be missing */) {
        pos = next + (size % 2 === 1 && next < src.size ? 1 : 0)
        continue
      }
      if (KNOWN_CHUNKS.has(ascii(head, 0, 4))) return true // a metadata chunk whose size is damaged
    }
    if (n > 0) return true // after a readable chunk: never audio
    return rest < Math.min(STRAY_MAX_BYTES, bytesPerSecond > 0 ? STRAY_MAX_S * bytesPerSecond : STRAY_MAX_BYTES)
  }
  return true
}

/**
 * True when what follows audio ending at `end` is audio too (the header is stale). `odd`: the stated
 * audio has an odd length, so a pad byte may follow it (some writers leave it out: both are tried).
 */
export async function audioFollows(
  src: ByteSource,
  end: number,
  odd: boolean,
  bytesPerSecond: number,
): Promise<boolean> {
  if (odd && (await notAudioFrom(src, end + 1, bytesPerSecond))) return false
  return !(await notAudioFrom(src, end, bytesPerSecond))
}

/** 128 when the file ends in an ID3v1 tag (a block "TAG…" of 128 bytes a tag editor appends), else 0. */
export async function id3v1Bytes(src: ByteSource, audioFrom: number): Promise<number> {
  if (src.size - ID3V1_BYTES < audioFrom) return 0
  return ascii(await src.read(src.size - ID3V1_BYTES, 3), 0, 3) === 'TAG' ? ID3V1_BYTES : 0
}
