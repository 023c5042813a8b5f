/**
 * The versions store on an in-memory bridge: main's progress shows while work runs and goes when it ends
 * (also a comp's, whose stages come without a take and whose end names the new take, even when an event
 * lands after the call's answer); a refusal becomes the take's sentence and nothing else changes; a
 * version made or restored refreshes the takes list and the version list; dropped pickups are labelled.
 */
import { describe, expect, it } from 'vitest'
import type { VersionProgress } from '../../../../shared/bridge-versions'
import type { TakeView } from '../../../../shared/bridge-takes'
import {
  compKey,
  createVersionsStore,
  pickupsKey,
  takeWork,
} from '../../../../renderer/src/takes/versions/versions-store'
import { fakeBridge, settle } from '../support/fake-bridge'

const take = { id: 'tk1', job_id: '42', take_number: 1 } as TakeView
const progress = (p: Partial<VersionProgress>): VersionProgress => ({
  takeId: 'tk1',
  jobId: '42',
  stage: 'rendering',
  message: 'Rendering the new version…',
  ...p,
})

describe('the versions store', () => {
  it('shows main’s progress while a pickup is placed, then the version’s words; refreshes the takes', async () => {
    let finish: (v: unknown) => void = () => undefined
    const refreshed: string[] = []
    const bridge = fakeBridge({
      makePickupVersion: () => new Promise((r) => (finish = r)) as never,
      listVersions: async () => ({ takeId: 'tk1', jobId: '42', current: 2, versions: [] }),
    })
    const { store } = createVersionsStore(bridge.api, (j) => refreshed.push(j))
    const placing = store.getState().placePickups('tk1', ['p2'])
    expect(store.getState().busy[takeWork('tk1')]).toBe('Placing the pickups…')
    bridge.emit('versionProgress', progress({ stage: 'reading_back', message: 'Reading back the new version…' }))
    expect(store.getState().progress[takeWork('tk1')]?.message).toBe('Reading back the new version…')
    bridge.emit('versionProgress', progress({ stage: 'done', message: 'Version 2 is ready.' }))
    expect(store.getState().progress[takeWork('tk1')]).toBeUndefined()
    finish({
      take: { ...take, current_version: 2 },
      version: { number: 2, summary: 'Sentence 1 replaced from Pickup 2, +0.2 s.', readback: { clean: true } },
    })
    expect(await placing).toBe(true)
    expect(store.getState().busy[takeWork('tk1')]).toBeUndefined()
    expect(store.getState().notice[takeWork('tk1')]).toEqual({
      tone: 'success',
      text: 'Version 2: Sentence 1 replaced from Pickup 2, +0.2 s.',
    })
    expect(refreshed).toEqual(['42'])
    expect(store.getState().views['tk1']?.current).toBe(2)
  })

  it('turns a refusal into the take’s sentence and changes nothing else', async () => {
    const bridge = fakeBridge({
      makePickupVersion: async () =>
        Promise.reject(
          new Error(
            'Pickup 2 reads no sentence of the script, so Booth cannot tell where it goes; nothing was written.',
          ),
        ),
    })
    const refreshed: string[] = []
    const { store } = createVersionsStore(bridge.api, (j) => refreshed.push(j))
    expect(await store.getState().placePickups('tk1', ['p2'])).toBe(false)
    expect(store.getState().notice[takeWork('tk1')]).toEqual({
      tone: 'danger',
      text: 'Pickup 2 reads no sentence of the script, so Booth cannot tell where it goes; nothing was written.',
    })
    expect(refreshed).toEqual([])
    expect(store.getState().views).toEqual({})
  })

  it('clears a comp’s progress when its end names the new take, even after the answer came', async () => {
    const bridge = fakeBridge({
      renderComp: async () =>
        ({
          take: { ...take, id: 'c9', take_number: 9 },
          version: { number: 1, summary: 'Comp of 2 takes.', readback: { clean: true } },
        }) as never,
    })
    const { store } = createVersionsStore(bridge.api, () => undefined)
    await store.getState().renderComp('42', [{ sentence: 1, takeId: 'tk1' }])
    expect(store.getState().notice[compKey('42')]?.text).toBe('The comp is take 9. Comp of 2 takes.')
    // A stage that crossed the answer on the way, then the end: nothing stays on screen.
    bridge.emit('versionProgress', progress({ takeId: null, stage: 'reading_back', message: 'Reading back the comp…' }))
    expect(store.getState().progress[compKey('42')]?.message).toBe('Reading back the comp…')
    bridge.emit('versionProgress', progress({ takeId: 'c9', stage: 'done', message: 'The comp is take 9.' }))
    expect(store.getState().progress).toEqual({})
  })

  it('adds dropped files as pickups read from the script on screen, and names a file it cannot use', async () => {
    const bridge = fakeBridge({
      pathForFile: async (f: File) => `/drop/${f.name}`,
      importTake: async (a) => ({ ...take, id: 'p', take_number: 3, label: a.label }) as TakeView,
    })
    const refreshed: string[] = []
    const { store } = createVersionsStore(bridge.api, (j) => refreshed.push(j))
    const files = [
      new File([new Uint8Array(44)], 'pick.wav', { type: 'audio/wav' }),
      new File([new Uint8Array(4)], 'notes.txt', { type: 'text/plain' }),
    ]
    await store.getState().importPickups('42', files, { revision_id: '5', text: 'One. Two.' })
    expect(bridge.callsOf('importTake')).toEqual([
      { jobId: '42', path: '/drop/pick.wav', label: 'pickup', script: { revision_id: '5', text: 'One. Two.' } },
    ])
    const notice = store.getState().notice[pickupsKey('42')]
    expect(notice?.tone).toBe('danger')
    expect(notice?.text).toMatch(/^“pick\.wav” is pickup 3\. .*notes\.txt/)
    expect(refreshed).toEqual(['42'])
    await settle()
  })
})
