/**
 * Comps on real speech: take A (day 1) misreads sentence 2, take B (day 2: 5 dB quieter, a louder room)
 * misreads sentence 4, take C stops after sentence 3. The grid, the default picks (each sentence's last
 * clean reading), the comp rendered on the take most cells come from, and the level relation of
 * neighbouring sentences from different days are held on the result; a sentence no take reads is named
 * before anything is rendered.
 */
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compCells, defaultPicks, CompError, type CompTake } from '../../../main/versions/comps/comp-plan'
import { compEdit } from '../../../main/versions/comps/comp-edit'
import { sentenceName } from '../../../main/versions/fixes/pickup-edit'
import { Recordings, sha256File, type RecordingRef } from '../../../main/versions/store/recordings'
import { renderCached } from '../../../main/versions/store/render-cache'
import { prepareRecordings } from '../../../main/versions/hearing/version-inputs'
import { compareToScript } from '../../../main/readback/compare/compare'
import { makeTempDir } from '../../support/audio-fixtures'
import { speakRead, type SpokenRead } from '../../support/voice-reads'
import {
  engineMissing,
  loudnessOf,
  rmsDb,
  samplesOf,
  SCRIPT,
  SENTENCES,
  transcribe,
  VOICE,
} from '../../unit/versions/helpers/spot'

let dir = ''
let cleanup: () => Promise<void> = async () => {}
let reads: SpokenRead[]
let takes: Array<CompTake & { ref: RecordingRef }>
let recordings: Recordings
const name = (k: number) => sentenceName(SCRIPT, k)

beforeAll(async () => {
  const missing = await engineMissing()
  if (missing) throw new Error(missing)
  ;({ dir, cleanup } = await makeTempDir('booth-comp-'))
  const a = [...SENTENCES]
  a[1] = 'Save 30% on every mattress in the store, and get free delivery on orders over $499.'
  const b = [...SENTENCES]
  b[3] = 'Our sleep experts are here to help you find the perfect bed.'
  reads = [
    await speakRead(dir, 'A', a, { ...VOICE, pausesS: [0.7, 0.55, 0.8, 0.6], roomDbfs: -62 }),
    await speakRead(dir, 'B', b, { ...VOICE, pausesS: [0.6, 0.7, 0.65, 0.75], roomDbfs: -52, roomSeed: 5, gainDb: -5 }),
    await speakRead(dir, 'C', SENTENCES.slice(0, 3), { ...VOICE, pausesS: 0.6, roomDbfs: -62, roomSeed: 3 }),
  ]
  recordings = new Recordings(join(dir, 'recordings'))
  const analyzed = await prepareRecordings(
    recordings,
    reads.map((r) => ({ path: r.path })),
    SCRIPT,
    transcribe,
  )
  takes = analyzed.map((x, i) => ({ name: `Take ${'ABC'[i]}`, analysis: x.analysis, ref: x.ref }))
}, 240_000)
afterAll(async () => {
  await cleanup()
})

