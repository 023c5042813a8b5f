/** WAV (RIFF) bytes: a reader of the format header and data length, and a writer of short tones. */
import { open } from 'node:fs/promises'

export interface WavInfo {
  channels: number
  sampleRate: number
  bitsPerSample: number
  durationS: number
}

/** Parse a RIFF/WAVE header. Returns null when the bytes are not a WAV we can read. */
export function parseWavHeader(head: Uint8Array, fileSize: number): WavInfo | null {
  const buf = Buffer.from(head.buffer, head.byteOffset, head.byteLength)
  if (buf.length < 12 || buf.toString('latin1', 0, 4) !== 'RIFF' || buf.toString('latin1', 8, 12) !== 'WAVE')
    return null
  let pos = 12
  let fmt: { channels: number; sampleRate: number; byteRate: number; bits: number } | null = null
  while (pos + 8 <= buf.length) {
    const id = buf.toString('latin1', pos, pos + 4)
    const size = buf.readUInt32LE(pos + 4)
    if (id === 'fmt ' && pos + 24 <= buf.length) {
      fmt = {
        channels: buf.readUInt16LE(pos + 10),
        sampleRate: buf.readUInt32LE(pos + 12),
        byteRate: buf.readUInt32LE(pos + 16),
        bits: buf.readUInt16LE(pos + 22),
      }
    } else if (id === 'data') {
      if (!fmt || fmt.byteRate === 0) return null
      // streaming writers may leave 0 or 0xFFFFFFFF in the data size: use the bytes actually present
      const present = Math.max(0, fileSize - (pos + 8))
      const dataBytes = size === 0 || size === 0xffffffff || size > present ? present : size
      return {
        channels: fmt.channels,
        sampleRate: fmt.sampleRate,
        bitsPerSample: fmt.bits,
        durationS: Math.round((dataBytes / fmt.byteRate) * 1000) / 1000,
      }
    }
    pos += 8 + size + (size % 2)
  }
  return null
}

/** Read the WAV header of a file on disk (first 64 KiB), or null when it is not a readable WAV. */
export async function readWavFile(path: string): Promise<WavInfo | null> {
  const fh = await open(path, 'r')
  try {
    const { size } = await fh.stat()
    const head = new Uint8Array(Math.min(size, 65536))
    await fh.read(head, 0, head.length, 0)
    return parseWavHeader(head, size)
  } finally {
    await fh.close()
  }
}

/** A 16-bit PCM WAV of a soft tone with a short fade, `seconds` long. */
export function toneWav(seconds: number, sampleRate: number, hz: number, channels = 1): Uint8Array {
  const frames = Math.round(seconds * sampleRate)
  const dataBytes = frames * channels * 2
  const buf = Buffer.alloc(44 + dataBytes)
  buf.write('RIFF', 0, 'latin1')
  buf.writeUInt32LE(36 + dataBytes, 4)
  buf.write('WAVEfmt ', 8, 'latin1')
  buf.writeUInt32LE(16, 16)
  buf.writeUInt16LE(1, 20)
  buf.writeUInt16LE(channels, 22)
  buf.writeUInt32LE(sampleRate, 24)
  buf.writeUInt32LE(sampleRate * channels * 2, 28)
  buf.writeUInt16LE(channels * 2, 32)
  buf.writeUInt16LE(16, 34)
  buf.write('data', 36, 'latin1')
  buf.writeUInt32LE(dataBytes, 40)
  const fade = Math.max(1, Math.round(sampleRate * 0.05))
  for (let i = 0; i < frames; i++) {
    const env = Math.min(1, i / fade, (frames - 1 - i) / fade)
    const v = Math.round(Math.sin((2 * Math.PI * hz * i) / sampleRate) * 6000 * env)
    for (let c = 0; c < channels; c++) buf.writeInt16LE(v, 44 + (i * channels + c) * 2)
  }
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength)
}
