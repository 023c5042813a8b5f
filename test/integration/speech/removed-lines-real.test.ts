/**
 * Lines a producer removed, cut out of a take read from the older script, on real speech (espeak-ng reads
 * the take in one run with its own pauses; the real pocketsphinx read-back). Revision 1 has three
 * sentences; revision 2 removes the middle one, another removes the last, another the last two. The take
 * brought to the new script by a version that only cuts (what the window's "Cut the removed lines" makes),
 * or by a pickup of a changed line next to the removed one, or of a line added where it was (`npm run
 * pickup … --take-script`), reads back
 * as the new script; every cut is in one of the take's pauses; no splice clicks (held-out-splices.test.ts's
 * measure); the pause where a line went keeps the length of the pause before it, and a removed last line
 * leaves the take's own tail.
 */
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compareToScript } from '../../../main/readback/compare/compare'
import { placePatches, type Removal } from '../../../main/versions/fixes/place-patches'
import { runPickupCli } from '../../../main/versions/service/pickup-cli'
import { Recordings, sha256File } from '../../../main/versions/store/recordings'
import { removedRuns, removedSentenceName } from '../../../main/versions/revisions/removed-lines'
import { renderCached } from '../../../main/versions/store/render-cache'
import { reviseTake } from '../../../main/versions/revisions/revised-take'
import { removalChanges } from '../../../main/versions/fixes/take-fixes'
import { toEditList, type Timeline } from '../../../main/versions/cuts/timeline'
import { prepareRecordings, type AnalyzedRecording } from '../../../main/versions/hearing/version-inputs'
import { summarize } from '../../../main/versions/work/change-summary'
import { makeTempDir } from '../../support/audio-fixtures'
import { synthRead, type SynthRead, type SynthVoice } from '../../support/synth-reads'
import { speakRead } from '../../support/voice-reads'
import { ownQuietStep, spliceSteps } from '../../unit/versions/helpers/splice-clicks'
import {
  cutSteps,
  engineMissing,
  samplesOf,
  transcribe,
  VOICE as SPOKEN,
  type Side,
} from '../../unit/versions/helpers/spot'

const OLD = [
  "This Saturday only, it's the biggest sale of the year at Dream Street Furniture.",
  'Queen mattresses start at just $299.',
  'Visit us at 1400 Harbor Boulevard, open 9 to 9.',
]
const CHANGED_LAST = 'Visit us at 1400 Harbor Boulevard, open 8 to 9.'
const ADDED = 'Save 20% on every mattress in the store, and get free delivery on orders over $499.'
const VOICE: SynthVoice = { synth: 'espeak-ng', voice: 'en-us+f2', rate: 175 }
const BREAKS = [0.6, 0.65]
const script = (lines: readonly string[]) => lines.join('\n')

let dir = ''
let cleanup: () => Promise<void> = async () => {}
let take: SynthRead
let recordings: Recordings
let analyzed: AnalyzedRecording

beforeAll(async () => {
  const missing = await engineMissing()
  if (missing) throw new Error(missing)
  ;({ dir, cleanup } = await makeTempDir('booth-removed-lines-'))
  take = await synthRead(dir, 'take', VOICE, OLD, { breaksS: BREAKS, leadS: 0.4, tailS: 0.5, roomDbfs: -60 })
  recordings = new Recordings(join(dir, 'recordings'))
  ;[analyzed] = (await prepareRecordings(recordings, [{ path: take.path }], script(OLD), transcribe)) as [
    AnalyzedRecording,
  ]
}, 180_000)
afterAll(async () => {
  await cleanup()
})

/** The version that only cuts the removed lines (removed-line-version.ts does this on a take), rendered. */
async function cutOnly(
  next: readonly string[],
  tag: string,
): Promise<{ timeline: Timeline; removals: Removal[]; out: string }> {
  const revised = reviseTake(analyzed.analysis, script(OLD), script(next))
  const runs = removedRuns(analyzed.analysis, revised.map)
  const { timeline, removals } = placePatches(
    revised.analysis,
    [],
    (k) => `sentence ${k + 1}`,
    () => 'the take',
    { runs, name: (r) => removedSentenceName(script(OLD), r.old[0] as number, 1) },
  )
  const out = (await renderCached(toEditList(timeline, analyzed.ref.format), recordings, join(dir, tag))).path
  return { timeline, removals, out }
}

async function readsAs(out: string, lines: readonly string[]): Promise<void> {
  const text = script(lines)
  const check = compareToScript(text, (await transcribe(out, text)).words)
  expect(
    check.issues.filter((i) => i.severity !== 'soft'),
    check.summary ?? '',
  ).toEqual([])
  expect(check.verdict).toBe('matches')
}

