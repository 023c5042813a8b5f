/**
 * Damaged WAV files for tests, made from real files (ffmpeg, sox) by byte-level edits: cut off mid-data,
 * a header that claims less audio than follows, streamed sizes (0xFFFFFFFF or 0), an odd chunk without
 * its pad byte. Each takes the bytes of a valid WAV and returns new bytes.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** Generates a 48 kHz tone with ffmpeg; `extra` are output options (codec, -rf64 always …). */
export async function tone(path: string, seconds: number, extra: string[] = [], rate = 48_000): Promise<void> {
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:sample_rate=${rate}:duration=${seconds}`,
    ...extra,
    path,
  ])
}

/** Generates a tone with sox (`args` are sox output options before the file name). */
export async function soxTone(path: string, seconds: number, args: string[]): Promise<void> {
  await run('sox', ['-n', ...args, path, 'synth', String(seconds), 'sine', '440'])
}

/** Offset of the data chunk's id. */
export function dataChunkAt(wav: Buffer): number {
  const at = wav.indexOf('data', 12, 'ascii')
  if (at < 0) throw new Error('no data chunk')
  return at
}

/** The file cut off after `seconds` of audio (bytesPerSecond of the file's format). */
export function cutAt(wav: Buffer, seconds: number, bytesPerSecond: number): Buffer {
  return Buffer.from(wav.subarray(0, dataChunkAt(wav) + 8 + Math.round(seconds * bytesPerSecond)))
}

/** RIFF and data sizes rewritten to say `seconds` of audio, whatever follows. */
export function claimSeconds(wav: Buffer, seconds: number, bytesPerSecond: number): Buffer {
  const out = Buffer.from(wav)
  const at = dataChunkAt(out)
  const bytes = Math.round(seconds * bytesPerSecond)
  out.writeUInt32LE(at + 8 + bytes - 8, 4)
  out.writeUInt32LE(bytes, at + 4)
  return out
}

/** A streaming recorder's header: RIFF and data sizes unknown (0xFFFFFFFF, or 0). */
export function streamed(wav: Buffer, value: 0xffffffff | 0): Buffer {
  const out = Buffer.from(wav)
  out.writeUInt32LE(value, 4)
  out.writeUInt32LE(value, dataChunkAt(out) + 4)
  return out
}

/** Inserts a chunk with an odd-sized body before the data chunk, with or without its pad byte. */
export function withOddChunk(wav: Buffer, id: string, body: string, pad: boolean): Buffer {
  const at = dataChunkAt(wav)
  const b = Buffer.from(body, 'latin1')
  if (b.length % 2 === 0) throw new Error('the body must be odd-sized')
  const head = Buffer.alloc(8)
  head.write(id, 0, 'ascii')
  head.writeUInt32LE(b.length, 4)
  const chunk = Buffer.concat([head, b, pad ? Buffer.alloc(1) : Buffer.alloc(0)])
  const out = Buffer.concat([wav.subarray(0, at), chunk, wav.subarray(at)])
  out.writeUInt32LE(out.length - 8, 4)
  return out
}

/** Appends a LIST chunk after the audio (metadata, not audio). */
export function withTrailingList(wav: Buffer, text: string): Buffer {
  const body = Buffer.concat([Buffer.from('INFOICMT', 'ascii'), Buffer.alloc(4), Buffer.from(text, 'latin1')])
  body.writeUInt32LE(text.length, 8)
  const head = Buffer.alloc(8)
  head.write('LIST', 0, 'ascii')
  head.writeUInt32LE(body.length, 4)
  const out = Buffer.concat([wav, head, body, body.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)])
  out.writeUInt32LE(out.length - 8, 4)
  return out
}

/** A 128-byte ID3v1 tag ("TAG", title, artist, album, year, comment, genre), as tag editors append it to any file. */
export function id3v1(title: string, artist: string): Buffer {
  const tag = Buffer.alloc(128)
  tag.write('TAG', 0, 'latin1')
  tag.write(title.slice(0, 30), 3, 'latin1')
  tag.write(artist.slice(0, 30), 33, 'latin1')
  tag.write('2024', 93, 'latin1')
  tag[127] = 101 // genre: Speech
  return tag
}

/** A LIST chunk whose size field claims far more than the file holds (a writer that never finished it). */
export function brokenList(): Buffer {
  const head = Buffer.alloc(8)
  head.write('LIST', 0, 'ascii')
  head.writeUInt32LE(0x7fff0000, 4)
  return Buffer.concat([head, Buffer.from('INFOISFT\x0e\x00\x00\x00Lavf61.7.100\x00\x00', 'latin1')])
}

/** Bytes appended after the end of a WAV, its RIFF size left as it was (as a tag editor or a bad copy leaves it). */
export function appended(wav: Buffer, ...tail: Buffer[]): Buffer {
  return Buffer.concat([wav, ...tail])
}
