/**
 * Splices on takes Booth did not make: voices and rates no other version test uses (espeak-ng en-us+m3 and
 * en-gb, flite slt, kal16 and awb at other paces), each read in one synthesiser run whose pauses between
 * sentences (0.4–0.6 s) the synthesiser makes itself (SSML breaks). Pickups, a pickup with a run-up and
 * a comp must cut in those pauses, with no click: around every splice, the largest sample-to-sample step
 * in the result's quiet parts stays within twice the take's own largest step in its quiet parts (quiet:
 * where the voice alone is no louder than the room tone, carried into the result through the timeline),
 * and across each crossfade within twice what either side has of its own there.
 */
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PocketsphinxEngine } from '../../../main/readback/engines/pocketsphinx/pocketsphinx-engine'
import { readBack } from '../../../main/readback/read-back'
import { compCells, defaultPicks, type CompTake } from '../../../main/versions/comps/comp-plan'
import { compEdit } from '../../../main/versions/comps/comp-edit'
import { pickupEdit, sentenceName, type PickupEdit } from '../../../main/versions/fixes/pickup-edit'
import { Recordings, type RecordingRef } from '../../../main/versions/store/recordings'
import { renderCached } from '../../../main/versions/store/render-cache'
import { issueInSentence, scriptSentences } from '../../../main/readback/compare/sentence-spans'
import { prepareRecordings } from '../../../main/versions/hearing/version-inputs'
import type { ReadbackCheck } from '../../../shared/readback/types'
import { makeTempDir } from '../../support/audio-fixtures'
import { synthRead, type SynthRead, type SynthVoice } from '../../support/synth-reads'
import { measureClicks, type Measured } from '../../unit/versions/helpers/splice-clicks'
import { engineMissing, SCRIPT, SENTENCES, transcribe } from '../../unit/versions/helpers/spot'
import { BREAKS, FLUBBED, RUN_UP } from '../../unit/versions/helpers/held-out-reads'

let dir = ''
let cleanup: () => Promise<void> = async () => {}

beforeAll(async () => {
  const missing = await engineMissing()
  if (missing) throw new Error(missing)
  ;({ dir, cleanup } = await makeTempDir('booth-held-out-'))
}, 60_000)
afterAll(async () => {
  await cleanup()
})

/** A room tone the voice's own pauses do not rise above (flite's pauses carry a faint floor of their own). */
const roomOf = (v: SynthVoice): number => (v.synth === 'flite' ? -50 : -60)

/**
 * pocketsphinx_continuous shifts every word of an utterance by seconds when a pause of about half a second
 * sits inside it (its VAD; see the report of this change): a read whose words run past its end was not
 * heard where it was said, and no cutting rule can place anything by it. Said plainly, not as a cut failure.
 */
async function heardInPlace(read: SynthRead): Promise<void> {
  const { words } = await transcribe(read.path, SCRIPT)
  const last = Math.max(...words.map((w) => w.end_s))
  if (last > read.durationS + 0.05)
    throw new Error(
      `the recogniser put words at ${last.toFixed(2)} s of a ${read.durationS.toFixed(2)} s read (pocketsphinx's shifted utterance times)`,
    )
}

function expectNoClick(m: Measured, splices: number): void {
  expect(m.splices).toHaveLength(splices)
  expect(m.own).toBeGreaterThan(0)
  for (const s of m.splices)
    expect(s.step, `quiet parts around the splice at ${s.atS.toFixed(3)} s`).toBeLessThanOrEqual(2 * m.own)
  for (const c of m.cuts)
    expect(c.result, `across the crossfade at ${c.atS.toFixed(3)} s`).toBeLessThanOrEqual(2 * c.own)
}

/**
 * A cut of `read` at `at` lies in one of its quiet stretches (the synthesiser's pauses, its lead and tail).
 * The truth is judged in 10 ms blocks against the room tone's RMS, so a sentence's last decay just at the
 * room tone's level may end a block later: 25 ms of it are given.
 */
function expectInPause(read: SynthRead, at: number, whose: string): void {
  const pause = read.quiet.find(([a, b]) => at > a - 0.025 && at < b + 0.025)
  expect(pause, `${whose}'s cut at ${at.toFixed(3)} s is in a pause`).toBeDefined()
}

/** Each of the take's cuts (placements) lies in one of its pauses. */
function expectCutsInPauses(e: PickupEdit, take: SynthRead): void {
  for (const p of e.placements) for (const at of [p.takeFromS, p.takeResumeS]) expectInPause(take, at, 'the take')
}

const PICKUPS: Array<{ voice: SynthVoice; runUp: boolean }> = [
  { voice: { synth: 'espeak-ng', voice: 'en-us+m3', rate: 190 }, runUp: false },
  { voice: { synth: 'flite', voice: 'slt', rate: 1.15 }, runUp: false },
  { voice: { synth: 'flite', voice: 'kal16', rate: 1.15 }, runUp: true },
  { voice: { synth: 'espeak-ng', voice: 'en-gb', rate: 190 }, runUp: true },
  { voice: { synth: 'flite', voice: 'awb', rate: 0.9 }, runUp: true },
]

