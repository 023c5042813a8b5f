/**
 * The ffmpeg reference pass that follows Stop (REFERENCE_PASS_DELAY_MS later) belongs to the take: when
 * the takes area stops (Booth quitting) right after a Stop, that pass runs and ends first, so the take
 * keeps the reference figures and no take file is written after the area has stopped.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REFERENCE_PASS_DELAY_MS } from '../../../main/takes/recording-handlers'
import { SwitchableOnline, takeArea, tempDir } from '../delivery/delivery-fixture'

let work: Awaited<ReturnType<typeof tempDir>>
beforeAll(async () => {
  work = await tempDir('booth-stop-settles-')
})
afterAll(() => work.remove())

/** Every take file under `dir` with its content (not the short-lived lock files), so a later write shows. */
async function snapshot(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.parentPath.includes('.locks')) continue
    const path = join(entry.parentPath, entry.name)
    out.set(path, (await readFile(path)).toString('base64'))
  }
  return out
}

describe('stopping the takes area right after a Stop', () => {
  it('finishes the take’s reference pass first; nothing is written afterwards', async () => {
    const dataDir = join(work.path, 'quit')
    const { area } = takeArea({ dataDir, url: () => null, online: new SwitchableOnline(false) })
    await area.start()
    const { takeId } = await area.handlers.startRecording({ jobId: '42', sampleRate: 48_000, channels: 1 })
    const pcm = Float32Array.from({ length: 48_000 }, (_, i) => 0.3 * Math.sin((2 * Math.PI * 220 * i) / 48_000))
    await area.handlers.appendRecording({ takeId, pcmBase64: Buffer.from(pcm.buffer).toString('base64') })
    // Each reference pass, as it starts and ends.
    const passes: string[] = []
    const remeasure = area.store.remeasure.bind(area.store)
    area.store.remeasure = async (id: string) => {
      passes.push(`start ${id}`)
      try {
        return await remeasure(id)
      } finally {
        passes.push(`end ${id}`)
      }
    }
    await area.handlers.stopRecording({ takeId })
    await area.stop()
    expect(passes).toEqual([`start ${takeId}`, `end ${takeId}`])
    const after = await snapshot(dataDir)
    expect((await area.store.get(takeId)).preflight?.duration_s).toBeCloseTo(1, 2)
    await new Promise((r) => setTimeout(r, REFERENCE_PASS_DELAY_MS + 1_500))
    expect(passes).toHaveLength(2)
    expect(await snapshot(dataDir)).toEqual(after)
  }, 30_000)
})
