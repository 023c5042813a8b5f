/**
 * Bundled for a real Chromium page by browser-page.ts: one take's versions (TakeVersions, with its Finish
 * panel) fed by the real takes and versions stores over an in-memory bridge that plays main's part: the
 * first finish is refused in one sentence, the next makes version 2 (a finish, its before and after),
 * restoring brings version 1 back, and each version's audio is a WAV made in the page (A 4 s, B 3 s). The
 * making finish offers its audio first (a versionProgress with a preview, as main does once the file is
 * written) and answers only when the test releases it. The finish's time map says A's pause at 2.0–2.6 s was
 * cut; its loudness is −20.1 LUFS before and −19.6 after.
 */
import { createRoot } from 'react-dom/client'
import { useStore } from 'zustand'
import type { TakeView } from '../../../../shared/bridge-takes'
import type { VersionFinish } from '../../../../shared/versions/finish'
import type { TakeVersion, VersionsView } from '../../../../shared/versions/types'
import { TakeVersions } from '../../../../renderer/src/takes/versions/TakeVersions'
import { createStores } from '../../../../renderer/src/app/create-stores'
import { BridgeProvider } from '../../../../renderer/src/bridge/BridgeProvider'
import { fakeBridge, jobView } from './fake-bridge'

const job = jobView('31').job
const preflight = (duration_s: number, lufs: number) => ({
  measured: true,
  duration_s,
  voiced_s: 10,
  sample_rate: 48000,
  channels: 1,
  bit_depth: 24,
  peak_dbfs: -3,
  lufs,
  lead_silence_s: 0.4,
  tail_silence_s: 0.7,
  codec: 'pcm_s24le',
  warnings: [],
})
const v1: TakeVersion = {
  number: 1,
  operation: 'recording',
  created_at: '2025-03-05T10:00:00Z',
  made_from: null,
  edits: null,
  render_key: null,
  summary: '',
  changes: [],
  findings: [],
  preflight: preflight(18.42, -20.1),
  trim: { head_s: 0, tail_s: 0 },
  trimmed_preflight: null,
  readback: null,
}
const base: TakeView = {
  schema: 1,
  id: 'take-1',
  job_id: '31',
  file_name: 'ACME_main_01.wav',
  label: 'main',
  take_number: 1,
  note: null,
  preflight: v1.preflight,
  created_at: '2025-03-05T10:00:00Z',
  source: 'imported',
  original_name: null,
  state: 'ready',
  spot_length_s: 15,
  job_kind: 'dry_voice',
  trim: { head_s: 0, tail_s: 0 },
  upload: { handle: null, offset: 0, status: 'none' },
  delivery: { idempotency_key: null, delivery_id: null, status: 'none', queued: false },
}
const finishOf = (choices: VersionFinish['choices']): VersionFinish => ({
  base_version: 1,
  choices,
  spot_length_s: 15,
  kind: 'dry_voice',
  profile: {
    name: 'dry-voice',
    label: 'Dry voice',
    loudness: [
      { measure: 'rms', min: -23, max: -18 },
      { measure: 'integrated', min: -30, max: -14 },
    ],
    peak: { measure: 'sample', max: -3 },
  },
  tempo: 1.015,
  gain_db: 4.5,
  before: { length_s: 18.42, rms_dbfs: -24.3, lufs: -20.1, true_peak_dbtp: -2.5 },
  after: { length_s: 15, rms_dbfs: -22.9, lufs: -19.6, true_peak_dbtp: -2.6 },
  edits: [
    { kind: 'head', at_s: 0, from_s: 1.2, to_s: 0.47 },
    { kind: 'pause', at_s: 3.4, from_s: 1.3, to_s: 0.9 },
    { kind: 'pause', at_s: 7.2, from_s: 1.3, to_s: 0.9 },
    { kind: 'pause', at_s: 10.6, from_s: 1.2, to_s: 0.8 },
    { kind: 'breath', at_s: 4.0, from_s: 4.0, to_s: 4.3, room_tone: true },
    { kind: 'breath', at_s: 7.5, from_s: 7.5, to_s: 7.8, gain_db: -9.2 },
    { kind: 'click', at_s: 8.0, from_s: 8.0, to_s: 8.004 },
    { kind: 'gain', at_s: 0, from_s: 0, to_s: 15, gain_db: 4.5 },
    { kind: 'limit', at_s: 2.1, from_s: 2.1, to_s: 3.3, gain_db: -2.1, held_s: 0.3 },
    { kind: 'limit', at_s: 9.0, from_s: 9.0, to_s: 10.1, gain_db: -0.8, held_s: 0.12 },
  ],
  pauses_changed: 3,
  breaths_lowered: 1,
  breaths_cut: 1,
  clicks_removed: 1,
  limiting: { max_db: 2.1, places: 2, seconds: 0.42 },
  // The page's audio: A's first 2 s stay where they were, its pause 2.0–2.6 s is cut, 2.6–3.6 s plays from 2.0 s in B.
  time_map: [
    { fromS: 0, toS: 2, atS: 0, scale: 1, coreFromS: 0, coreToS: 2 },
    { fromS: 2.6, toS: 3.6, atS: 2, scale: 1, coreFromS: 2, coreToS: 3 },
  ],
})

let take: TakeView = { ...base, versions: [v1], current_version: 1 }
let finishes = 0
const view = (): VersionsView => ({
  takeId: take.id,
  jobId: '31',
  current: take.current_version ?? 1,
  versions: (take.versions ?? []).map((v) => ({
    ...v,
    current: v.number === take.current_version,
    delivery_name: v.number === 1 ? 'ACME_main_01.wav' : `ACME_main_01_v${v.number}.wav`,
  })),
})

