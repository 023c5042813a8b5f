/**
 * Writing a file block by block while the next block is being made: put() waits for the write before it,
 * starts its own and returns, so the disk work of one block overlaps the reading and mixing of the next.
 * A buffer passed to put() must stay unchanged until the put() after it has returned: two buffers that
 * take turns are enough. A failed write is reported by the next put() or by done(), never lost and never
 * an unhandled rejection.
 */
import type { FileHandle } from 'node:fs/promises'

export interface WriteBehind {
  /** Queues `buf` at the end of what was put so far, once the write before it has finished. */
  put(buf: Uint8Array): Promise<void>
  /** Waits for the last write; rejects if it failed. */
  done(): Promise<void>
  /** Bytes put so far. */
  bytes(): number
}

/** Writes to `fh` from its first byte on. */
export function writeBehind(fh: Pick<FileHandle, 'write'>): WriteBehind {
  let pos = 0
  let last: Promise<void> = Promise.resolve()
  const writeAll = async (buf: Uint8Array, at: number) => {
    let done = 0
    while (done < buf.length) done += (await fh.write(buf, done, buf.length - done, at + done)).bytesWritten
  }
  return {
    put: async (buf) => {
      await last
      last = writeAll(buf, pos)
      last.catch(() => undefined) // handled here; its failure still rejects the next put() or done()
      pos += buf.length
    },
    done: () => last,
    bytes: () => pos,
  }
}
