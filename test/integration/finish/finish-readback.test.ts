/**
 * A version says what its pieces were heard to say (issue 41, point 1), on a real espeak-ng read, the real
 * pocketsphinx read-back (all its hearings: doubts and the second hearing), real ffmpeg and the real finish
 * engine. The read says "thirty" where the script says "twenty"; its read-back is kept as the read-back
 * service keeps it. A version that cuts a sentence out keeps the take's findings but that sentence's, each
 * moved by the cut; the finish (a tempo change and every pause changed) keeps exactly the take's findings,
 * at their new times, and nothing is heard again — and where the recogniser does hear the finished audio,
 * the mapped words are where it hears them.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultProfile } from '../../../main/audio/delivery-profiles'
import { measureTake } from '../../../main/audio/measure-take'
import { EventHub } from '../../../main/bridge/event-hub'
import { createFinisher } from '../../../main/finish/finish-version'
import { PocketsphinxEngine } from '../../../main/readback/engines/pocketsphinx/pocketsphinx-engine'
import { readBack } from '../../../main/readback/read-back'
import { TakeStore } from '../../../main/takes/take-store'
import type { TakeMeta } from '../../../main/takes/take-types'
import { toEditList } from '../../../main/versions/cuts/timeline'
import { createVersionArea } from '../../../main/versions/service/version-handlers'
import type { Transcribe } from '../../../main/versions/hearing/version-inputs'
import type { ReadbackStored } from '../../../shared/bridge-readback'
import type { ReadbackIssue } from '../../../shared/readback/types'
import { makeTempDir } from '../../support/audio-fixtures'
import { speakRead, type SpokenRead } from '../../support/voice-reads'
import { VOICE } from '../../unit/versions/helpers/spot'

const SCRIPT_SENTENCES = [
  'This Saturday only, the biggest sale of the year.',
  'Save twenty percent on every mattress.',
  'Our sleep experts are here to help.',
  'Visit Dream Street Furniture today.',
]
const SPOKEN = SCRIPT_SENTENCES.map((s) => s.replace('twenty', 'thirty'))
const script = { revision_id: '701', text: SCRIPT_SENTENCES.join(' ') }
/** Slow pauses, a long head and tail: at 150 wpm the read fits its 14.7 s spot only with a tempo change. */
const SLOW = { ...VOICE, speed: 150, pausesS: [1.0, 1.1, 0.95], leadS: 1.2, tailS: 1.6, roomDbfs: -54 }
const JOB = '4711'
/** The producer's revision: sentence 3 gains a word. */
const revised = { revision_id: '702', text: script.text.replace('Our sleep experts', 'Our friendly sleep experts') }
let current = script

const engine = new PocketsphinxEngine()
/** Every file Booth's version work hears. */
const heardFiles: string[] = []
const transcribe: Transcribe = async (path, hints, options) => {
  heardFiles.push(path)
  const t = await engine.transcribe(path, { hints, ...(options?.doubts === false ? { doubts: false } : {}) })
  return {
    words: t.words,
    engine: t.engine,
    ...(t.doubts ? { doubts: t.doubts } : {}),
    ...(t.cross ? { cross: t.cross } : {}),
  }
}

let tmp: { dir: string; cleanup: () => Promise<void> }
let store: TakeStore
let area: ReturnType<typeof createVersionArea>
let read: SpokenRead
let take: TakeMeta
let kept: ReadbackStored

/** What a finding says, without where it is in the take. */
const what = (i: ReadbackIssue) => ({
  kind: i.kind,
  severity: i.severity,
  expected: i.expected,
  heard: i.heard,
  script_from: i.script_from,
  script_to: i.script_to,
  certainty: i.certainty ?? null,
  confidence: i.confidence ?? null,
})
const readbackOf = async (t: TakeMeta, version?: number) =>
  JSON.parse(await readFile(area.versions.readbackPath(t, version), 'utf8')) as ReadbackStored

beforeAll(async () => {
  if (await engine.unavailable()) throw new Error(String(await engine.unavailable()))
  tmp = await makeTempDir('booth-finish-readback-')
  store = new TakeStore({ dataDir: join(tmp.dir, 'data'), measure: measureTake })
  const refuse = async (): Promise<never> => {
    throw new Error('no recording here')
  }
  area = createVersionArea({
    store,
    hub: new EventHub(),
    transcribe,
    currentScript: async () => ({ ...current, names: [] }),
    takesChanged: () => undefined,
    recording: { start: refuse, stop: refuse, cancel: refuse },
    finish: createFinisher({ profileOf: async (_job, kind) => defaultProfile(kind) }),
  })
  read = await speakRead(tmp.dir, 'slow', SPOKEN, SLOW)
  take = await store.import(JOB, read.path, { stem: 'ACME', spotLengthS: 14.7, kind: 'dry_voice', script })
  // The take's read-back, kept as the read-back service keeps it (with its second hearing).
  const result = await readBack(engine, await store.readyAudioPath(take), script.text, { keepCross: true })
  kept = { ...result, take_id: take.id, job_id: JOB, script_read: script, note: null }
  await writeFile(area.versions.readbackPath(take), `${JSON.stringify(kept)}\n`)
}, 300_000)
afterAll(async () => {
  await tmp.cleanup()
})

