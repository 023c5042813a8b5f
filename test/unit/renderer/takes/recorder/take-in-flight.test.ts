/**
 * A reload mid-take (issue 41): the page that comes back says at once what became of the take, and no take
 * says "Recording…" unless this window's recorder writes it. The recorder store writes the take it records
 * where a reload finds it (the tab's sessionStorage), forgets it once idle, and on the page's start stops
 * the take a reload cut short through main (which keeps what was written) and says so in words.
 */
import { describe, expect, it } from 'vitest'
import type { TakeView } from '../../../../../shared/bridge-takes'
import { createRecorderStore } from '../../../../../renderer/src/takes/recorder/recorder-store'
import { writesTake } from '../../../../../renderer/src/takes/recorder/recorder-view'
import {
  cutShortSentence,
  recallTakeInFlight,
  TAKE_IN_FLIGHT_KEY,
} from '../../../../../renderer/src/takes/recorder/take-in-flight'
import { createTakesStore } from '../../../../../renderer/src/takes/takes-store'
import { createReadbackStore } from '../../../../../renderer/src/takes/readback/readback-store'
import { fakeBridge, jobView, settle } from '../../support/fake-bridge'
import { fakeCapture, fakeClock } from './support/fake-capture'

const job = jobView('31').job

const saved: TakeView = {
  schema: 1,
  id: 'take-1',
  job_id: '31',
  file_name: 'ACME_main_03.wav',
  label: 'main',
  take_number: 3,
  note: null,
  preflight: { duration_s: 3.24 } as TakeView['preflight'],
  created_at: '2025-03-05T10:00:00Z',
  source: 'recorded',
  original_name: null,
  state: 'ready',
  spot_length_s: 30,
  job_kind: 'dry_voice',
  trim: { head_s: 0, tail_s: 0 },
  upload: { handle: null, offset: 0, status: 'none' },
  delivery: { idempotency_key: null, delivery_id: null, status: 'none', queued: false },
}

function sessionStore(entries: Record<string, string> = {}) {
  const m = new Map(Object.entries(entries))
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    m,
  }
}

function recorder(
  session = sessionStore(),
  handlers: { stopRecording?: () => Promise<TakeView>; listTakes?: () => Promise<unknown> } = {},
) {
  const bridge = fakeBridge({
    startRecording: async () => ({ takeId: 'take-1' }),
    appendRecording: async () => ({ peakDbfs: -12, rmsDbfs: -20, clipped: false }),
    stopRecording: handlers.stopRecording ?? (async () => saved),
    cancelRecording: async () => null,
    listTakes: (handlers.listTakes ?? (async () => ({ jobId: '31', takes: [saved], trash: [], damaged: [] }))) as never,
    listDeliveryQueue: async () => ({ items: [] }),
  })
  const { capture, takes } = fakeCapture(bridge.api)
  const time = fakeClock()
  const takesStore = createTakesStore(bridge.api).store
  takesStore.setState({ byJob: { '31': { jobId: '31', takes: [], trash: [], damaged: [] } } })
  const { store } = createRecorderStore({
    api: bridge.api,
    capture,
    clock: time.clock,
    takes: takesStore,
    readback: createReadbackStore(bridge.api).store,
    storage: sessionStore(),
    session,
  })
  return { bridge, store, takes, session, s: () => store.getState() }
}

