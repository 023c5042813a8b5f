/**
 * Splices on held-out voices in rooms held-out-splices.test.ts does not use: hiss (white noise) with a pickup
 * recorded 6 dB down, rumble (brown noise) under 60 Hz mains hum with a pickup 4 dB hot, pink noise at
 * -50 dBFS, a pickup read where the talent had moved back from the microphone (the voice 3 dB down over the
 * same room tone), flite slt with a run-up over rumble and 50 Hz hum, and a comp of two takes in that
 * rumble and hum. Around every splice, the largest sample-to-sample step in the result's quiet parts stays
 * within twice the take's own in its quiet parts, and across each crossfade within twice what either side
 * has there (splice-clicks.ts). A gated take (its pauses digital silence) keeps its silence around a
 * pickup read in a -60 dBFS room, and in a comp with another take read there: outside the patch's words
 * the result is the take's floor, and the patch's words are its own samples.
 *
 * Cheap by design: each voice reads each text once (synth-reads.ts), and that voice is mixed into every room
 * (room-tones.ts); the recogniser hears each text once, and its words stand for every room's mix of it
 * (the voice is the same samples at the same times; the rooms are what is under test, not the recogniser).
 */
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compEdit } from '../../../main/versions/comps/comp-edit'
import { pickupEdit, sentenceName } from '../../../main/versions/fixes/pickup-edit'
import { Recordings, sha256File } from '../../../main/versions/store/recordings'
import { renderCached } from '../../../main/versions/store/render-cache'
import { prepareRecordings, type Transcribe } from '../../../main/versions/hearing/version-inputs'
import { makeTempDir } from '../../support/audio-fixtures'
import { synthRead, type SynthRead, type SynthVoice } from '../../support/synth-reads'
import { inRoom, type Room } from '../../unit/versions/helpers/room-tones'
import { measureClicks, worstRatio, type Measured } from '../../unit/versions/helpers/splice-clicks'
import { engineMissing, SCRIPT, SENTENCES, transcribe } from '../../unit/versions/helpers/spot'
import { BREAKS, FLUBBED, RUN_UP } from '../../unit/versions/helpers/held-out-reads'
import { expectGatedSplices } from '../../unit/versions/helpers/gated-splices'

let dir = ''
let cleanup: () => Promise<void> = async () => {}

/** The words heard in the first mix of each read stand for every other mix of it (by SHA-256). */
const heardAs = new Map<string, string>()
const hear: Transcribe = async (path, hints) => transcribe(heardAs.get(await sha256File(path)) ?? path, hints)

beforeAll(async () => {
  const missing = await engineMissing()
  if (missing) throw new Error(missing)
  ;({ dir, cleanup } = await makeTempDir('booth-rooms-'))
}, 60_000)
afterAll(async () => {
  await cleanup()
})

const M3: SynthVoice = { synth: 'espeak-ng', voice: 'en-us+m3', rate: 190 }
const SLT: SynthVoice = { synth: 'flite', voice: 'slt', rate: 1.15 }

/** A voice's reads, synthesised once: the flubbed take, and its pickups (or one with a run-up). */
interface Reads {
  take: SynthRead
  pickups: SynthRead[]
}
const reads = new Map<SynthVoice, Promise<Reads>>()

async function heardOnce(r: SynthRead): Promise<SynthRead> {
  heardAs.set(await sha256File(r.path), r.path)
  const { words } = await transcribe(r.path, SCRIPT)
  const last = Math.max(...words.map((w) => w.end_s))
  // pocketsphinx_continuous may shift an utterance by seconds (held-out-splices.test.ts): said plainly.
  if (last > r.durationS + 0.05)
    throw new Error(`the recogniser put words at ${last.toFixed(2)} s of a ${r.durationS.toFixed(2)} s read`)
  return r
}

function readsOf(voice: SynthVoice, runUp: boolean): Promise<Reads> {
  let hit = reads.get(voice)
  if (!hit) {
    const tag = voice.voice.replace(/\W/g, '')
    hit = (async () => ({
      take: await heardOnce(await synthRead(dir, `${tag}-take`, voice, FLUBBED, { breaksS: BREAKS })),
      pickups: runUp
        ? [
            await heardOnce(
              await synthRead(dir, `${tag}-runup`, voice, [RUN_UP, SENTENCES[2] as string], { breaksS: 0.5 }),
            ),
          ]
        : [
            await heardOnce(await synthRead(dir, `${tag}-p1`, voice, [SENTENCES[2] as string])),
            await heardOnce(await synthRead(dir, `${tag}-p2`, voice, [SENTENCES[4] as string])),
          ],
    }))()
    reads.set(voice, hit)
  }
  return hit
}

