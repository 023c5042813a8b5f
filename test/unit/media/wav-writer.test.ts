import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { HEADER_BYTES } from '../../../main/media/wav-header'
import { openWavWriter, WavWriterError } from '../../../main/media/wav-writer'
import { decodeFloat, ffprobe, tone, toneChunk } from '../takes/helpers/media'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'booth-wav-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** Writes `seconds` of tone in `chunkMs` chunks and closes. */
async function writeTone(path: string, seconds: number, channels: number, sampleRate = 48000, extra = {}) {
  const w = await openWavWriter(path, { sampleRate, channels, ...extra })
  const chunkFrames = Math.round(sampleRate * 0.02)
  const total = Math.round(seconds * sampleRate)
  for (let f = 0; f < total; f += chunkFrames)
    w.write(toneChunk(f, Math.min(chunkFrames, total - f), channels, sampleRate))
  return { writer: w, stats: await w.close(), total }
}

describe('openWavWriter', () => {
  it('writes a 24-bit mono WAV that ffprobe reads with the right format and length, samples intact', async () => {
    const path = join(dir, 'mono.wav')
    const { stats, total } = await writeTone(path, 1.37, 1)
    expect(stats.frames).toBe(total)
    const f = await ffprobe(path)
    expect(f).toMatchObject({
      formatName: 'wav',
      codec: 'pcm_s24le',
      sampleRate: 48000,
      channels: 1,
      bitsPerSample: 24,
    })
    expect(f.durationS).toBeCloseTo(total / 48000, 3)
    const decoded = await decodeFloat(path)
    expect(decoded.length).toBe(total)
    for (const i of [0, 1, 777, 48000, total - 1]) expect(decoded[i]).toBeCloseTo(tone(i), 6)
    // odd number of data bytes (65760 frames * 3) → one pad byte, RIFF size counts it
    const bytes = await readFile(path)
    expect(bytes.length).toBe(HEADER_BYTES + total * 3 + ((total * 3) % 2))
    expect(bytes.readUInt32LE(4)).toBe(bytes.length - 8)
  })

  it('writes interleaved stereo at the device rate (44.1 kHz)', async () => {
    const path = join(dir, 'stereo.wav')
    const { total } = await writeTone(path, 0.5, 2, 44100)
    const f = await ffprobe(path)
    expect(f).toMatchObject({ codec: 'pcm_s24le', sampleRate: 44100, channels: 2, bitsPerSample: 24 })
    const decoded = await decodeFloat(path)
    expect(decoded.length).toBe(total * 2)
    expect(decoded[2 * 1000]).toBeCloseTo(tone(1000, 0, 44100), 6)
    expect(decoded[2 * 1000 + 1]).toBeCloseTo(tone(1000, 1, 44100), 6)
  })

  it('keeps the header current while recording, so the file is readable before it is closed', async () => {
    const path = join(dir, 'live.wav')
    const w = await openWavWriter(path, { sampleRate: 48000, channels: 1, syncIntervalS: 0.2 }) // 0.2 s = 10 chunks of 20 ms
    for (let i = 0; i < 50; i++) w.write(toneChunk(i * 960, 960, 1)) // 1.0 s
    await w.drain()
    const f = await ffprobe(path) // the writer is still open
    expect(f.durationS).toBeCloseTo(1.0, 3)
    expect(w.queuedBytes).toBe(0)
    w.write(toneChunk(48000, 960, 1)) // below the sync interval: collected, not yet written
    expect(w.queuedBytes).toBe(960 * 3)
    await w.close()
    expect((await ffprobe(path)).durationS).toBeCloseTo(1.02, 3)
  })

  it('upgrades to RF64 in place past the (injected) size limit, and ffprobe reads the RF64 file', async () => {
    const path = join(dir, 'big.wav')
    const limit = 100_000 // instead of 4 GiB: 0.75 s of 48 kHz stereo 24-bit crosses it
    const w = await openWavWriter(path, {
      sampleRate: 48000,
      channels: 2,
      rf64ThresholdBytes: limit,
      syncIntervalS: 0.1,
    })
    for (let i = 0; i < 10; i++) w.write(toneChunk(i * 960, 960, 2)) // 0.2 s = 57 600 bytes
    await w.drain()
    let head = await readFile(path)
    expect(head.toString('ascii', 0, 4)).toBe('RIFF')
    expect(head.toString('ascii', 12, 16)).toBe('JUNK')
    for (let i = 10; i < 50; i++) w.write(toneChunk(i * 960, 960, 2)) // 1.0 s in all
    const stats = await w.close()
    expect(stats.rf64).toBe(true)
    head = await readFile(path)
    const dataBytes = 48000 * 2 * 3
    expect(head.toString('ascii', 0, 4)).toBe('RF64')
    expect(head.readUInt32LE(4)).toBe(0xffffffff)
    expect(head.toString('ascii', 12, 16)).toBe('ds64')
    expect(Number(head.readBigUInt64LE(20))).toBe(head.length - 8)
    expect(Number(head.readBigUInt64LE(28))).toBe(dataBytes)
    expect(Number(head.readBigUInt64LE(36))).toBe(48000)
    expect(head.readUInt32LE(76)).toBe(0xffffffff)
    expect(head.length).toBe(HEADER_BYTES + dataBytes) // audio was not moved
    const f = await ffprobe(path)
    expect(f).toMatchObject({ codec: 'pcm_s24le', channels: 2, sampleRate: 48000 })
    expect(f.durationS).toBeCloseTo(1.0, 3)
    const decoded = await decodeFloat(path)
    expect(decoded.length).toBe(96000)
    expect(decoded[2 * 40000 + 1]).toBeCloseTo(tone(40000, 1), 6)
  })

  it('returns the live level of each chunk and totals clipped samples', async () => {
    const w = await openWavWriter(join(dir, 'lvl.wav'), { sampleRate: 48000, channels: 1 })
    const quiet = w.write(new Float32Array(960).fill(0.01))
    expect(quiet.peakDbfs).toBeCloseTo(-40, 3)
    expect(quiet.rmsDbfs).toBeCloseTo(-40, 3)
    const hot = new Float32Array(960).fill(0.3)
    hot[10] = 1.4
    hot[11] = -1.2
    expect(w.write(hot).clippedSamples).toBe(2)
    const stats = await w.close()
    expect(stats.clippedSamples).toBe(2)
    expect(stats.peakDbfs).toBe(0)
  })

  it('refuses bad options, bad chunks, an existing file, and writing after close, with clear messages', async () => {
    const path = join(dir, 'x.wav')
    await expect(openWavWriter(path, { sampleRate: 0, channels: 1 })).rejects.toThrow(/Sample rate must be/)
    await expect(openWavWriter(path, { sampleRate: 48000, channels: 0 })).rejects.toThrow(/Channel count/)
    await expect(openWavWriter(path, { sampleRate: 48000, channels: 1, rf64ThresholdBytes: 10 })).rejects.toThrow(
      /rf64ThresholdBytes/,
    )
    await writeFile(join(dir, 'taken.wav'), 'keep me')
    await expect(openWavWriter(join(dir, 'taken.wav'), { sampleRate: 48000, channels: 1 })).rejects.toThrow(
      /already exists/,
    )
    expect(await readFile(join(dir, 'taken.wav'), 'utf8')).toBe('keep me')

    const w = await openWavWriter(path, { sampleRate: 48000, channels: 2 })
    expect(() => w.write(new Float32Array(3))).toThrow(/whole frames of 2 channels/)
    expect(() => w.write([0, 0] as unknown as Float32Array)).toThrow(WavWriterError)
    await w.close()
    expect(() => w.write(new Float32Array(2))).toThrow(/already finished/)
    await expect(w.close()).rejects.toThrow(/already closed/)
  })

  it('abort stops and deletes the file', async () => {
    const path = join(dir, 'gone.wav')
    const w = await openWavWriter(path, { sampleRate: 48000, channels: 1, syncIntervalS: 0.02 })
    for (let i = 0; i < 10; i++) w.write(toneChunk(i * 960, 960, 1))
    await w.abort()
    await expect(stat(path)).rejects.toMatchObject({ code: 'ENOENT' })
    expect(() => w.write(new Float32Array(1))).toThrow(/cancelled/)
  })

  it('reports a failed disk write at the next write and at close instead of losing it silently', async () => {
    const path = join(dir, 'fail.wav')
    const w = await openWavWriter(path, { sampleRate: 48000, channels: 1, syncIntervalS: 0.02 })
    // Close the underlying descriptor behind the writer's back: the next disk write fails (EBADF).
    const fh = (w as unknown as { fh: { close(): Promise<void> } }).fh
    await fh.close()
    w.write(toneChunk(0, 960, 1))
    await expect(w.drain()).rejects.toThrow(/writing .* failed/)
    expect(() => w.write(toneChunk(960, 960, 1))).toThrow(/Recording to .* stopped/)
  })
})
