/**
 * Stop does not wait for the answer to an append still on its way: it says how many appends the page sent,
 * and main writes one that arrives after Stop before Stop's own samples, so the take holds every sample in
 * its order. An append that never arrives holds Stop no longer than LATE_APPEND_WAIT_MS. Each fails when
 * Stop writes what it has as soon as it arrives (the late chunk refused, or written after Stop's samples).
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LATE_APPEND_WAIT_MS } from '../../../main/takes/recording-handlers'
import { takeArea, tempDir, SwitchableOnline } from '../delivery/delivery-fixture'

const JOB = '42'
const RATE = 48_000
let work: Awaited<ReturnType<typeof tempDir>>
beforeAll(async () => {
  work = await tempDir('booth-stop-append-')
})
// The ffmpeg reference pass starts 300 ms after each Stop and writes beside the take: removed once it is done.
afterAll(async () => {
  for (let i = 0; ; i++) {
    try {
      return await work.remove()
    } catch (err) {
      if (i >= 40) throw err
      await new Promise((r) => setTimeout(r, 250))
    }
  }
})

/** A 220 Hz tone's samples from frame `offset` on. */
function tone(frames: number, offset: number): Float32Array {
  return Float32Array.from({ length: frames }, (_, i) => 0.3 * Math.sin((2 * Math.PI * 220 * (offset + i)) / RATE))
}
const b64 = (pcm: Float32Array) => Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength).toString('base64')

/** The 24-bit mono samples of a WAV's data chunk, as floats. */
async function wavSamples(path: string): Promise<Float32Array> {
  const bytes = await readFile(path)
  let at = 12
  while (at + 8 <= bytes.length && bytes.toString('ascii', at, at + 4) !== 'data') at += 8 + bytes.readUInt32LE(at + 4)
  const size = bytes.readUInt32LE(at + 4)
  const data = bytes.subarray(at + 8, at + 8 + size)
  return Float32Array.from({ length: data.length / 3 }, (_, i) => data.readIntLE(i * 3, 3) / 8_388_608)
}

async function started(name: string) {
  const dataDir = join(work.path, name)
  const made = takeArea({ dataDir, url: () => null, online: new SwitchableOnline(false) })
  await made.area.start()
  const { takeId } = await made.area.handlers.startRecording({ jobId: JOB, sampleRate: RATE, channels: 1 })
  const wav = async () =>
    join(
      dataDir,
      'takes',
      JOB,
      (await made.area.handlers.listTakes({ jobId: JOB })).takes.find((t) => t.id === takeId)?.file_name ?? '',
    )
  return { ...made, takeId, wav }
}

describe('Stop with an append still on its way', () => {
  it('writes the late append before Stop’s own samples: every sample, in order', async () => {
    const { area, takeId, wav } = await started('late')
    const part = 4_800
    await area.handlers.appendRecording({ takeId, pcmBase64: b64(tone(part, 0)) })
    // Stop leaves with the third block, saying two appends were sent; the second arrives 80 ms later.
    const stopping = area.handlers.stopRecording({ takeId, pcmBase64: b64(tone(part, 2 * part)), appended: 2 })
    await new Promise((r) => setTimeout(r, 80))
    await area.handlers.appendRecording({ takeId, pcmBase64: b64(tone(part, part)) })
    const take = await stopping
    expect(take.state).toBe('ready')
    const got = await wavSamples(await wav())
    const want = tone(3 * part, 0)
    expect(got.length).toBe(want.length)
    let worst = 0
    for (let i = 0; i < want.length; i++) worst = Math.max(worst, Math.abs((got[i] as number) - (want[i] as number)))
    expect(worst).toBeLessThan(1e-5)
  })

  it('an append that never comes holds Stop at most LATE_APPEND_WAIT_MS; the take keeps what arrived', async () => {
    const { area, takeId, wav } = await started('lost')
    await area.handlers.appendRecording({ takeId, pcmBase64: b64(tone(4_800, 0)) })
    const t0 = Date.now()
    const take = await area.handlers.stopRecording({ takeId, pcmBase64: b64(tone(4_800, 9_600)), appended: 2 })
    const waited = Date.now() - t0
    expect(take.state).toBe('ready')
    expect(waited).toBeGreaterThanOrEqual(LATE_APPEND_WAIT_MS - 50)
    expect((await wavSamples(await wav())).length).toBe(9_600)
  })

  it('Stop after every append was answered does not wait at all', async () => {
    const { area, takeId } = await started('none-late')
    await area.handlers.appendRecording({ takeId, pcmBase64: b64(tone(4_800, 0)) })
    const t0 = Date.now()
    await area.handlers.stopRecording({ takeId, appended: 1 })
    expect(Date.now() - t0).toBeLessThan(LATE_APPEND_WAIT_MS)
  })
})