/** A cut at `at` of the take lies in one of its quiet stretches (25 ms given, as held-out-splices does). */
function expectInPause(at: number): void {
  expect(
    take.quiet.find(([a, b]) => at > a - 0.025 && at < b + 0.025),
    `the cut at ${at.toFixed(3)} s is in a pause of the take`,
  ).toBeDefined()
}

async function expectNoClick(out: string, timeline: Timeline): Promise<void> {
  const hash = await sha256File(take.path)
  const side: Side = await samplesOf(take.path)
  const result = await samplesOf(out)
  const own = ownQuietStep(side, take.quiet)
  const splices = spliceSteps(result, timeline, new Map([[hash, take.quiet]]))
  expect(splices).toHaveLength(timeline.crossfadesS.length)
  for (const s of splices)
    expect(s.step, `quiet parts around the splice at ${s.atS.toFixed(3)} s`).toBeLessThanOrEqual(2 * own)
  for (const c of cutSteps(result, timeline, new Map([[hash, side]])))
    expect(c.result, `across the crossfade at ${c.atS.toFixed(3)} s`).toBeLessThanOrEqual(2 * c.own)
}

/** The take's sentence k as the read-back found it (old script). */
const sentence = (k: number) =>
  analyzed.analysis.sentences[k] as NonNullable<(typeof analyzed.analysis.sentences)[number]>

describe('a version that only cuts the lines the producer removed', { timeout: 300_000 }, () => {
  it('the middle line removed: one cut, from the pause before it to the pause before the next line, keeping that pause’s length', async () => {
    const next = [OLD[0], OLD[2]] as string[]
    const { timeline, removals, out } = await cutOnly(next, 'middle')
    expect(removals.map((r) => r.run.old)).toEqual([[1]])
    const r = removals[0] as Removal
    expectInPause(r.takeFromS)
    expectInPause(r.takeToS)
    expect(r.takeFromS).toBeGreaterThan(sentence(0).soundEndS)
    expect(r.takeFromS).toBeLessThan(sentence(1).soundOnsetS)
    expect(r.takeToS).toBeGreaterThan(sentence(1).soundEndS)
    expect(r.takeToS).toBeLessThan(sentence(2).soundOnsetS)
    // Both cuts at the same distance from their onsets: the pause before line 3 is as long as the one before line 2 was.
    expect(sentence(1).soundOnsetS - r.takeFromS).toBeCloseTo(sentence(2).soundOnsetS - r.takeToS, 3)
    await expectNoClick(out, timeline)
    await readsAs(out, next)
    const changes = removalChanges(timeline, removals, script(OLD), 1)
    expect(summarize(changes)).toMatch(
      /^Removed line cut: sentence 2 of revision 1, “Queen mattresses start at just \$299\.”, −\d\.\d s\.$/,
    )
  })

  it('the last line removed: cut from the pause after the line before it, and the take’s own tail kept', async () => {
    const next = [OLD[0], OLD[1]] as string[]
    const { timeline, removals, out } = await cutOnly(next, 'last')
    expect(removals.map((r) => r.run.old)).toEqual([[2]])
    const r = removals[0] as Removal
    expectInPause(r.takeFromS)
    expectInPause(r.takeToS)
    expect(r.takeFromS).toBeGreaterThan(sentence(1).soundEndS)
    expect(r.takeToS).toBeGreaterThan(sentence(2).soundEndS)
    // What follows the last line kept is the pause after it up to the cut, then the take's tail: as long as the take's tail was.
    const rendered = await samplesOf(out)
    const resultS = rendered.frames / rendered.rate
    expect(resultS).toBeCloseTo(r.takeFromS + (analyzed.analysis.durationS - r.takeToS), 3)
    const after = resultS - sentence(1).soundEndS
    expect(after).toBeCloseTo(analyzed.analysis.durationS - sentence(2).soundEndS, 2)
    await expectNoClick(out, timeline)
    await readsAs(out, next)
  })

  it('the last two lines removed: one run, one cut', async () => {
    const next = [OLD[0]] as string[]
    const { timeline, removals, out } = await cutOnly(next, 'last-two')
    expect(removals.map((r) => r.run.old)).toEqual([[1, 2]])
    expect(timeline.crossfadesS).toHaveLength(1)
    expectInPause((removals[0] as Removal).takeFromS)
    expectInPause((removals[0] as Removal).takeToS)
    await expectNoClick(out, timeline)
    await readsAs(out, next)
    expect(summarize(removalChanges(timeline, removals, script(OLD), 1))).toMatch(
      /^Removed line cut: sentence 2 of revision 1, .*; Removed line cut: sentence 3 of revision 1, /,
    )
  })
})