describe('the take in flight, across a reload', () => {
  it('is written while a take records and forgotten once the recorder is idle again', async () => {
    const r = recorder()
    r.s().toggle(job, 'main')
    // Before main answered the start, the take of the job being opened is this window's.
    expect(writesTake(r.s(), { id: 'take-1', job_id: '31' })).toBe(true)
    r.takes[0]!.opening.open()
    await settle()
    expect(recallTakeInFlight(r.session)).toEqual({ takeId: 'take-1', jobId: '31' })
    expect(r.s().recordingTakeId).toBe('take-1')
    expect(writesTake(r.s(), { id: 'take-1', job_id: '31' })).toBe(true)
    // Another take of the job listed as recording (one a reload left behind) is not written here.
    expect(writesTake(r.s(), { id: 'take-0', job_id: '31' })).toBe(false)
    await r.s().stop()
    expect(r.s().rec).toEqual({ phase: 'idle' })
    expect(r.session.m.has(TAKE_IN_FLIGHT_KEY)).toBe(false)
    expect(writesTake(r.s(), { id: 'take-1', job_id: '31' })).toBe(false)
  })

  it("on the page's start, stops the take the reload cut short and says at once what became of it", async () => {
    const r = recorder(sessionStore({ [TAKE_IN_FLIGHT_KEY]: JSON.stringify({ takeId: 'take-1', jobId: '31' }) }))
    // A new page's recorder writes nothing: the take main still lists as recording is not "Recording…".
    expect(writesTake(r.s(), { id: 'take-1', job_id: '31' })).toBe(false)
    await r.s().settleCutShort()
    expect(r.bridge.callsOf('stopRecording')).toEqual([{ takeId: 'take-1' }])
    expect(r.s().cutShort).toEqual({
      jobId: '31',
      takeId: 'take-1',
      text: 'The take ACME_main_03 was cut short by the reload at 0:03.2 and is kept.',
    })
    expect(r.session.m.has(TAKE_IN_FLIGHT_KEY)).toBe(false)
    // Said once: a second start (React's double effect, another mount) finds nothing to settle.
    await r.s().settleCutShort()
    expect(r.bridge.callsOf('stopRecording')).toHaveLength(1)
    r.s().dismissCutShort('take-1')
    expect(r.s().cutShort).toBeNull()
  })

  it("a take main already stopped (its own watch, or Booth restarted) is looked up in the job's list", async () => {
    const stopped = () =>
      Promise.reject(new Error('Recording stopped: Booth heard nothing from this window for a while'))
    const recovered = { ...saved, state: 'recovered' as const }
    const r = recorder(sessionStore({ [TAKE_IN_FLIGHT_KEY]: JSON.stringify({ takeId: 'take-1', jobId: '31' }) }), {
      stopRecording: stopped,
      listTakes: async () => ({ jobId: '31', takes: [recovered], trash: [], damaged: [] }),
    })
    await r.s().settleCutShort()
    expect(r.s().cutShort?.text).toBe(
      'The take ACME_main_03 was cut short by the reload at 0:03.2. What was recorded is kept: listen to it, then keep or discard it.',
    )
    const gone = recorder(sessionStore({ [TAKE_IN_FLIGHT_KEY]: JSON.stringify({ takeId: 'take-1', jobId: '31' }) }), {
      stopRecording: stopped,
      listTakes: async () => ({ jobId: '31', takes: [], trash: [], damaged: [] }),
    })
    await gone.s().settleCutShort()
    expect(gone.s().cutShort?.text).toMatch(
      /^The take that was recording when the page reloaded is not in the job’s list/,
    )
  })

  it('a page that recorded nothing, or a value it cannot read, says nothing and calls nothing', async () => {
    for (const value of [undefined, '{', 'null', '{"takeId":""}', '42']) {
      const r = recorder(sessionStore(value === undefined ? {} : { [TAKE_IN_FLIGHT_KEY]: value }))
      await r.s().settleCutShort()
      expect(r.s().cutShort).toBeNull()
      expect(r.bridge.callsOf('stopRecording')).toEqual([])
    }
  })

  it('words: a take with no measured length says no time; one still recording says Booth is stopping it', () => {
    expect(cutShortSentence({ ...saved, preflight: null })).toBe(
      'The take ACME_main_03 was cut short by the reload and is kept.',
    )
    expect(cutShortSentence({ ...saved, state: 'recording' })).toBe(
      'The take ACME_main_03 was cut short by the reload; Booth is stopping it and keeps what was recorded.',
    )
  })
})