describe('a version’s read-back is its pieces’ read-backs, mapped', { timeout: 600_000 }, () => {
  it('the take’s read-back hears the misread number and keeps its second hearing', () => {
    expect(kept.cross).not.toBeUndefined()
    expect(kept.check.issues.length).toBeGreaterThan(0)
    expect(kept.check.issues.some((i) => /thirty|30/.test(i.heard ?? ''))).toBe(true)
  })

  it('a version with sentence 3 cut out keeps the other findings, moved by the cut, and hears nothing', async () => {
    const [, s2, s3, s4] = read.sentences as [
      SpokenRead['sentences'][number],
      SpokenRead['sentences'][number],
      SpokenRead['sentences'][number],
      SpokenRead['sentences'][number],
    ]
    // Cut from the middle of the pause before sentence 3 to the middle of the pause after it.
    const cutFrom = (s2.endS + s3.startS) / 2
    const cutTo = (s3.endS + s4.startS) / 2
    const ref = await area.versions.recordings(JOB).add(await store.readyAudioPath(take))
    const list = toEditList(
      {
        segments: [
          { source: ref.hash, fromS: 0, toS: cutFrom, gainDb: 0, role: 'base', sentence: null },
          { source: ref.hash, fromS: cutTo, toS: read.durationS, gainDb: 0, role: 'base', sentence: null },
        ],
        crossfadesS: [0.02],
      },
      ref.format,
    )
    heardFiles.length = 0
    const t = await store.get(take.id)
    const made = await area.work.exclusive(t, async () =>
      area.work.commit(t, await area.work.scriptOf(t), { operation: 'cut_restart', list, changes: [], findings: [] }),
    )
    expect(heardFiles).toEqual([])
    const v = await readbackOf(made.take)
    const s3From = script.text.indexOf(SCRIPT_SENTENCES[2] as string)
    const s3To = s3From + (SCRIPT_SENTENCES[2] as string).length
    const takeIssues = kept.check.issues.filter(
      (i) => i.kind !== 'missing' && !(i.script_from !== null && i.script_from >= s3From && i.script_from < s3To),
    )
    // The take's findings outside sentence 3 stay, and the version adds none but the sentence it lacks.
    expect(v.check.issues.filter((i) => i.kind !== 'missing').map(what)).toEqual(takeIssues.map(what))
    expect(v.check.issues.some((i) => i.kind === 'missing' && (i.expected ?? '').includes('sleep'))).toBe(true)
    // Each moved by what the cut removed before it.
    const shift = cutTo - cutFrom
    v.check.issues
      .filter((i) => i.kind !== 'missing')
      .forEach((i, k) => {
        const before = takeIssues[k]?.at_s as number
        expect(i.at_s).toBeCloseTo(before < cutFrom ? before : before - shift, 2)
      })
    await area.handlers.restoreVersion({ takeId: take.id, version: 1 })
  })

  it('the finish (tempo and pauses changed) has exactly the take’s findings at their new times, and is not heard again', async () => {
    heardFiles.length = 0
    const made = await area.handlers.finishVersion({
      takeId: take.id,
      choices: { breaths: 'lower', maxTempoPercent: 4, shortestPauseS: 0.25 },
    })
    const f = made.version.finish!
    expect(f.tempo).not.toBe(1)
    expect(f.edits.filter((e) => e.kind === 'pause').length).toBeGreaterThan(0)
    expect(heardFiles).toEqual([])
    const v = await readbackOf(made.take)
    expect(v.check.issues.map(what)).toEqual(kept.check.issues.map(what))
    expect(made.version.readback).toMatchObject({ verdict: kept.check.verdict, revision_id: '701' })
    // The finished audio is faster and its pauses shorter: every finding comes earlier.
    v.check.issues.forEach((i, k) => expect(i.at_s as number).toBeLessThan(kept.check.issues[k]!.at_s as number))
    // Where the recogniser hears the finished audio, the mapped words are (within a word's edge).
    const renderPath = await store.readyAudioPath(made.take)
    const heard = (await engine.transcribe(renderPath, { hints: script.text, doubts: false })).words
    const offsets = v.words
      .flatMap((w) => {
        const same = heard
          .filter((h) => h.word.toLowerCase() === w.word.toLowerCase())
          .map((h) => Math.abs(h.start_s - w.start_s))
        return same.length ? [Math.min(...same)] : []
      })
      .sort((a, b) => a - b)
    expect(offsets.length).toBeGreaterThan(v.words.length * 0.8)
    expect(offsets[Math.floor(offsets.length / 2)]).toBeLessThan(0.05)
    expect(offsets[Math.floor(offsets.length * 0.9)]).toBeLessThan(0.15)
  })
  it('a finish after the producer’s revision is made for the current script, checked against it, and names it', async () => {
    await area.handlers.restoreVersion({ takeId: take.id, version: 1 })
    current = revised
    heardFiles.length = 0
    const made = await area.handlers.finishVersion({
      takeId: take.id,
      choices: { breaths: 'lower', maxTempoPercent: 4, shortestPauseS: 0.25 },
    })
    expect(heardFiles).toEqual([])
    expect(made.version.readback).toMatchObject({ revision_id: '702', revision_number: 2 })
    const v = await readbackOf(made.take)
    expect(v.script_read).toEqual({ revision_id: '702', text: revised.text })
    // The take's misread number is still found, and the word the revision added is missing from the read.
    expect(v.check.issues.some((i) => /thirty|30/.test(i.heard ?? ''))).toBe(true)
    expect(v.check.issues.some((i) => /friendly/.test(i.expected ?? ''))).toBe(true)
    current = script
  })
})
