/**
 * Bundled for a real Chromium page by browser-page.ts: the record control and the punch panel of one job,
 * views of the window's stores over an in-memory bridge, with the recorder store's capture faked (no
 * microphone), so a test can press Record, Stop, Discard and Start punch and read what the page shows.
 */
import { createRoot } from 'react-dom/client'
import type { TakeView } from '../../../../shared/bridge-takes'
import type { PunchPlanView } from '../../../../shared/versions/types'
import type { VersionMade } from '../../../../shared/bridge-versions'
import { createStores } from '../../../../renderer/src/app/create-stores'
import { BridgeProvider } from '../../../../renderer/src/bridge/BridgeProvider'
import { RecorderPanel } from '../../../../renderer/src/takes/RecorderPanel'
import { PunchPanel } from '../../../../renderer/src/takes/punch/PunchPanel'
import { RecordingGuardDialog } from '../../../../renderer/src/takes/RecordingGuardDialog'
import { createRecorderStore } from '../../../../renderer/src/takes/recorder/recorder-store'
import { browserClock } from '../../../../renderer/src/takes/recorder/browser-capture'
import { requestPunch } from '../../../../renderer/src/takes/versions/punch-request'
import { fakeCapture } from '../takes/recorder/support/fake-capture'
import { fakeBridge, jobView } from './fake-bridge'

const job = { ...jobView('31').job, length_s: 30 }
const take: TakeView = {
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
const plan: PunchPlanView = {
  takeId: 'take-1',
  sentence: 1,
  sentence_text: 'Read me.',
  sample_rate: 48_000,
  punch_frame: 144_000,
  punch_s: 3,
  preroll_frame: 48_000,
  preroll_s: 1,
  crossfade_s: 0.01,
}
let stopAnswer: ((t: TakeView) => void) | null = null
const bridge = fakeBridge({
  startRecording: async () => ({ takeId: 'take-2' }),
  appendRecording: async () => ({ peakDbfs: -12, rmsDbfs: -20, clipped: false }),
  stopRecording: () => new Promise<TakeView>((resolve) => (stopAnswer = resolve)),
  cancelRecording: async () => null,
  listTakes: async () => ({ jobId: '31', takes: [take], trash: [], damaged: [] }),
  listDeliveryQueue: async () => ({ items: [] }),
  planPunch: async () => plan,
  startPunch: async () => ({ recordingTakeId: 'take-9', plan }),
  finishPunch: async () =>
    ({
      take,
      version: { number: 2, summary: 'Punched in before sentence 1.', readback: null },
    }) as unknown as VersionMade,
  cancelPunch: async () => null as never,
})
const made = createStores(bridge.api)
const fake = fakeCapture(bridge.api)
const recorder = createRecorderStore({
  api: bridge.api,
  capture: fake.capture,
  clock: browserClock,
  takes: made.stores.takes,
  readback: made.stores.readback,
  storage: localStorage,
})
const stores = { ...made.stores, recorder: recorder.store }
made.stores.takes.setState({ byJob: { '31': { jobId: '31', takes: [take], trash: [], damaged: [] } } })

document.addEventListener('DOMContentLoaded', () => {
  const host = document.createElement('div')
  document.body.append(host)
  createRoot(host).render(
    <BridgeProvider api={bridge.api} stores={stores}>
      <h2 className="script-panel">Script</h2>
      <RecorderPanel job={job} />
      <PunchPanel job={job} />
      <RecordingGuardDialog />
    </BridgeProvider>,
  )
  ;(window as unknown as { boothTest: unknown }).boothTest = {
    calls: () => bridge.calls.map(([n]) => n),
    openTake: (i: number) => fake.takes[i]?.opening.open(),
    failTake: (i: number, err: unknown) => fake.takes[i]?.onFailure(err),
    block: (i: number) => fake.takes[i]?.block(),
    answerStop: () => stopAnswer?.({ ...take, id: 'take-2', take_number: 2 }),
    openPunch: (i: number) => fake.punches[i]?.opening.open(),
    movePunch: (i: number, s: number) => {
      const p = fake.punches[i]
      if (p) p.position = s
    },
    requestPunch: () => requestPunch('take-1', 1),
    leave: () =>
      recorder.store.getState().guardLeave('close this job', () => document.body.setAttribute('data-left', 'yes')),
  }
})
