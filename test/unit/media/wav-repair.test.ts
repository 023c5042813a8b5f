import { spawn } from 'node:child_process'
import { copyFile, mkdtemp, open, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { HEADER_BYTES } from '../../../main/media/wav-header'
import { repairWav } from '../../../main/media/wav-repair'
import { openWavWriter } from '../../../main/media/wav-writer'
import { decodeFloat, ffprobe, makeTone, tone, toneChunk } from '../takes/helpers/media'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'booth-repair-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const child = fileURLToPath(new URL('../takes/fixtures/record-until-killed.ts', import.meta.url))

/** Runs the recording child until it reports `seconds` of audio sent, then SIGKILLs it. Returns frames sent. */
function recordThenKill(path: string, seconds: number, channels: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', child, path, String(channels)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let sent = 0
    let err = ''
    proc.stderr.on('data', (d: Buffer) => (err += d.toString()))
    proc.stdout.setEncoding('utf8')
    proc.stdout.on('data', (text: string) => {
      const last = /sent (\d+)\n(?![\s\S]*sent)/.exec(text)
      if (last) sent = Number(last[1])
      if (sent >= seconds * 48000 && !proc.killed) proc.kill('SIGKILL')
    })
    proc.on('exit', (code, signal) =>
      signal === 'SIGKILL' ? resolve(sent) : reject(new Error(`child exited ${code}: ${err}`)),
    )
  })
}

async function makeRecording(path: string, seconds: number) {
  const w = await openWavWriter(path, { sampleRate: 48000, channels: 1 })
  for (let f = 0; f < seconds * 48000; f += 960) w.write(toneChunk(f, 960, 1))
  await w.close()
}

describe('repairWav', () => {
  it('recovers all but at most ~1 s of a recording whose process was SIGKILLed', async () => {
    const path = join(dir, 'killed.wav')
    const sent = await recordThenKill(path, 3.4, 2) // not on a sync boundary: a writer that held more than ~1 s would fail
    const before = await readFile(path)
    const claimedBefore = before.readUInt32LE(76) / 6
    // The header was being patched as the audio arrived: even unrepaired, it is at most ~1 s behind.
    expect(claimedBefore).toBeGreaterThan(0)
    expect(sent - claimedBefore).toBeLessThanOrEqual(48000 * 1.05)

    const result = await repairWav(path)
    const lostS = (sent - result.frames) / 48000
    expect(lostS).toBeLessThanOrEqual(1.0)
    expect(lostS).toBeGreaterThanOrEqual(-0.1) // a chunk or two may follow the last report before the kill lands
    const f = await ffprobe(path)
    expect(f).toMatchObject({ codec: 'pcm_s24le', channels: 2, sampleRate: 48000 })
    expect(f.durationS).toBeCloseTo(result.durationS, 3)
    const decoded = await decodeFloat(path)
    expect(decoded.length).toBe(result.frames * 2)
    const lastFrame = result.frames - 1
    expect(decoded[2 * lastFrame]).toBeCloseTo(tone(lastFrame, 0), 6) // the audio is the audio that was sent
    expect(decoded[2 * lastFrame + 1]).toBeCloseTo(tone(lastFrame, 1), 6)
  }, 20_000)

  it('measures the audio from the real file size and cuts a partial last frame', async () => {
    const path = join(dir, 'cut.wav')
    await makeRecording(path, 1)
    // Simulate a crash before the header was patched, with a frame cut in half.
    const fh = await open(path, 'r+')
    const zero = Buffer.alloc(4)
    await fh.write(zero, 0, 4, 76)
    await fh.write(zero, 0, 4, 4)
    await fh.close()
    await truncate(path, HEADER_BYTES + 30000 * 3 + 2)
    const r = await repairWav(path)
    expect(r).toMatchObject({
      frames: 30000,
      cutBytes: 2,
      claimedDataBytes: 0,
      changed: true,
      rf64: false,
      channels: 1,
      bitsPerSample: 24,
    })
    expect((await stat(path)).size).toBe(HEADER_BYTES + 90000) // even: no pad byte needed
    expect((await ffprobe(path)).durationS).toBeCloseTo(0.625, 4)
    expect((await decodeFloat(path)).length).toBe(30000)
  })

  it('adds the pad byte to odd-length audio, and leaves an intact file unchanged', async () => {
    const path = join(dir, 'odd.wav')
    await makeRecording(path, 1)
    await truncate(path, HEADER_BYTES + 3001 * 3)
    expect((await repairWav(path)).dataBytes).toBe(9003)
    expect((await stat(path)).size).toBe(HEADER_BYTES + 9004)
    const again = await repairWav(path)
    expect(again.changed).toBe(false)
    expect(again.frames).toBe(3001)
  })

  it('repairs past the (injected) RF64 limit into RF64 in place', async () => {
    const path = join(dir, 'rf64.wav')
    await makeRecording(path, 1) // 144 000 bytes of audio
    const r = await repairWav(path, { rf64ThresholdBytes: 50_000 })
    expect(r.rf64).toBe(true)
    const head = await readFile(path)
    expect(head.toString('ascii', 0, 4)).toBe('RF64')
    expect(head.toString('ascii', 12, 16)).toBe('ds64')
    const f = await ffprobe(path)
    expect(f.durationS).toBeCloseTo(1, 3)
  })

  it('repairs an RF64 take cut off mid-recording', async () => {
    const path = join(dir, 'rf64cut.wav')
    const w = await openWavWriter(path, {
      sampleRate: 48000,
      channels: 1,
      rf64ThresholdBytes: 50_000,
      syncIntervalS: 0.1,
    })
    for (let f = 0; f < 48000; f += 960) w.write(toneChunk(f, 960, 1))
    await w.drain() // the writer is never closed: as if killed here
    const copy = join(dir, 'rf64copy.wav')
    await copyFile(path, copy)
    await w.abort()
    await truncate(copy, HEADER_BYTES + 40000 * 3)
    const r = await repairWav(copy, { rf64ThresholdBytes: 50_000 })
    expect(r.frames).toBe(40000)
    expect(r.claimedDataBytes).toBe(48000 * 3)
    expect((await ffprobe(copy)).durationS).toBeCloseTo(40000 / 48000, 3)
  })

  it('refuses, untouched, files it cannot or should not repair', async () => {
    const text = join(dir, 'notes.wav')
    await writeFile(text, 'this is not audio at all, only words')
    await expect(repairWav(text)).rejects.toThrow(/is not a WAV file/)
    expect(await readFile(text, 'utf8')).toBe('this is not audio at all, only words')

    const foreign = join(dir, 'ffmpeg.wav')
    await makeTone(foreign, 0.2)
    const bytes = await readFile(foreign)
    await expect(repairWav(foreign)).rejects.toThrow(/not written by Booth's recorder/)
    expect((await readFile(foreign)).equals(bytes)).toBe(true)

    const tiny = join(dir, 'tiny.wav')
    await writeFile(tiny, 'RIFF')
    await expect(repairWav(tiny)).rejects.toThrow(/too short/)
    await expect(repairWav(join(dir, 'nope.wav'))).rejects.toThrow(/no take file/)
  })
})
