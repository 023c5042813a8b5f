/**
 * The window's one recorder store (renderer/src/takes/recorder/recorder-store.ts) made for a test: the fake
 * bridge answers main's recording and punch calls, a fake capture stands for the microphone and a fake
 * clock for the page's timers (recorder-store.test.ts, recorder-punch.test.ts).
 */
import type { TakeView } from '../../../../../../shared/bridge-takes'
import type { PunchPlanView } from '../../../../../../shared/versions/types'
import type { VersionMade } from '../../../../../../shared/bridge-versions'
import { createRecorderStore } from '../../../../../../renderer/src/takes/recorder/recorder-store'
import { recordControlPhase } from '../../../../../../renderer/src/takes/recorder/recorder-view'
import type { MeterEvent } from '../../../../../../renderer/src/takes/recorder/recorder-types'
import { createTakesStore } from '../../../../../../renderer/src/takes/takes-store'
import { createReadbackStore } from '../../../../../../renderer/src/takes/readback/readback-store'
import { fakeBridge, jobView, settle } from '../../../support/fake-bridge'
import { fakeCapture, fakeClock } from './fake-capture'

export const job = jobView('31').job
export const other = jobView('32').job

export const saved: TakeView = {
  schema: 1,
  id: 'take-1',
  job_id: '31',
  file_name: 'ACME_main_01.wav',
  label: 'main',
  take_number: 1,
  note: null,
  preflight: null,
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
export const plan: PunchPlanView = {
  takeId: 'take-1',
  sentence: 2,
  sentence_text: 'Forty years of music.',
  sample_rate: 48_000,
  punch_frame: 144_000,
  punch_s: 3,
  preroll_frame: 48_000,
  preroll_s: 1,
  crossfade_s: 0.01,
}

function memoryStorage(entries: Record<string, string> = {}) {
  const m = new Map(Object.entries(entries))
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m }
}

export function recorder(
  opts: { countIn?: number; stop?: () => Promise<TakeView>; finish?: () => Promise<VersionMade> } = {},
) {
  const bridge = fakeBridge({
    startRecording: async () => ({ takeId: 'take-1' }),
    appendRecording: async () => ({ peakDbfs: -12, rmsDbfs: -20, clipped: false }),
    stopRecording: opts.stop ?? (async () => saved),
    cancelRecording: async () => null,
    listTakes: async () => ({ jobId: '31', takes: [], trash: [], damaged: [] }),
    listDeliveryQueue: async () => ({ items: [] }),
    planPunch: async () => plan,
    startPunch: async () => ({ recordingTakeId: 'take-9', plan }),
    finishPunch: opts.finish ?? (async () => ({ take: saved, version: { number: 2 } }) as unknown as VersionMade),
    cancelPunch: async () => null as never,
  })
  const { capture, takes, punches, watching } = fakeCapture(bridge.api)
  const time = fakeClock()
  const takesStore = createTakesStore(bridge.api).store
  takesStore.setState({ byJob: { '31': { jobId: '31', takes: [], trash: [], damaged: [] } } })
  const storage = memoryStorage(opts.countIn ? { 'booth.recorder.countIn': String(opts.countIn) } : {})
  const { store } = createRecorderStore({
    api: bridge.api,
    capture,
    clock: time.clock,
    takes: takesStore,
    readback: createReadbackStore(bridge.api).store,
    storage,
  })
  const meter: MeterEvent['kind'][] = []
  store.getState().onMeter((e) => meter.push(e.kind))
  return {
    bridge,
    store,
    takes,
    punches,
    time,
    takesStore,
    storage,
    meter,
    watching,
    s: () => store.getState(),
    control: () => recordControlPhase(store.getState(), '31'),
  }
}

/** Record pressed, the input opened: a take of job 31 recording. */
export async function recording() {
  const r = recorder()
  r.s().toggle(job, 'main')
  r.takes[0]!.opening.open()
  await settle()
  return r
}