/** `read` mixed into `room` at `gainDb`, its words those heard in its first mix. */
async function mixed(name: string, read: SynthRead, voice: SynthVoice, room: Room, gainDb = 0): Promise<SynthRead> {
  const r = await inRoom(dir, name, read, voice, room, gainDb)
  heardAs.set(await sha256File(r.path), read.path)
  return r
}

interface Case {
  name: string
  voice: SynthVoice
  runUp: boolean
  take: Room
  pickup: Room
  /** The pickup's gain against the take's (dB): its input gain changed, or the talent moved. */
  pickupGainDb: number
}

const HISS: Room = { noise: 'white', noiseDbfs: -66 }
const RUMBLE_HUM_60: Room = { noise: 'brown', noiseDbfs: -48, humHz: 60, humDbfs: -64 }
const RUMBLE_HUM_50: Room = { noise: 'brown', noiseDbfs: -40, humHz: 50, humDbfs: -56 }
const lower = (r: Room, db: number, seed: number): Room => ({
  ...r,
  seed,
  ...(r.noiseDbfs !== undefined ? { noiseDbfs: r.noiseDbfs + db } : {}),
  ...(r.humDbfs !== undefined ? { humDbfs: r.humDbfs + db } : {}),
})

const CASES: Case[] = [
  {
    name: 'hiss, the pickup 6 dB down',
    voice: M3,
    runUp: false,
    take: HISS,
    pickup: lower(HISS, -6, 5),
    pickupGainDb: -6,
  },
  {
    name: 'rumble and 60 Hz hum, the pickup 4 dB hot',
    voice: M3,
    runUp: false,
    take: RUMBLE_HUM_60,
    pickup: lower(RUMBLE_HUM_60, 4, 5),
    pickupGainDb: 4,
  },
  {
    name: 'pink noise at -50 dBFS',
    voice: M3,
    runUp: false,
    take: { noise: 'pink', noiseDbfs: -50 },
    pickup: { noise: 'pink', noiseDbfs: -50, seed: 5 },
    pickupGainDb: 0,
  },
  {
    name: 'pink at -60 dBFS, the talent moved back for the pickup (voice 3 dB down, same room)',
    voice: M3,
    runUp: false,
    take: { noise: 'pink', noiseDbfs: -60 },
    pickup: { noise: 'pink', noiseDbfs: -60, seed: 5 },
    pickupGainDb: -3,
  },
  {
    name: 'flite slt with a run-up, rumble and 50 Hz hum',
    voice: SLT,
    runUp: true,
    take: RUMBLE_HUM_50,
    pickup: lower(RUMBLE_HUM_50, -2, 9),
    pickupGainDb: -2,
  },
]

const figures: string[] = []
afterAll(() => {
  if (figures.length > 0) console.info(`worst step ratio per room:\n${figures.join('\n')}`)
})

function expectNoClick(m: Measured, splices: number, what: string): void {
  expect(m.splices).toHaveLength(splices)
  expect(m.own).toBeGreaterThan(0)
  figures.push(`  ${what}: ${worstRatio(m).toFixed(2)}x`)
  for (const s of m.splices)
    expect(s.step, `quiet parts around the splice at ${s.atS.toFixed(3)} s`).toBeLessThanOrEqual(2 * m.own)
  for (const c of m.cuts)
    expect(c.result, `across the crossfade at ${c.atS.toFixed(3)} s`).toBeLessThanOrEqual(2 * c.own)
}

describe.each(CASES)('a pickup in $name', (c) => {
  it('leaves no click at any splice', async () => {
    const voice = await readsOf(c.voice, c.runUp)
    const tag = c.name.replace(/\W+/g, '-')
    const take = await mixed(`${tag}-take`, voice.take, c.voice, c.take)
    const pickups: SynthRead[] = []
    for (const [i, p] of voice.pickups.entries())
      pickups.push(
        await mixed(`${tag}-p${i}`, p, c.voice, { ...c.pickup, seed: (c.pickup.seed ?? 5) + i }, c.pickupGainDb),
      )
    const recordings = new Recordings(join(dir, tag, 'recordings'))
    const edit = await pickupEdit({
      recordings,
      script: SCRIPT,
      take: { path: take.path },
      pickups: pickups.map((p, i) => ({ path: p.path, name: `Pickup ${i + 1}` })),
      transcribe: hear,
    })
    expect(edit.placements.map((p) => p.sentence)).toEqual(c.runUp ? [2] : [2, 4])
    const out = (await renderCached(edit.list, recordings, join(dir, tag, 'renders'))).path
    const m = await measureClicks(out, edit.timeline, take, [take, ...pickups])
    expectNoClick(m, edit.timeline.crossfadesS.length, c.name)
  }, 300_000)
})

