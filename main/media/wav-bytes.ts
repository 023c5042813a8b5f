/**
 * Reading the bytes of a file from elsewhere: a ByteSource over a file or over bytes in memory, and the
 * small readers the WAV chunk walker (wav-chunks.ts), the trailing-bytes rule (wav-trailing.ts) and the
 * header check of dropped files (header-cut.ts) share.
 */

export interface ByteSource {
  size: number
  /** Up to `length` bytes at `offset` (fewer at the end of the file). */
  read(offset: number, length: number): Promise<Uint8Array>
}

/** Chunk ids are four printable ASCII characters. */
export function isChunkId(b: Uint8Array, at: number): boolean {
  if (at + 4 > b.length) return false
  for (let i = at; i < at + 4; i++) if ((b[i] ?? 0) < 0x20 || (b[i] ?? 0) > 0x7e) return false
  return true
}

export const ascii = (b: Uint8Array, at: number, n: number): string => String.fromCharCode(...b.subarray(at, at + n))
export const view = (b: Uint8Array): DataView => new DataView(b.buffer, b.byteOffset, b.byteLength)

/** A ByteSource over bytes in memory (tests, and the first bytes of a file). */
export function bufferSource(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.length,
    read: async (offset, length) =>
      bytes.subarray(Math.min(offset, bytes.length), Math.min(offset + length, bytes.length)),
  }
}

/** A ByteSource over an open file. */
export async function fileSource(fh: {
  stat(): Promise<{ size: number }>
  read(b: Buffer, o: number, l: number, p: number): Promise<{ bytesRead: number }>
}): Promise<ByteSource> {
  const { size } = await fh.stat()
  return {
    size,
    read: async (offset, length) => {
      const n = Math.max(0, Math.min(length, size - offset))
      if (n === 0) return new Uint8Array(0)
      const b = Buffer.alloc(n)
      const { bytesRead } = await fh.read(b, 0, n, offset)
      return b.subarray(0, bytesRead)
    },
  }
}
