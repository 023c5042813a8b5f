/**
 * What the page says of a take main stopped because its window went away (recorder/cut-short-words.ts,
 * main's `takesCutShort`): how, when and what became of it — and for a punch-and-roll, that the take it was
 * for is unchanged and the recording kept as its own take. A window opened later is handed main's list.
 */
import { describe, expect, it } from 'vitest'
import type { CutShortTake } from '../../../../../shared/bridge-takes'
import { cutShortNotices, cutShortText } from '../../../../../renderer/src/takes/recorder/cut-short-words'
import { createRecorderStore } from '../../../../../renderer/src/takes/recorder/recorder-store'
import { createTakesStore } from '../../../../../renderer/src/takes/takes-store'
import { createReadbackStore } from '../../../../../renderer/src/takes/readback/readback-store'
import { fakeBridge, settle } from '../../support/fake-bridge'
import { fakeCapture, fakeClock } from './support/fake-capture'

const kept = {
  id: 't9',
  job_id: '31',
  file_name: 'ACME_main_03.wav',
  take_number: 3,
  label: 'main',
  state: 'ready',
  preflight: { duration_s: 3.24 },
} as CutShortTake['take']
const take: CutShortTake = {
  take_id: 't9',
  job_id: '31',
  take: kept,
  cause: 'closed',
  page: 'tab:old-page-1',
  punch: null,
}
const punch: CutShortTake = {
  take_id: 't10',
  job_id: '31',
  cause: 'went_away',
  page: 'tab:old-page-1',
  punch: { into_take_id: 't9', into_name: 'ACME_main_03', sentence: 2 },
  take: {
    ...kept!,
    id: 't10',
    file_name: 'ACME_pickup_04.wav',
    take_number: 4,
    label: 'pickup',
    preflight: { duration_s: 1.5 } as never,
  },
}

describe('a take cut short by its window’s going, in words', () => {
  it('says how it was cut short, at what time, and that it is kept', () => {
    expect(cutShortText(take, false)).toBe(
      'The take ACME_main_03 was cut short when its window closed at 0:03.2 and is kept.',
    )
    expect(cutShortText({ ...take, cause: 'crashed' }, false)).toMatch(
      /^The take ACME_main_03 was cut short when its window’s page stopped working at 0:03\.2 and is kept\.$/,
    )
    // The tab that recorded it and reloaded says "by the reload", whatever main could tell.
    expect(cutShortText({ ...take, cause: 'went_away' }, true)).toBe(
      'The take ACME_main_03 was cut short by the reload at 0:03.2 and is kept.',
    )
    expect(cutShortText({ ...take, take: null }, false)).toMatch(
      /could not be stopped or found; nothing else was changed\.$/,
    )
  })

  it('a punch: the take it was for is unchanged, and its recording is kept as its own take', () => {
    expect(cutShortText(punch, true)).toBe(
      'The punch into ACME_main_03 at sentence 2 was cut short by the reload at 0:01.5: ' +
        'ACME_main_03 is unchanged (no punched version was made), and what it recorded is kept as ' +
        'its own take ACME_pickup_04.',
    )
    expect(cutShortNotices({ cutShortTakes: [punch], reloadedTakeIds: [], cutShort: null })[0]?.title).toBe(
      'A punch-and-roll was cut short',
    )
    // The tab whose previous page recorded it (a reload in the web host, told by main as "closed or reloaded").
    expect(
      cutShortNotices({ cutShortTakes: [punch], reloadedTakeIds: [], cutShort: null }, 'tab:old-page-1')[0],
    ).toMatchObject({
      title: 'A punch-and-roll was recording when the page reloaded',
      text: expect.stringMatching(/^The punch into ACME_main_03 at sentence 2 was cut short by the reload at 0:01\.5/),
    })
    expect(
      cutShortNotices({ cutShortTakes: [punch], reloadedTakeIds: [], cutShort: null }, 'tab:another-page')[0]?.title,
    ).toBe('A punch-and-roll was cut short')
  })

  it('a window opened later is handed main’s list and says each take; OK takes it off main’s list', async () => {
    const bridge = fakeBridge({
      dismissCutShort: async () => ({ takes: [] }),
      listDeliveryQueue: async () => ({ items: [] }),
    })
    const { capture } = fakeCapture(bridge.api)
    const r = createRecorderStore({
      api: bridge.api,
      capture,
      clock: fakeClock().clock,
      takes: createTakesStore(bridge.api).store,
      readback: createReadbackStore(bridge.api).store,
      storage: { getItem: () => null, setItem: () => undefined },
      session: null,
    })
    bridge.emit('takesCutShort', { takes: [take] })
    await settle()
    expect(cutShortNotices(r.store.getState())).toEqual([
      {
        takeId: 't9',
        title: 'A take was cut short',
        text: 'The take ACME_main_03 was cut short when its window closed at 0:03.2 and is kept.',
      },
    ])
    r.store.getState().dismissCutShort('t9')
    await settle()
    expect(bridge.callsOf('dismissCutShort')).toEqual([{ takeId: 't9' }])
    expect(cutShortNotices(r.store.getState())).toEqual([])
    r.unsubscribe()
  })
})
