import { describe, expect, it } from 'vitest'
import { createBoothStore } from '../../../../renderer/src/store/create-booth-store'
import { createStores } from '../../../../renderer/src/app/create-stores'
import { isBoothView, type BoothView } from '../../../../renderer/src/store/view-slice'
import { fakeBridge, jobView, settle } from '../support/fake-bridge'

async function signedInStore() {
  const bridge = fakeBridge()
  const booth = createBoothStore(bridge.api)
  await booth.store.getState().loadSession()
  await settle()
  return { bridge, s: () => booth.store.getState() }
}

describe('the view in the store', () => {
  it('starts on the jobs and switches between the parts, keeping the jobs state', async () => {
    const { s } = await signedInStore()
    expect(s().view).toBe('jobs')
    await s().openJob('2')
    s().setView('earnings')
    expect(s().view).toBe('earnings')
    s().setView('settings')
    s().setView('jobs')
    expect(s().openJobId).toBe('2')
    expect(s().jobList?.items.length).toBeGreaterThan(0)
  })

  it('refuses a part that does not exist, in words', async () => {
    const { s } = await signedInStore()
    expect(() => s().setView('wallet' as BoothView)).toThrow(
      /"wallet" is not a part of Booth; choose one of jobs, earnings/,
    )
    expect(s().view).toBe('jobs')
    expect(isBoothView('consent')).toBe(true)
    expect(isBoothView('Consent')).toBe(false)
    expect(isBoothView(undefined)).toBe(false)
  })

  it('a clicked notification brings the jobs back with that job open', async () => {
    const { s, bridge } = await signedInStore()
    s().setView('availability')
    bridge.emit('notificationClicked', { jobId: '3' })
    await settle()
    expect(s().view).toBe('jobs')
    expect(s().openJobId).toBe('3')
    bridge.emit('job', jobView('3'))
    expect(s().jobView?.job.job_id).toBe('3')
  })

  // The bridge is no longer handed out by the booth store (one access path: <BridgeProvider>/useBridge);
  // what stays true is that every store of the window talks through the one bridge it was made with.
  it('makes every store of the window from the one bridge, which each of them calls', async () => {
    const bridge = fakeBridge({ listDeliveryQueue: async () => ({ items: [] }) })
    const { stores } = createStores(bridge.api)
    await stores.booth.getState().loadSession()
    await stores.account.getState().loadSettings()
    await stores.readback
      .getState()
      .loadSettings()
      .catch(() => undefined)
    await settle()
    for (const name of ['getSession', 'listDeliveryQueue', 'getAccountSettings', 'getReadbackSettings'])
      expect(bridge.callsOf(name)).toHaveLength(1)
  })
})
