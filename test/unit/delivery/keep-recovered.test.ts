/** The keepRecoveredTake call: a take recovered after a crash cannot be delivered until the person keeps it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toneChunk } from '../takes/helpers/media'
import { takeArea, tempDir, waitForEvent } from './delivery-fixture'

let work: Awaited<ReturnType<typeof tempDir>>

beforeAll(async () => {
  work = await tempDir('booth-keep-recovered-')
})
afterAll(async () => {
  await work.remove()
})

describe('keeping a recovered take', () => {
  it('refuses delivery with the reason until the take is kept, then it is an ordinary take', async () => {
    const crashed = takeArea({ dataDir: work.path, url: () => null })
    const rec = await crashed.area.store.record('31', { stem: 'ACME', sampleRate: 48000, channels: 1, spotLengthS: 15 })
    for (let f = 0; f < 24000; f += 960) rec.write(toneChunk(f, 960, 1))
    await rec.drain() // Booth dies here: the take still says "recording"

    const { area, hub } = takeArea({ dataDir: work.path, url: () => null })
    await area.start()
    const take = await area.store.get(rec.take.id)
    expect(take.state).toBe('recovered')
    await expect(area.handlers.deliverTake({ takeId: take.id, label: 'main', note: null })).rejects.toThrow(
      /recovered after a crash; keep it before delivering it/,
    )

    const listed = waitForEvent<{ jobId: string; takes: Array<{ id: string; state: string }> }>(
      hub,
      (e, d) => e === 'takes' && d.takes.some((t) => t.id === take.id && t.state === 'ready'),
    )
    const kept = await area.handlers.keepRecoveredTake({ takeId: take.id })
    expect(kept).toMatchObject({ id: take.id, state: 'ready' })
    expect((await listed).jobId).toBe('31')
    await expect(area.handlers.keepRecoveredTake({ takeId: take.id })).rejects.toThrow(/is not a recovered take/)
    await expect(area.handlers.keepRecoveredTake({ takeId: 'no-such-take' })).rejects.toMatchObject({
      kind: 'not_found',
    })
    await area.stop()
  })
})