describe('a pickup placed for a revision that also removed a line', { timeout: 300_000 }, () => {
  it(
    'npm run pickup … --take-script: the line next to the changed one goes out with the take’s ' +
      'old wording, and the result reads as the new script',
    async () => {
      const next = [OLD[0], CHANGED_LAST] as string[]
      const [oldPath, newPath] = [join(dir, 'old.txt'), join(dir, 'new.txt')]
      await writeFile(oldPath, `${script(OLD)}\n`)
      await writeFile(newPath, `${script(next)}\n`)
      const pickup = await synthRead(dir, 'pickup', VOICE, [CHANGED_LAST], {
        leadS: 0.5,
        tailS: 0.6,
        roomDbfs: -62,
        roomSeed: 5,
      })
      const r = await runPickupCli([
        take.path,
        pickup.path,
        '--script',
        newPath,
        '--take-script',
        oldPath,
        '-o',
        join(dir, 'fixed.wav'),
        '--engine',
        'pocketsphinx',
      ])
      expect(r.stderr).toBe('')
      expect(r.code).toBe(0)
      const json = JSON.parse(r.stdout)
      expect(json.to_record).toEqual([2])
      expect(json.edits.map((e: { sentence: number }) => e.sentence)).toEqual([2])
      const edit = json.edits[0] as { take_from_s: number; take_to_s: number }
      // The patch replaces the removed line and the old wording of the changed one: from the pause before the removed line.
      expect(edit.take_from_s).toBeGreaterThan(sentence(0).soundEndS)
      expect(edit.take_from_s).toBeLessThan(sentence(1).soundOnsetS)
      expect(edit.take_to_s).toBeGreaterThan(sentence(2).soundEndS)
      expectInPause(edit.take_from_s)
      expectInPause(edit.take_to_s)
      expect(json.removed).toEqual([{ sentence: 2, take_from_s: edit.take_from_s, take_to_s: edit.take_to_s }])
      expect(json.check.issues.filter((i: { severity: string }) => i.severity !== 'soft')).toEqual([])
      expect(json.check.verdict).toBe('matches')
    },
  )

  it('a line added where the removed one was takes its place: the pauses around it are the removed line’s', async () => {
    const next = [OLD[0], ADDED, OLD[2]] as string[]
    const [oldPath, newPath] = [join(dir, 'old-2.txt'), join(dir, 'new-2.txt')]
    await writeFile(oldPath, `${script(OLD)}\n`)
    await writeFile(newPath, `${script(next)}\n`)
    // Read as revision-real.test.ts reads its added line (the recogniser hears this read clean placed between lines).
    const pickup = await speakRead(dir, 'pickup-added', [ADDED], {
      ...SPOKEN,
      leadS: 0.5,
      tailS: 0.6,
      roomDbfs: -60,
      roomSeed: 7,
    })
    const r = await runPickupCli([
      take.path,
      pickup.path,
      '--script',
      newPath,
      '--take-script',
      oldPath,
      '-o',
      join(dir, 'fixed-2.wav'),
      '--engine',
      'pocketsphinx',
    ])
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    const json = JSON.parse(r.stdout)
    expect(json.to_record).toEqual([2])
    const edit = json.edits[0] as { sentence: number; take_from_s: number; take_to_s: number }
    expect(edit.sentence).toBe(2)
    expect(edit.take_from_s).toBeGreaterThan(sentence(0).soundEndS)
    expect(edit.take_from_s).toBeLessThan(sentence(1).soundOnsetS)
    expect(edit.take_to_s).toBeGreaterThan(sentence(1).soundEndS)
    expect(edit.take_to_s).toBeLessThan(sentence(2).soundOnsetS)
    expectInPause(edit.take_from_s)
    expectInPause(edit.take_to_s)
    expect(json.removed.map((x: { sentence: number }) => x.sentence)).toEqual([2])
    // The removed line is not heard, and the lines around the new one read clean. Inside the new line the
    // recogniser mishears a word of this pickup in this take's context ("four" as "full"), just as when the
    // same pickup is placed as a plain insertion with no line removed: the pickup's reading, not the cut.
    const text = script(next)
    const added = { from: text.indexOf(ADDED), to: text.indexOf(ADDED) + ADDED.length }
    const outside = (json.check.issues as Array<{ severity: string; script_from: number | null; kind: string }>).filter(
      (i) =>
        i.severity !== 'soft' && !(i.script_from !== null && i.script_from >= added.from && i.script_from < added.to),
    )
    expect(outside).toEqual([])
    const heard = (await transcribe(join(dir, 'fixed-2.wav'), text)).words.map((w) => w.word)
    expect(heard).not.toContain('queen')
  })
})
