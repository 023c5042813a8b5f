/**
 * "Cut the removed lines" through the bridge calls, on a real take store: a take read from the job's
 * current script has no removed line to offer, and asking to cut anyway is refused in a plain sentence
 * with nothing written (the take stays at version 1). The cut itself, on real speech, is
 * removed-lines-real.test.ts and, from the window, test/e2e/revision-removed-lines.spec.ts.
 */
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { versionCalls } from '../../../shared/bridge-versions'
import { tempDir } from '../delivery/delivery-fixture'
import { versionedTake, type VersionedTake } from './helpers/versioned-take'

let work: Awaited<ReturnType<typeof tempDir>>
let vt: VersionedTake

beforeAll(async () => {
  work = await tempDir('booth-removed-line-calls-')
  vt = await versionedTake(join(work.path, 'data'))
}, 60_000)
afterAll(async () => {
  await work.remove()
})

describe('the removed-lines calls on a take read from the current script', () => {
  it('lists no removed line', async () => {
    const view = await vt.area.handlers.listRemovedLines(
      versionCalls.listRemovedLines({ takeId: vt.take.id }, 'listRemovedLines'),
    )
    expect(view).toMatchObject({ takeId: vt.take.id, lines: [] })
  })

  it('refuses to cut, in words, and writes nothing', async () => {
    await expect(
      vt.area.handlers.cutRemovedLines(versionCalls.cutRemovedLines({ takeId: vt.take.id }, 'cutRemovedLines')),
    ).rejects.toThrow('The current script removes no line that Take 1 was read from, so there is nothing to cut.')
    expect((await vt.fresh()).current_version ?? 1).toBe(1)
  })
})