/** Take B of the comps, read the next day: every sentence as written, with pauses of its own (read once). */
let takeB: Promise<SynthRead> | null = null
const readB = () =>
  (takeB ??= synthRead(dir, 'comp-B', M3, SENTENCES, { breaksS: [0.5, 0.5, 0.55, 0.45] }).then(heardOnce))

/** Take B's sentences 3 and 5 comped into take A (A reads more of the comp, so A is the base), rendered. */
async function compBsThreeAndFive(name: string, takes: SynthRead[]) {
  const recordings = new Recordings(join(dir, name, 'recordings'))
  const analyzed = await prepareRecordings(
    recordings,
    takes.map((r) => ({ path: r.path })),
    SCRIPT,
    hear,
  )
  const compTakes = analyzed.map((x, i) => ({ name: `Take ${'AB'[i]}`, analysis: x.analysis, ref: x.ref }))
  const edit = await compEdit(recordings, compTakes, [0, 0, 1, 0, 1], (k) => sentenceName(SCRIPT, k))
  expect(edit.base).toBe(0)
  expect(edit.placements.map((p) => p.sentence)).toEqual([2, 4])
  return { edit, out: (await renderCached(edit.list, recordings, join(dir, name, 'renders'))).path }
}

describe('a comp of two takes in rumble and 60 Hz hum', () => {
  it('leaves no click at any splice', async () => {
    const voice = await readsOf(M3, false)
    // Take B 2 dB lower.
    const b = await readB()
    const takes = [
      await mixed('comp-A-hum', voice.take, M3, RUMBLE_HUM_60),
      await mixed('comp-B-hum', b, M3, lower(RUMBLE_HUM_60, -2, 7), -2),
    ]
    const { edit, out } = await compBsThreeAndFive('comp', takes)
    const m = await measureClicks(out, edit.timeline, takes[0] as SynthRead, takes)
    expectNoClick(m, edit.timeline.crossfadesS.length, 'comp, rumble and 60 Hz hum')
  }, 300_000)
})

describe('a gated take (pauses of digital silence) with pickups read in a -60 dBFS room', () => {
  it('keeps its silence outside the pickups’ words, and their words as read', async () => {
    const voice = await readsOf(M3, false)
    const take = await mixed('gated-take', voice.take, M3, { noise: null })
    const pickups: SynthRead[] = []
    for (const [i, p] of voice.pickups.entries())
      pickups.push(await mixed(`gated-p${i}`, p, M3, { noise: 'pink', noiseDbfs: -60, seed: 5 + i }))
    const recordings = new Recordings(join(dir, 'gated', 'recordings'))
    const edit = await pickupEdit({
      recordings,
      script: SCRIPT,
      take: { path: take.path },
      pickups: pickups.map((p, i) => ({ path: p.path, name: `Pickup ${i + 1}` })),
      transcribe: hear,
    })
    expect(edit.placements.map((p) => p.sentence)).toEqual([2, 4])
    const out = (await renderCached(edit.list, recordings, join(dir, 'gated', 'renders'))).path
    figures.push(`  gated take: ${await expectGatedSplices(out, edit.timeline, take, pickups)}`)
  }, 300_000)
})

describe('a comp on a gated take (pauses of digital silence) of another take read in a -60 dBFS room', () => {
  it('keeps the gated take’s silence outside the other take’s words, and their words as read', async () => {
    const voice = await readsOf(M3, false)
    const takes = [
      await mixed('gated-comp-A', voice.take, M3, { noise: null }),
      await mixed('gated-comp-B', await readB(), M3, { noise: 'pink', noiseDbfs: -60, seed: 13 }),
    ]
    const { edit, out } = await compBsThreeAndFive('gated-comp', takes)
    figures.push(
      `  gated comp: ${await expectGatedSplices(out, edit.timeline, takes[0] as SynthRead, [takes[1] as SynthRead])}`,
    )
  }, 300_000)
})
