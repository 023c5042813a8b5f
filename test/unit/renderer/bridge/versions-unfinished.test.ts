/**
 * Work main's journal found cut off when Booth last stopped: the window asks for it per job (after a
 * reload, or in a new desktop window), shows it by take until dismissed (dismissing tells main), and when
 * the page itself lived through the stop it does not say the same thing a second time from its own memory.
 */
import { describe, expect, it } from 'vitest'
import type { HostPresence } from '../../../../shared/bridge'
import type { UnfinishedWorkNote } from '../../../../shared/bridge-versions'
import type { VersionsView } from '../../../../shared/versions/types'
import { BridgeCallError, HOST_GONE_MESSAGE } from '../../../../renderer/src/bridge/http-transport'
import { createVersionsStore, takeWork } from '../../../../renderer/src/takes/versions/versions-store'
import { fakeBridge, settle } from '../support/fake-bridge'

const NOTE: UnfinishedWorkNote = {
  takeId: 'tk1',
  jobId: '42',
  what: 'pickup',
  message: 'The pickup placed before Booth stopped was not finished; take 3 is at version 1.',
}
const view: VersionsView = {
  takeId: 'tk1',
  jobId: '42',
  takeNumber: 3,
  current: 1,
  versions: [{ number: 1, created_at: '2020-01-01T00:00:00.000Z' } as VersionsView['versions'][number]],
}

describe("main's notes of unfinished work in the window", () => {
  it('are asked for once per job, shown by take, and dismissed on disk too', async () => {
    let notes = [NOTE]
    const dismissed: string[] = []
    let asked = 0
    const bridge = fakeBridge({
      listUnfinishedWork: async ({ jobId }: { jobId: string }) => {
        asked++
        return notes.filter((n) => n.jobId === jobId)
      },
      dismissUnfinishedWork: async ({ takeId }: { takeId: string }) => {
        dismissed.push(takeId)
        notes = []
        return null
      },
    } as never)
    const { store } = createVersionsStore(bridge.api, () => undefined)
    // Every take row of the job asks as it mounts: one question goes to main.
    await Promise.all([store.getState().loadUnfinished('42'), store.getState().loadUnfinished('42')])
    expect(asked).toBe(1)
    expect(store.getState().unfinished).toEqual({ tk1: NOTE })
    await store.getState().dismissUnfinished('tk1')
    expect(dismissed).toEqual(['tk1'])
    expect(store.getState().unfinished).toEqual({})
    await store.getState().loadUnfinished('42')
    expect(store.getState().unfinished).toEqual({})
  })

  it("a page that lived through the stop says it once: main's note, not its own as well", async () => {
    const fns = new Set<(p: HostPresence) => void>()
    const bridge = fakeBridge({
      onPresence: ((fn: (p: HostPresence) => void) => {
        fns.add(fn)
        return () => fns.delete(fn)
      }) as never,
      makePickupVersion: async () => {
        throw new BridgeCallError('unavailable', HOST_GONE_MESSAGE)
      },
      listVersions: async () => view,
      listUnfinishedWork: async () => [NOTE],
    } as never)
    const { store } = createVersionsStore(bridge.api, () => undefined)
    await store.getState().placePickups('tk1', ['p2'])
    fns.forEach((fn) => fn('down'))
    fns.forEach((fn) => fn('up'))
    await settle()
    expect(store.getState().unfinished['tk1']?.message).toBe(NOTE.message)
    expect(store.getState().notice[takeWork('tk1')]).toBeUndefined()
  })
})
