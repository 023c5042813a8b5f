import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bufferSource, walkWav } from '../../../main/media/wav-chunks'
import { settleWavCopy, WavCopyError } from '../../../main/media/wav-copy-header'
import { buildWavHeader } from '../../../main/media/wav-header'
import { claimSeconds, soxTone, streamed, tone } from '../takes/helpers/damaged-wav'
import { ffprobe } from '../takes/helpers/media'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'booth-settle-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

const write = async (name: string, bytes: Buffer) => {
  const path = join(dir, name)
  await writeFile(path, bytes)
  return path
}

describe("settleWavCopy: Booth's copy gets a header that states what it holds", () => {
  it('leaves an exact file byte for byte as it was', async () => {
    const path = join(dir, 'exact.wav')
    await tone(path, 1)
    const before = await readFile(path)
    expect(await settleWavCopy(path, 'exact.wav')).toMatchObject({ sizeState: 'exact', durationS: 1 })
    expect((await readFile(path)).equals(before)).toBe(true)
  })

  it('gives a streamed 8-bit sox file of odd length its sizes and its pad byte, cutting nothing of the audio', async () => {
    const src = join(dir, 'sox8.wav')
    await soxTone(src, 1, ['-b', '8', '-r', '8001'])
    const whole = await readFile(src)
    const noPad = whole.subarray(0, whole.length - 1) // streamed writers never pad
    const path = await write('sox8-streamed.wav', streamed(Buffer.from(noPad), 0))
    const settled = await settleWavCopy(path, 'sox8-streamed.wav')
    expect(settled).toMatchObject({ sizeState: 'streamed', dataBytes: 8001 })
    const after = await readFile(path)
    expect(after.length).toBe(whole.length)
    expect(await walkWav(bufferSource(after))).toMatchObject({ ok: true, sizeState: 'exact', dataBytes: 8001 })
    expect((await ffprobe(path)).durationS).toBeCloseTo(1, 3)
  })

  it('writes the real sizes into the ds64 of a streamed RF64 file', async () => {
    const audio = Buffer.alloc(96_000 * 2 + 1) // 2 s and a stray byte
    const head = buildWavHeader(
      { sampleRate: 48_000, channels: 1, bitsPerSample: 16 },
      { dataBytes: 0, padded: false, rf64: true },
    )
    const path = await write('rf64-streamed.wav', Buffer.concat([head, audio]))
    await settleWavCopy(path, 'rf64-streamed.wav')
    const after = await readFile(path)
    expect(after.length).toBe(80 + 96_000 * 2)
    expect(after.readBigUInt64LE(28)).toBe(BigInt(96_000 * 2))
    expect(await walkWav(bufferSource(after))).toMatchObject({
      ok: true,
      container: 'RF64',
      sizeState: 'exact',
      durationS: 2,
    })
    expect((await ffprobe(path)).durationS).toBeCloseTo(2, 3)
  })

  it('keeps the declared length it found, for the notice', async () => {
    const src = join(dir, 'ten.wav')
    await tone(src, 10)
    const path = await write('short.wav', claimSeconds(await readFile(src), 1, 96_000))
    expect(await settleWavCopy(path, 'short.wav')).toMatchObject({
      sizeState: 'longer_than_header',
      declaredDurationS: 1,
      durationS: 10,
    })
    expect((await ffprobe(path)).durationS).toBeCloseTo(10, 3)
  })

  it('refuses a copy that is not a WAV Booth can read, naming it', async () => {
    const path = await write('text.wav', Buffer.from('hello, this is not audio at all'))
    await expect(settleWavCopy(path, 'text.wav')).rejects.toThrow(WavCopyError)
    await expect(settleWavCopy(path, 'text.wav')).rejects.toThrow('"text.wav" is not a WAV file')
  })
})
