// When a WAV's stated data length is trusted and when ffmpeg must read to the end of the file. Large
// files are sparse (a header, a stated size, and a hole), so a 2-4 GiB take costs no disk here.
import { open, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { wavLengthUntrusted } from '../../../main/media/wav-stated-length'
import { makeTempDir } from '../../support/audio-fixtures'

let dir = ''
let cleanup: () => Promise<void> = async () => {}
beforeAll(async () => {
  ;({ dir, cleanup } = await makeTempDir())
})
afterAll(() => cleanup())

/** A 44-byte PCM header stating `stated` data bytes, `actual` bytes of (sparse) audio, then `after`. */
async function wav(name: string, stated: number, actual: number, after: Buffer = Buffer.alloc(0)): Promise<string> {
  const head = Buffer.alloc(44)
  head.write('RIFF', 0, 'latin1')
  head.writeUInt32LE(Math.min(0xffffffff, 36 + stated + after.length), 4)
  head.write('WAVEfmt ', 8, 'latin1')
  head.writeUInt32LE(16, 16)
  head.writeUInt16LE(1, 20)
  head.writeUInt16LE(1, 22)
  head.writeUInt32LE(48_000, 24)
  head.writeUInt32LE(48_000 * 3, 28)
  head.writeUInt16LE(3, 32)
  head.writeUInt16LE(24, 34)
  head.write('data', 36, 'latin1')
  head.writeUInt32LE(stated, 40)
  const file = join(dir, `${name}.wav`)
  await writeFile(file, head)
  const fh = await open(file, 'r+')
  try {
    await fh.truncate(44 + actual)
    if (after.length) await fh.write(after, 0, after.length, 44 + actual)
  } finally {
    await fh.close()
  }
  return file
}

const LIST = Buffer.concat([Buffer.from('LIST', 'latin1'), Buffer.from([4, 0, 0, 0]), Buffer.from('INFO', 'latin1')])
const GIB = 1024 ** 3

describe('wavLengthUntrusted', () => {
  it('trusts a stated length that ends the file, or is followed by metadata chunks', async () => {
    expect(await wavLengthUntrusted(await wav('exact', 30_000, 30_000))).toBe(false)
    expect(await wavLengthUntrusted(await wav('list-after', 30_000, 30_000, LIST))).toBe(false)
  })

  it('trusts a stated length followed by a tag, a stray byte or a metadata chunk whose size is impossible', async () => {
    const tag = Buffer.alloc(128)
    tag.write('TAGNorthstar spot', 0, 'latin1')
    const brokenList = Buffer.concat([
      Buffer.from('LIST', 'latin1'),
      Buffer.from([0, 0, 0xff, 0x7f]),
      Buffer.from('INFOISFT', 'latin1'),
    ])
    expect(await wavLengthUntrusted(await wav('id3v1-after', 30_000, 30_000, tag))).toBe(false)
    expect(await wavLengthUntrusted(await wav('stray-after', 30_000, 30_000, Buffer.from([0x5a])))).toBe(false)
    expect(await wavLengthUntrusted(await wav('broken-list-after', 30_000, 30_000, brokenList))).toBe(false)
  })

  it('reads to the end when the length is 0, a placeholder, or less than the audio that follows', async () => {
    expect(await wavLengthUntrusted(await wav('zero', 0, 30_000))).toBe(true)
    expect(await wavLengthUntrusted(await wav('ff', 0xffffffff, 30_000))).toBe(true)
    expect(await wavLengthUntrusted(await wav('near-2gib', 0x7fffffff - 36, 30_000))).toBe(true)
    expect(await wavLengthUntrusted(await wav('stale', 3_000, 30_000))).toBe(true)
  })

  it('reports a plausible length past the end as cut short (not read as whole)', async () => {
    expect(await wavLengthUntrusted(await wav('cut', 30_000, 10_000))).toBe(false)
  })

  it('trusts a real take of 2-4 GiB whose header is right, with or without metadata after it', async () => {
    const big = Math.floor((2.5 * GIB) / 6) * 6 // whole 24-bit frames, and even (no pad byte before the next chunk)
    expect(await wavLengthUntrusted(await wav('big-exact', big, big))).toBe(false)
    expect(await wavLengthUntrusted(await wav('big-list', big, big, LIST))).toBe(false)
    // The same size with audio (not a chunk) after it: the header is stale, read on.
    expect(await wavLengthUntrusted(await wav('big-stale', big, big + 3 * 48_000))).toBe(true)
  })
})
