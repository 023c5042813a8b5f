/**
 * "Check again" then Undo while the read-back still runs: the read-back was made for version 2, so when it
 * ends it is kept as version 2's own and never over the restored version 1's (which misreads "today").
 * A real race on a real take store: the read-back service's engine is held at a gate while the undo goes
 * through, then let go. The guard it meets is the one Booth runs (version-readbacks.ts).
 * Also: after the first version, the takes folder lists no false "'versions' has no take record".
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReadbackState } from '../../../shared/bridge-readback'
import { createReadbackArea } from '../../../main/readback/service/readback-handlers'
import { readbackSummary } from '../../../main/versions/store/readback-summary'
import { Gate, gatedEngine, JOB, versionedTake, type VersionedTake } from './helpers/versioned-take'

let dir = ''
let vt: VersionedTake
let readback: ReturnType<typeof createReadbackArea>
const gate = new Gate()

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'booth-readback-race-'))
  vt = await versionedTake(join(dir, 'data'))
  readback = createReadbackArea({
    dataDir: vt.dataDir,
    store: vt.store,
    hub: vt.hub,
    warn: () => undefined,
    getJob: async () => {
      throw new Error('offline')
    },
    service: { engines: () => [gatedEngine(gate)] },
  })
  await readback.start()
}, 60_000)
afterAll(async () => {
  gate.open()
  await readback.stop()
  await rm(dir, { recursive: true, force: true })
})

const clean = (s: { check: Parameters<typeof readbackSummary>[0] } | null) =>
  s ? readbackSummary(s.check).clean : null
const heard = (s: { words: Array<{ word: string }> } | null) => s?.words.map((w) => w.word).join(' ') ?? null
const lastState = (takeId: string) =>
  vt.events.filter((e) => e.event === 'readback' && (e.data as ReadbackState).takeId === takeId).at(-1)?.data as
    ReadbackState | undefined

describe('a read-back belongs to the version it was made for', { timeout: 120_000 }, () => {
  it('Check again on version 2, then Undo while it runs: version 1 keeps its own read-back', async () => {
    const takeId = vt.take.id
    // Version 1's read-back, by the service: it heard "tomorrow" for "today".
    await readback.handlers.runReadback({ takeId })
    await readback.service.whenIdle()
    expect(heard(await vt.readback())).toContain('tomorrow')
    expect(clean(await vt.readback())).toBe(false)

    // Version 2 (a cut), read back clean at once.
    const made = await vt.commitCut(2.5)
    expect(made.version.number).toBe(2)
    expect(made.version.readback?.clean).toBe(true)
    expect(clean(await vt.readback())).toBe(true)
    expect((await vt.store.list(JOB)).damaged).toEqual([])

    // Check again on version 2, held inside the engine; meanwhile the talent undoes to version 1.
    gate.close()
    await readback.handlers.runReadback({ takeId })
    await gate.reached
    const restored = await vt.area.handlers.restoreVersion({ takeId, version: 1 })
    expect(restored.current_version).toBe(1)
    expect(heard(await vt.readback())).toContain('tomorrow')
    gate.open()
    await readback.service.whenIdle()

    // Version 1 still reads "tomorrow" — on disk and on the page — and version 2 kept the new read-back as its own.
    expect((await vt.fresh()).current_version).toBe(1)
    expect(heard(await vt.readback())).toContain('tomorrow')
    expect(clean(await vt.readback())).toBe(false)
    const state = lastState(takeId)
    expect(state?.status).toBe('done')
    expect(heard(state?.result ?? null)).toContain('tomorrow')
    expect(clean(await vt.readback(2))).toBe(true)
    const view = vt.area.versions.view(await vt.fresh())
    expect(view.versions.map((v) => v.readback?.clean)).toEqual([false, true])

    // A new version made from version 1 keeps version 1's own read-back in its record, for good.
    const third = await vt.commitCut(2)
    expect(third.version.made_from).toBe(1)
    const after = await vt.fresh()
    expect(after.versions?.[0]?.readback?.clean).toBe(false)
    expect(heard(await vt.readback(1))).toContain('tomorrow')
    expect((await vt.store.list(JOB)).damaged).toEqual([])
  })

  it('a read-back of the current version is the take’s, as before', async () => {
    const takeId = vt.take.id
    gate.open()
    await readback.handlers.runReadback({ takeId })
    await readback.service.whenIdle()
    expect((await vt.fresh()).current_version).toBe(3)
    expect(clean(await vt.readback())).toBe(true)
    expect(lastState(takeId)?.result?.take_id).toBe(takeId)
  })
})
