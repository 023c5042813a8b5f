/**
 * A punch-and-roll of a read, on real speech (issue 41 point 1): espeak-ng reads three sentences of the
 * spot; Booth's read-back (pocketsphinx, both hearings, the sound-alike rule) hears the take once and keeps
 * it, as the app does. The talent punches in at sentence 2 and reads on. The version's read-back is the
 * take's hearing mapped through the edit list plus the new audio heard once, in its place (a stretch of the
 * render, not the render whole) — and shows no finding its pieces did not have: before the punch point
 * exactly the take's own findings (the same words, kinds and certainty, none at the splice), after it only
 * findings on the sentences the new audio reads. (This engine is no perfect listener of espeak-ng: it
 * hears "fit" as "feet" and "$299" as "229", unsure, on a clean read; the test holds what the version does
 * with such findings, not the engine's accuracy.)
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { measureTake } from '../../../main/audio/measure-take'
import { EventHub } from '../../../main/bridge/event-hub'
import { PocketsphinxEngine } from '../../../main/readback/engines/pocketsphinx/pocketsphinx-engine'
import { TakeStore } from '../../../main/takes/take-store'
import { createVersionArea } from '../../../main/versions/service/version-handlers'
import type { Transcribe } from '../../../main/versions/hearing/version-inputs'
import { makeTempDir } from '../../support/audio-fixtures'
import type { ReadbackStored } from '../../../shared/bridge-readback'
import type { ReadbackIssue } from '../../../shared/readback/types'
import { speakRead, type SpokenRead } from '../../support/voice-reads'
import { engineMissing, samplesOf, SENTENCES, VOICE } from '../../unit/versions/helpers/spot'

const READ = [SENTENCES[0] as string, SENTENCES[3] as string, SENTENCES[2] as string]
const SCRIPT = READ.join(' ')
const JOB = '77'
const engine = new PocketsphinxEngine()
/** Every file the read-back was asked to hear, with its length. */
const asked: Array<{ path: string; seconds: number }> = []
const transcribe: Transcribe = Object.assign(
  async (path: string, hints: string, options?: { doubts?: boolean }) => {
    asked.push({ path, seconds: (await samplesOf(path)).frames / 48_000 })
    return engine.transcribe(path, { hints, ...(options?.doubts === false ? { doubts: false } : {}) })
  },
  { soundsOf: (words: readonly string[]) => engine.soundsOf(words) },
)

let dir = ''
let cleanup: () => Promise<void> = async () => {}
let take: SpokenRead

beforeAll(async () => {
  const missing = await engineMissing()
  if (missing) throw new Error(missing)
  ;({ dir, cleanup } = await makeTempDir('booth-punch-in-place-'))
  take = await speakRead(dir, 'take', READ, { ...VOICE, pausesS: 0.7, roomDbfs: -62 })
}, 120_000)
afterAll(async () => {
  await cleanup()
})

describe('a punch-and-roll of a clean read, read back', { timeout: 600_000 }, () => {
  it('maps the take’s hearing, hears only the new audio in its place, and finds nothing its pieces did not', async () => {
    const store = new TakeStore({ dataDir: join(dir, 'data'), measure: measureTake })
    const area = createVersionArea({
      store,
      hub: new EventHub(),
      transcribe,
      currentScript: async () => ({ revision_id: '1', text: SCRIPT, names: [] }),
      takesChanged: () => undefined,
      recording: {
        start: async (a) => ({
          takeId: (
            await store.record(a.jobId, {
              stem: 'ACME',
              sampleRate: a.sampleRate,
              channels: a.channels,
              label: a.label ?? 'pickup',
            })
          ).take.id,
        }),
        stop: (a) => store.finishRecording(a.takeId),
        cancel: async (a) => (await store.cancelRecording(a.takeId), null),
      },
    })
    const imported = await store.import(JOB, take.path, { stem: 'ACME', script: { revision_id: '1', text: SCRIPT } })
    // The take's read-back, heard once and kept where the read-back service keeps it.
    const script = await area.work.scriptOf(imported)
    const own = await area.work.readBack(imported, null, store.recordingPath(imported), script)
    expect(own.stored?.cross, 'both hearings kept').toBeTruthy()
    const kept = area.versions.readbackPath(imported)
    await mkdir(dirname(kept), { recursive: true })
    await writeFile(kept, JSON.stringify(own.stored))

    const started = await area.handlers.startPunch({
      takeId: imported.id,
      sentence: 2,
      sampleRate: 48_000,
      channels: 1,
      latencySamples: 0,
      latencySource: 'reported',
    })
    // The talent reads on from sentence 2, on cue, from the pre-roll.
    const reread = await speakRead(dir, 'reread', READ.slice(1), {
      ...VOICE,
      leadS: take.sentences[1]!.firstS - started.plan.preroll_s,
      pausesS: 0.7,
      tailS: 0.8,
      roomDbfs: -62,
      roomSeed: 31,
    })
    const pcm = Float32Array.from((await samplesOf(reread.path)).x)
    for (let i = 0; i < pcm.length; i += 48_000) store.writeRecording(started.recordingTakeId, pcm.slice(i, i + 48_000))
    asked.length = 0
    const made = await area.handlers.finishPunch({ recordingTakeId: started.recordingTakeId })

    // The new audio was heard once, in its place: a stretch of the render shorter than the render.
    const render = store.audioPath(made.take)
    const renderS = (await samplesOf(render)).frames / 48_000
    expect(asked.map((a) => a.path)).not.toContain(render)
    expect(
      asked.filter((a) => !a.path.includes('booth-hear-')),
      JSON.stringify(asked),
    ).toEqual([])
    expect(asked).toHaveLength(1)
    expect(asked[0]!.seconds).toBeLessThan(renderS)
    expect(asked[0]!.seconds).toBeGreaterThan(renderS - started.plan.punch_s)
    // Nothing its pieces did not have. Before the punch point: the take's own findings, as they were.
    const version = JSON.parse(await readFile(area.versions.readbackPath(made.take), 'utf8')) as ReadbackStored
    const punchS = started.plan.punch_s
    const said = (issues: readonly ReadbackIssue[]) =>
      issues.filter((i) => i.severity !== 'soft').map((i) => [i.kind, i.expected, i.heard, i.certainty])
    const before = (issues: readonly ReadbackIssue[]) => issues.filter((i) => i.at_s !== null && i.at_s < punchS - 0.05)
    expect(said(before(version.check.issues)), JSON.stringify(version.check.issues)).toEqual(
      said(before(own.stored!.check.issues)),
    )
    // After it: only the sentences the new audio reads (2 and 3), nothing of sentence 1 lost at the splice.
    const sentence2 = SCRIPT.indexOf(READ[1] as string)
    const after = version.check.issues.filter(
      (i) => i.severity !== 'soft' && !(i.at_s !== null && i.at_s < punchS - 0.05),
    )
    expect(
      after.filter((i) => i.script_from !== null && i.script_from < sentence2),
      JSON.stringify(after),
    ).toEqual([])
  })
})
