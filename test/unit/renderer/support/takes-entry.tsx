/**
 * Bundled for a real Chromium page by browser-page.ts: one take row of a recovered take, fed by the real
 * takes store over an in-memory bridge, so a test can press its buttons and see what the row becomes.
 */
import { createRoot } from 'react-dom/client'
import { useStore } from 'zustand'
import type { TakeView } from '../../../../shared/bridge-takes'
import { TakeRow } from '../../../../renderer/src/takes/TakeRow'
import { createStores } from '../../../../renderer/src/app/create-stores'
import { BridgeProvider } from '../../../../renderer/src/bridge/BridgeProvider'
import { fakeBridge, jobView } from './fake-bridge'

const detail = jobView('31').job
const job = { ...detail, can: { ...detail.can, deliver: true } }

const take: TakeView = {
  schema: 1,
  id: 'take-1',
  job_id: '31',
  file_name: 'ACME_main_01.wav',
  label: 'main',
  take_number: 1,
  note: null,
  preflight: {
    measured: true,
    duration_s: 1,
    voiced_s: 1,
    sample_rate: 48000,
    channels: 1,
    bit_depth: 24,
    peak_dbfs: -3,
    lufs: -18,
    lead_silence_s: 0,
    tail_silence_s: 0,
    codec: 'pcm_s24le',
    warnings: [],
  },
  created_at: '2025-03-05T10:00:00Z',
  source: 'recorded',
  original_name: null,
  state: 'recovered',
  spot_length_s: 30,
  job_kind: 'dry_voice',
  trim: { head_s: 0, tail_s: 0 },
  upload: { handle: null, offset: 0, status: 'none' },
  delivery: { idempotency_key: null, delivery_id: null, status: 'none', queued: false },
}

const bridge = fakeBridge({
  keepRecoveredTake: async ({ takeId }) => ({ ...take, id: takeId, state: 'ready' }),
  deleteTake: async () => take,
  listDeliveryQueue: async () => ({ items: [] }),
  getReadback: async ({ takeId }) => ({ takeId, status: 'none', result: null, message: null }),
})
const made = createStores(bridge.api)
const store = made.stores.takes
store.setState({ byJob: { '31': { jobId: '31', takes: [take], trash: [], damaged: [] } } })
const delivered: string[] = []

function Row() {
  const current = useStore(store, (s) => s.byJob['31']?.takes[0])
  if (!current) return <p id="gone">No takes</p>
  return (
    <ul>
      <TakeRow
        job={job}
        take={current}
        queued={null}
        progress={null}
        online
        fresh={false}
        onDeliver={(t) => delivered.push(t.id)}
      />
    </ul>
  )
}

// The bundle runs in <head>: mount once the body exists, then tell the test it may start.
document.addEventListener('DOMContentLoaded', () => {
  const host = document.createElement('div')
  document.body.append(host)
  createRoot(host).render(
    <BridgeProvider api={bridge.api} stores={made.stores}>
      <Row />
    </BridgeProvider>,
  )
  ;(window as unknown as { boothTest: unknown }).boothTest = { calls: () => bridge.calls.map(([n]) => n), delivered }
})