describe.each(PICKUPS)(
  'pickups on a held-out read: $voice.synth $voice.voice at $voice.rate, run-up $runUp',
  ({ voice, runUp }) => {
    let take: SynthRead
    let pickups: SynthRead[]
    let edit: PickupEdit
    let out = ''

    beforeAll(async () => {
      const tag = `${voice.voice.replace(/\W/g, '')}${voice.rate}`
      const room = roomOf(voice)
      take = await synthRead(dir, `${tag}-take`, voice, FLUBBED, { breaksS: BREAKS, roomDbfs: room })
      // Recorded later in the same room with the input 3 dB lower: voice and room tone both 3 dB down.
      const later = { roomDbfs: room - 3, gainDb: -3 }
      pickups = runUp
        ? [
            await synthRead(dir, `${tag}-runup`, voice, [RUN_UP, SENTENCES[2] as string], {
              breaksS: 0.5,
              roomSeed: 9,
              ...later,
            }),
          ]
        : [
            await synthRead(dir, `${tag}-p1`, voice, [SENTENCES[2] as string], { roomSeed: 5, ...later }),
            await synthRead(dir, `${tag}-p2`, voice, [SENTENCES[4] as string], { roomSeed: 7, ...later }),
          ]
      for (const r of [take, ...pickups]) await heardInPlace(r)
      const recordings = new Recordings(join(dir, tag, 'recordings'))
      edit = await pickupEdit({
        recordings,
        script: SCRIPT,
        take: { path: take.path },
        pickups: pickups.map((p, i) => ({ path: p.path, name: `Pickup ${i + 1}` })),
        transcribe,
      })
      out = (await renderCached(edit.list, recordings, join(dir, tag, 'renders'))).path
    }, 300_000)

    it('cuts in the synthesiser’s own pauses', () => {
      expect(edit.placements.map((p) => p.sentence)).toEqual(runUp ? [2] : [2, 4])
      expectCutsInPauses(edit, take)
    })

    it('leaves no click at any splice', async () => {
      expectNoClick(await measureClicks(out, edit.timeline, take, [take, ...pickups]), edit.timeline.crossfadesS.length)
    })
  },
)

describe('a comp of held-out reads with 0.58 s pauses', () => {
  const voice: SynthVoice = { synth: 'flite', voice: 'kal16', rate: 1.1 }
  let reads: SynthRead[]
  let takes: Array<CompTake & { ref: RecordingRef }>
  let recordings: Recordings

  beforeAll(async () => {
    // A reads every sentence as written; B (the next day) misreads sentence 2; C (the newest) sentences 1 and 4.
    const b = [...SENTENCES]
    b[1] = 'Save 30% on every mattress in the store, and get free delivery on orders over $499.'
    const c = [...SENTENCES]
    c[0] = "This Sunday only, it's the biggest sale of the year at Dream Street Furniture."
    c[3] = 'Our sleep experts are here to help you find the perfect bed.'
    const pause = 0.581
    reads = [
      await synthRead(dir, 'comp-A', voice, SENTENCES, { breaksS: pause, roomDbfs: roomOf(voice) }),
      await synthRead(dir, 'comp-B', voice, b, {
        breaksS: pause,
        roomDbfs: roomOf(voice) - 2,
        roomSeed: 5,
        gainDb: -2,
      }),
      await synthRead(dir, 'comp-C', voice, c, { breaksS: pause, roomDbfs: roomOf(voice), roomSeed: 3 }),
    ]
    for (const r of reads) await heardInPlace(r)
    recordings = new Recordings(join(dir, 'comp', 'recordings'))
    const analyzed = await prepareRecordings(
      recordings,
      reads.map((r) => ({ path: r.path })),
      SCRIPT,
      transcribe,
    )
    // Each take's read-back as the talent sees it: the words heard with the recogniser's doubts weighed.
    const engine = new PocketsphinxEngine()
    const checks: ReadbackCheck[] = []
    for (const r of reads) checks.push((await readBack(engine, r.path, SCRIPT)).check)
    takes = analyzed.map((x, i) => ({
      name: `Take ${'ABC'[i]}`,
      analysis: x.analysis,
      ref: x.ref,
      readback: { check: checks[i] as ReadbackCheck, script: SCRIPT },
    }))
  }, 400_000)

  it('picks for each sentence the newest take whose read-back reads it clean', () => {
    const ranges = scriptSentences(SCRIPT)
    const clean = takes.map((t) =>
      ranges.map(
        (r, k) =>
          t.analysis.sentences[k] !== null &&
          !t.readback?.check.issues.some((i) => i.severity !== 'soft' && issueInSentence(i, r)),
      ),
    )
    const picks = defaultPicks(compCells(takes, SENTENCES.length))
    console.info(
      `comp: clean by the read-back (sentence × take A, B, C): ` +
        `${ranges.map((_, k) => clean.map((c) => (c[k] ? 'C' : '-')).join('')).join(' ')}; picks ${picks.join(',')}`,
    )
    let compared = 0
    ranges.forEach((_, k) => {
      const newestClean = [2, 1, 0].find((t) => clean[t]?.[k])
      if (newestClean === undefined) return
      compared++
      expect(picks[k], `sentence ${k + 1}`).toBe(newestClean)
    })
    // Sentence 1: take C misreads it ("Sunday"), which the read-back hears; its default is the newest other clean reading.
    expect(clean[2]?.[0]).toBe(false)
    expect(picks[0]).not.toBe(2)
    expect(compared).toBeGreaterThanOrEqual(3)
  })

  it('renders the default comp with its cuts in the pauses and no click', async () => {
    const picks = defaultPicks(compCells(takes, SENTENCES.length))
    const edit = await compEdit(recordings, takes, picks, (k) => sentenceName(SCRIPT, k))
    expect(edit.patches.length).toBeGreaterThan(0)
    const base = reads[edit.base] as SynthRead
    for (const p of edit.placements)
      for (const at of [p.takeFromS, p.takeResumeS]) expectInPause(base, at, 'the base take')
    const out = (await renderCached(edit.list, recordings, join(dir, 'comp', 'renders'))).path
    expectNoClick(await measureClicks(out, edit.timeline, base, reads), edit.timeline.crossfadesS.length)
  }, 300_000)
})