describe('a comp', { timeout: 300_000 }, () => {
  it('shows each take’s reading of each sentence and picks each sentence’s last clean reading', () => {
    const cells = compCells(takes, SENTENCES.length)
    expect(cells.map((row) => row.map((c) => c.state))).toEqual([
      ['clean', 'clean', 'clean'],
      ['issues', 'clean', 'clean'],
      ['clean', 'clean', 'clean'],
      ['clean', 'issues', 'not_read'],
      ['clean', 'clean', 'not_read'],
    ])
    for (const row of cells)
      for (const c of row)
        if (c.state !== 'not_read') {
          expect(c.lufs).toBeLessThan(-10)
          expect(c.length_s).toBeGreaterThan(1)
        }
    expect(cells[1]![0]!.issues.join(' ')).toMatch(/thirty|30/)
    expect(defaultPicks(cells)).toEqual([2, 2, 2, 0, 1])
  })

  it('renders on the take most cells come from: its sentences sample-identical, the other take’s sentence at its day’s level relation, clean', async () => {
    const picks: Array<number | null> = [1, 1, 1, 0, 1]
    const edit = await compEdit(recordings, takes, picks, name)
    expect(edit.base).toBe(1)
    expect(edit.patches.map((p) => [p.sentence, p.take])).toEqual([[3, 0]])
    const out = (await renderCached(edit.list, recordings, join(dir, 'renders'))).path
    const [r, b] = await Promise.all([samplesOf(out), samplesOf(reads[1]!.path)])
    const p = edit.placements[0]!
    const shift = r.frames - b.frames
    for (const k of [0, 1, 2, 4]) {
      const s = reads[1]!.sentences[k]!
      const offset = s.firstS >= p.takeToS ? shift : 0
      for (let i = Math.round(s.firstS * b.rate); i < Math.round(s.lastS * b.rate); i++)
        if (r.raw[i + offset] !== b.raw[i]) throw new Error(`sentence ${k + 1} differs`)
    }
    // Sentence 3 (day 2) and sentence 4 (day 1) keep the relation they have within one take (take A).
    const a = reads[0]!.sentences
    const inA =
      (await loudnessOf(reads[0]!.path, a[2]!.startS, a[2]!.endS)) -
      (await loudnessOf(reads[0]!.path, a[3]!.startS, a[3]!.endS))
    const s3 = reads[1]!.sentences[2]!
    const s4start = p.takeFromS + (a[3]!.startS - p.sourceFromS)
    const inComp =
      (await loudnessOf(out, s3.startS, s3.endS)) -
      (await loudnessOf(out, s4start, s4start + (a[3]!.endS - a[3]!.startS)))
    expect(Math.abs(inComp - inA)).toBeLessThanOrEqual(1.5)
    // The pauses are the base take's room tone.
    const pauseB = { a: reads[1]!.sentences[2]!.endS, b: reads[1]!.sentences[3]!.startS }
    const mid = (q: { a: number; b: number }) => [q.a + (q.b - q.a) * 0.3, q.a + (q.b - q.a) * 0.7] as const
    expect(
      Math.abs(rmsDb(r.x, r.rate, ...mid({ a: pauseB.a, b: s4start })) - rmsDb(b.x, b.rate, ...mid(pauseB))),
    ).toBeLessThanOrEqual(3)
    const { words } = await transcribe(out, SCRIPT)
    const check = compareToScript(SCRIPT, words)
    expect(
      check.issues.filter((i) => i.severity !== 'soft'),
      check.summary ?? '',
    ).toEqual([])
    const again = await renderCached(edit.list, new Recordings(join(dir, 'recordings')), join(dir, 'renders-again'))
    expect(await sha256File(again.path)).toBe(await sha256File(out))
  })

  it('lets any cell be picked, a flubbed one too', async () => {
    const edit = await compEdit(recordings, takes, [1, 0, 1, 0, 1], name)
    expect(edit.patches.map((p) => p.sentence).sort()).toEqual([1, 3])
  })

  it('names every sentence no take reads before anything is rendered', async () => {
    const onlyC = [takes[2]!]
    const picks = defaultPicks(compCells(onlyC, SENTENCES.length))
    const failed = compEdit(recordings, onlyC, picks, name)
    await expect(failed).rejects.toThrow(CompError)
    await expect(compEdit(recordings, onlyC, picks, name)).rejects.toThrow(
      new RegExp(
        String.raw`^No take reads sentence 4, “Our sleep experts are here to help you find the perfect ` +
          String.raw`fit\.” or sentence 5, “Visit us at 1400 Harbor Boulevard, open 9 to 9\.”; record them \(a ` +
          String.raw`pickup\) before rendering the comp\.$`,
      ),
    )
    await expect(compEdit(recordings, takes, [2, 2, 2, 2, 1], name)).rejects.toThrow(/^Take C does not read sentence 4/)
  })
})
