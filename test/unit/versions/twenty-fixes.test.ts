/**
 * Recordings are never changed, however many fixes: 20 pickup versions made one on another (three
 * pickups in turn) leave the SHA-256 of the take's recording, of every pickup and of every recording kept
 * for versions as they were, and every version, rendered again after all renders are deleted, comes out
 * bit-identical. Real take store, real read-back engine.
 */
import { readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EventHub } from '../../../main/bridge/event-hub'
import { measureTake } from '../../../main/audio/measure-take'
import { TakeStore } from '../../../main/takes/take-store'
import { createVersionArea } from '../../../main/versions/service/version-handlers'
import { renderCached } from '../../../main/versions/store/render-cache'
import { sha256File } from '../../../main/versions/store/recordings'
import { makeTempDir } from '../../support/audio-fixtures'
import { speakRead } from '../../support/voice-reads'
import { engineMissing, transcribe, VOICE } from './helpers/spot'

const SENTENCES = [
  "This Saturday only, it's the biggest sale of the year at Dream Street Furniture.",
  'Queen mattresses start at just $299.',
  'Visit us at 1400 Harbor Boulevard, open 9 to 9.',
]
const script = { revision_id: '9', text: SENTENCES.join(' ') }
const JOB = '4242'

let dir = ''
let cleanup: () => Promise<void> = async () => {}
let store: TakeStore
let area: ReturnType<typeof createVersionArea>
let takeId = ''
const pickupIds: string[] = []
const files: string[] = []

beforeAll(async () => {
  const missing = await engineMissing()
  if (missing) throw new Error(missing)
  ;({ dir, cleanup } = await makeTempDir('booth-twenty-'))
  store = new TakeStore({ dataDir: join(dir, 'data'), measure: measureTake })
  area = createVersionArea({
    store,
    hub: new EventHub(),
    transcribe,
    currentScript: async () => null,
    takesChanged: () => {},
    recording: {
      start: async () => {
        throw new Error('no recording here')
      },
      stop: async () => {
        throw new Error('no')
      },
      cancel: async () => null,
    },
  })
  const flubbed = [...SENTENCES]
  flubbed[1] = 'Queen mattresses start at just $279.'
  const take = await speakRead(dir, 'take', flubbed, { ...VOICE, pausesS: [0.7, 0.6], roomDbfs: -62 })
  takeId = (await store.import(JOB, take.path, { stem: 'TWENTY', script })).id
  for (const [k, room] of [
    [1, -50],
    [2, -56],
    [0, -60],
  ] as const) {
    const p = await speakRead(dir, `pickup${k}`, [SENTENCES[k] as string], {
      ...VOICE,
      leadS: 0.5,
      tailS: 0.6,
      roomDbfs: room,
      roomSeed: 7 + k,
      gainDb: -3 - k,
    })
    pickupIds.push((await store.import(JOB, p.path, { stem: 'TWENTY', label: 'pickup', script })).id)
  }
  for (const id of [takeId, ...pickupIds]) files.push(store.recordingPath(await store.get(id)))
}, 180_000)
afterAll(async () => {
  await cleanup()
})

describe('twenty fixes', { timeout: 1_500_000 }, () => {
  it('change no recording and every version re-renders bit-identically', async () => {
    const before = await Promise.all(files.map(sha256File))
    const renders = new Map<number, string>()
    for (let i = 0; i < 20; i++) {
      const made = await area.handlers.makePickupVersion({ takeId, pickupTakeIds: [pickupIds[i % 3] as string] })
      expect(made.version.number).toBe(i + 2)
      renders.set(made.version.number, await sha256File(store.audioPath(made.take)))
    }
    expect(await Promise.all(files.map(sha256File))).toEqual(before)
    const recordingsDir = area.versions.folders(JOB).recordings
    for (const name of (await readdir(recordingsDir)).filter((n) => n.endsWith('.wav'))) {
      expect(await sha256File(join(recordingsDir, name))).toBe(name.replace(/\.wav$/, ''))
    }
    const take = await store.get(takeId)
    expect(take.versions).toHaveLength(21)
    await rm(area.versions.folders(JOB).renders, { recursive: true, force: true })
    for (const v of take.versions ?? []) {
      if (!v.edits) continue
      const again = await renderCached(v.edits, area.versions.recordings(JOB), area.versions.folders(JOB).renders)
      expect(await sha256File(again.path), `version ${v.number}`).toBe(renders.get(v.number))
    }
    const first = await area.handlers.restoreVersion({ takeId, version: 1 })
    expect(await sha256File(store.audioPath(first))).toBe(before[0])
  })
})