/** A mono 16-bit WAV of `seconds` of quiet noise at 8 kHz, as a blob URL the page may play (media-src blob:). */
function wavUrl(seconds: number): string {
  const n = 8000 * seconds
  const buf = new DataView(new ArrayBuffer(44 + n * 2))
  const text = (at: number, s: string) => [...s].forEach((c, i) => buf.setUint8(at + i, c.charCodeAt(0)))
  text(0, 'RIFF')
  buf.setUint32(4, 36 + n * 2, true)
  text(8, 'WAVEfmt ')
  buf.setUint32(16, 16, true)
  buf.setUint16(20, 1, true)
  buf.setUint16(22, 1, true)
  buf.setUint32(24, 8000, true)
  buf.setUint32(28, 16000, true)
  buf.setUint16(32, 2, true)
  buf.setUint16(34, 16, true)
  text(36, 'data')
  buf.setUint32(40, n * 2, true)
  for (let i = 0; i < n; i++) buf.setInt16(44 + i * 2, ((i * 7919) % 200) - 100, true)
  return URL.createObjectURL(new Blob([buf.buffer], { type: 'audio/wav' }))
}
const urls = new Map<number, string>()
let preview: string | null = null
let release: (() => void) | null = null
/** How long main takes to hand each version's audio (a render under way), ms. */
const mediaDelay = new Map<number, number>()

let floor: number | null = -62
const bridge = fakeBridge({
  listTakes: async ({ jobId }) => ({ jobId, takes: [take], trash: [], damaged: [] }),
  listVersions: async () => view(),
  listUnfinishedWork: async () => [],
  // The take's report: its room tone as the test sets it (null: none to measure, a gated take's).
  getTakeReport: async () => ({
    profile: 'Dry voice',
    true_peak_dbtp: -3,
    noise_floor_dbfs: floor,
    lufs: -20.1,
    dc_offset: 0,
    findings: [],
  }),
  getReadback: async ({ takeId }) => ({ takeId, status: 'none', result: null, message: null }),
  finishVersion: async ({ takeId, choices }) => {
    if (finishes++ === 0)
      throw new Error(
        'The words alone take 12.9 s and the shortest pauses and handles 3.4 s more; the spot is 15.0 s; 2 % faster reaches 16.0 s.',
      )
    // As main does: the finished audio is offered as soon as it is written, the version comes when measured.
    preview = wavUrl(3)
    bridge.emit('versionProgress', {
      takeId,
      jobId: '31',
      stage: 'finishing',
      message: 'Finished; measuring and reading back take 1’s new version…',
      preview: { url: preview, length_s: 3, made_from: 1, base_version: 1 },
    })
    await new Promise<void>((resolve) => {
      release = resolve
    })
    const v2: TakeVersion = {
      ...v1,
      number: 2,
      operation: 'finish',
      made_from: 1,
      summary: 'Finished for delivery: 15.00 s for the 15.0 s spot (was 18.42 s); 3 pauses changed, tempo +1.5 %.',
      preflight: preflight(15, -19.6),
      finish: finishOf(choices),
    }
    take = { ...take, versions: [v1, v2], current_version: 2, preflight: v2.preflight }
    const made = view().versions[1] as VersionsView['versions'][number]
    return { take, version: made }
  },
  restoreVersion: async ({ version }) => {
    take = {
      ...take,
      current_version: version,
      preflight: take.versions?.find((v) => v.number === version)?.preflight ?? null,
    }
    return take
  },
  getTakeMediaUrl: async ({ version }) => {
    const v = version ?? 1
    const delay = mediaDelay.get(v) ?? 0
    if (delay > 0) await new Promise((r) => setTimeout(r, delay))
    if (!urls.has(v)) urls.set(v, wavUrl(v === 1 ? 4 : 3))
    return { url: urls.get(v) as string }
  },
})
const made = createStores(bridge.api)
const store = made.stores.takes
store.setState({ byJob: { '31': { jobId: '31', takes: [take], trash: [], damaged: [] } } })

function Versions() {
  const current = useStore(store, (s) => s.byJob['31']?.takes[0])
  return current ? <TakeVersions job={job} take={current} /> : null
}

document.addEventListener('DOMContentLoaded', () => {
  const host = document.createElement('div')
  document.body.append(host)
  createRoot(host).render(
    <BridgeProvider api={bridge.api} stores={made.stores}>
      <Versions />
    </BridgeProvider>,
  )
  ;(window as unknown as { boothTest: unknown }).boothTest = {
    calls: () => bridge.calls.map(([n, a]) => ({ name: n, args: a })),
    urlOf: (v: number) => urls.get(v) ?? null,
    previewUrl: () => preview,
    /** Lets the finish under way answer (its version measured and read back). */
    release: () => release?.(),
    mediaDelay: (v: number, ms: number) => mediaDelay.set(v, ms),
    /** The take's room tone in its report from now on (null: a gated take's, none to measure). */
    setFloor: (v: number | null) => {
      floor = v
    },
    /** The job gets a second take (one that could lend its room tone to the first's pauses). */
    addTake: () => {
      const other: TakeView = { ...take, id: 'take-2', take_number: 2, file_name: 'ACME_main_02.wav' }
      store.setState({ byJob: { '31': { jobId: '31', takes: [take, other], trash: [], damaged: [] } } })
    },
  }
})
