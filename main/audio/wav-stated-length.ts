/**
 * Whether a WAV file's stated data length can be trusted, or ffmpeg must read to the end of the file
 * (`-ignore_length 1`): a recorder that streams a WAV writes its header before it knows the length, and a
 * live stream leaves it stating 0 or a placeholder near 0x7FFFFFFF/0xFFFFFFFF, and a crash leaves the size of
 * its last header update (less than what follows). A plausible size beyond the file's end is a file cut
 * short. Trailing metadata chunks (LIST, id3, bext…) after the data are recognised, so their bytes are
 * never read as audio.
 */
import { open } from 'node:fs/promises'
import { isPlaceholderSize } from '../takes/wav-chunks'

const HEAD_BYTES = 1 << 16

const isChunkId = (b: Buffer, at: number): boolean => {
  if (at + 8 > b.length) return false
  for (let i = at; i < at + 4; i++) {
    const c = b[i] as number
    if (c < 0x20 || c > 0x7e) return false
  }
  return true
}

/** True when `file` is a RIFF WAV whose data chunk length is unknown or stale. Never throws: false when unsure. */
export async function wavLengthUntrusted(file: string): Promise<boolean> {
  let fh
  try {
    fh = await open(file, 'r')
    const { size } = await fh.stat()
    const head = Buffer.alloc(Math.min(HEAD_BYTES, size))
    await fh.read(head, 0, head.length, 0)
    if (head.length < 12 || head.toString('latin1', 0, 4) !== 'RIFF' || head.toString('latin1', 8, 12) !== 'WAVE') return false
    let at = 12
    while (at + 8 <= head.length) {
      const id = head.toString('latin1', at, at + 4)
      const chunk = head.readUInt32LE(at + 4)
      if (id === 'data') {
        const end = at + 8 + chunk
        // A writer's placeholder (the import's rule too); any other size beyond the file's end is a file cut
        // short, which must be reported, not read as whole. A large size that fits the file is judged like
        // any other (a real 2-4 GiB take, maybe with metadata after it).
        if (isPlaceholderSize(chunk, size - at - 8)) return true
        if (end > size) return false
        if (end === size || end + 1 === size) return false
        // Bytes follow the stated data: trust the length only if they start a chunk.
        const after = Buffer.alloc(8)
        const next = end + (chunk % 2)
        await fh.read(after, 0, 8, next)
        return !(isChunkId(after, 0) && next + 8 + after.readUInt32LE(4) <= size)
      }
      at += 8 + chunk + (chunk % 2)
    }
    return false
  } catch {
    return false
  } finally {
    await fh?.close()
  }
}
