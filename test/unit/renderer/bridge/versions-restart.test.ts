/**
 * Work on a take cut off because Booth stopped (the web host's page): the row says Booth is not running
 * while it is gone, and as soon as Booth answers again that gives way to what did not finish and the
 * version the take is at — or, when the version was made just before Booth stopped, to that.
 */
import { describe, expect, it } from 'vitest'
import type { HostPresence } from '../../../../shared/bridge'
import type { VersionsView } from '../../../../shared/versions/types'
import { BridgeCallError, HOST_GONE_MESSAGE } from '../../../../renderer/src/bridge/http-transport'
import { createVersionsStore, takeWork } from '../../../../renderer/src/takes/versions/versions-store'
import { fakeBridge, settle } from '../support/fake-bridge'

function presence() {
  const fns = new Set<(p: HostPresence) => void>()
  return {
    onPresence: (fn: (p: HostPresence) => void) => {
      fns.add(fn)
      return () => fns.delete(fn)
    },
    set: (p: HostPresence) => fns.forEach((fn) => fn(p)),
  }
}

const view = (current: number, createdAt = '2020-01-01T00:00:00.000Z'): VersionsView => ({
  takeId: 'tk1',
  jobId: '42',
  takeNumber: 3,
  current,
  versions: [{ number: current, created_at: createdAt } as VersionsView['versions'][number]],
})

describe('work cut off by Booth stopping', () => {
  it('says what did not finish, and where the take is, as soon as Booth answers again', async () => {
    const host = presence()
    const refreshed: string[] = []
    const bridge = fakeBridge({
      onPresence: host.onPresence as never,
      makePickupVersion: async () => {
        throw new BridgeCallError('unavailable', HOST_GONE_MESSAGE)
      },
      listVersions: async () => view(1),
    })
    const { store } = createVersionsStore(bridge.api, (j) => refreshed.push(j))
    expect(await store.getState().placePickups('tk1', ['p2'])).toBe(false)
    host.set('down')
    expect(store.getState().notice[takeWork('tk1')]).toEqual({ tone: 'danger', text: HOST_GONE_MESSAGE })
    host.set('up')
    await settle()
    expect(store.getState().notice[takeWork('tk1')]).toEqual({
      tone: 'info',
      text: 'The pickup placed before Booth stopped was not finished; take 3 is at version 1.',
    })
    expect(refreshed).toEqual(['42'])
    // Said once: a later return of Booth changes nothing.
    store.getState().dismiss(takeWork('tk1'))
    host.set('down')
    host.set('up')
    await settle()
    expect(store.getState().notice[takeWork('tk1')]).toBeUndefined()
  })

  it('says a version made just before Booth stopped was made', async () => {
    const host = presence()
    const bridge = fakeBridge({
      onPresence: host.onPresence as never,
      cutRestart: async () => {
        throw new BridgeCallError('unavailable', HOST_GONE_MESSAGE)
      },
      listVersions: async () => view(2, new Date(Date.now() + 1000).toISOString()),
    })
    const { store } = createVersionsStore(bridge.api, () => undefined)
    await store.getState().cutRestart('tk1', { from_s: 1, to_s: 2 })
    host.set('up')
    await settle()
    expect(store.getState().notice[takeWork('tk1')]?.text).toBe(
      'The false start cut was finished just before Booth stopped; take 3 is at version 2.',
    )
  })

  it('a refusal from a running Booth stays what it said', async () => {
    const host = presence()
    const bridge = fakeBridge({
      onPresence: host.onPresence as never,
      makePickupVersion: async () => {
        throw new Error('Pickup 2 reads no sentence of the script.')
      },
    })
    const { store } = createVersionsStore(bridge.api, () => undefined)
    await store.getState().placePickups('tk1', ['p2'])
    host.set('up')
    await settle()
    expect(store.getState().notice[takeWork('tk1')]).toEqual({
      tone: 'danger',
      text: 'Pickup 2 reads no sentence of the script.',
    })
  })
})
