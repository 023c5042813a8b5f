/**
 * writeBehind: blocks land in order at consecutive offsets, a put() returns while its write is still under
 * way but only after the write before it has finished, short writes are continued, and a failed write is
 * reported by the next put() or done() (never as an unhandled rejection). A render that fails with writes
 * under way leaves no file behind.
 */
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { renderEditList } from '../../../main/versions/render/render-edit-list'
import { openWavSource, type WavSource } from '../../../main/media/wav-source'
import { writeBehind } from '../../../main/versions/render/write-behind'
import type { EditList } from '../../../shared/versions/edit-list'
import { makeTempDir } from '../../support/audio-fixtures'
import { writeGeneratedWav } from './helpers/generated-wav'

interface Call {
  buf: Uint8Array
  offset: number
  length: number
  position: number
  finish: (bytesWritten?: number) => void
  fail: (err: Error) => void
}

/** A file handle whose writes end only when the test says so. */
function fakeFile() {
  const calls: Call[] = []
  const file = new Uint8Array(64)
  const fh = {
    write: (buf: Uint8Array, offset: number, length: number, position: number) =>
      new Promise<{ bytesWritten: number; buffer: Uint8Array }>((resolve, reject) => {
        calls.push({
          buf,
          offset,
          length,
          position,
          fail: reject,
          finish: (n = length) => {
            file.set(buf.subarray(offset, offset + n), position)
            resolve({ bytesWritten: n, buffer: buf })
          },
        })
      }),
  }
  return { calls, file, fh: fh as unknown as Parameters<typeof writeBehind>[0] }
}

const tick = () => new Promise((resolve) => setImmediate(resolve))

describe('writeBehind', () => {
  it('puts blocks one after another, each write overlapping what comes next, short writes continued', async () => {
    const { calls, file, fh } = fakeFile()
    const out = writeBehind(fh)
    await out.put(Uint8Array.from([1, 2, 3]))
    expect(calls).toHaveLength(1) // under way, and put() has returned
    let second = false
    const p2 = out.put(Uint8Array.from([4, 5])).then(() => {
      second = true
    })
    await tick()
    expect(second).toBe(false) // waits for the first write
    expect(calls).toHaveLength(1)
    ;(calls[0] as Call).finish(2) // a short write: the rest follows at the right place
    await tick()
    expect(calls).toHaveLength(2)
    expect(calls[1]).toMatchObject({ offset: 2, length: 1, position: 2 })
    ;(calls[1] as Call).finish()
    await p2
    expect(calls[2]).toMatchObject({ offset: 0, length: 2, position: 3 })
    ;(calls[2] as Call).finish()
    await out.done()
    expect(Array.from(file.subarray(0, 6))).toEqual([1, 2, 3, 4, 5, 0])
    expect(out.bytes()).toBe(5)
  })

  it('reports a failed write at the next put() and at done()', async () => {
    const { calls, fh } = fakeFile()
    const out = writeBehind(fh)
    await out.put(Uint8Array.from([1]))
    ;(calls[0] as Call).fail(new Error('disk full'))
    await tick() // no unhandled rejection in between (vitest fails the run on one)
    await expect(out.put(Uint8Array.from([2]))).rejects.toThrow('disk full')
    await expect(out.done()).rejects.toThrow('disk full')
  })
})

describe('a render that fails half-way', () => {
  it('leaves neither its target nor its partial file, with writes under way when it failed', async () => {
    const { dir, cleanup } = await makeTempDir('booth-render-fail-')
    try {
      const format = { sample_rate: 48_000, channels: 1, encoding: 'pcm_s24' as const }
      const src = await openWavSource(await writeGeneratedWav(join(dir, 'a.wav'), format, 400_000, 3))
      let reads = 0
      const failing: WavSource = {
        ...src,
        readBytes: (from, count, into) =>
          ++reads === 4 ? Promise.reject(new Error('the disk went away')) : src.readBytes(from, count, into),
      }
      const hash = 'a'.repeat(64)
      const list: EditList = {
        format,
        frames: 400_000,
        pieces: [
          {
            source: hash,
            from: 0,
            to: 400_000,
            at: 0,
            gain_db: -3,
            fade_in: { frames: 0, shape: 'linear' },
            fade_out: { frames: 0, shape: 'linear' },
          },
        ],
      }
      await expect(renderEditList(list, new Map([[hash, failing]]), join(dir, 'out.wav'))).rejects.toThrow(
        'the disk went away',
      )
      await src.close()
      expect((await readdir(dir)).sort()).toEqual(['a.wav'])
    } finally {
      await cleanup()
    }
  })
})
