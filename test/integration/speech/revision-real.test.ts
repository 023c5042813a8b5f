/**
 * A producer's revision on real speech (espeak-ng reads, the real pocketsphinx read-back): a take read from
 * the OLD script (3 sentences); a NEW script with sentence 2 changed and a 4th added at the end, and another
 * with a sentence added in the middle. `npm run pickup … --take-script OLD.txt` places pickups of the
 * changed and the added sentence where the NEW script puts them and the result reads back clean against
 * NEW; `npm run comp … --take-script` offers the old take for the sentences it reads unchanged (and only
 * those). Without the take's script, the added line's pickup finds nothing of it in the take's script.
 */
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCompCli } from '../../../main/versions/service/comp-cli'
import { runPickupCli } from '../../../main/versions/service/pickup-cli'
import { makeTempDir } from '../../support/audio-fixtures'
import { speakRead, type SpokenRead } from '../../support/voice-reads'
import { engineMissing, VOICE } from '../../unit/versions/helpers/spot'

const OLD = [
  "This Saturday only, it's the biggest sale of the year at Dream Street Furniture.",
  'Queen mattresses start at just $299.',
  'Visit us at 1400 Harbor Boulevard, open 9 to 9.',
]
const CHANGED = 'Queen mattresses start at just $279.'
const ADDED_LAST = 'Get free delivery on every mattress in the store.'
const ADDED_MIDDLE = 'Save 20% on every mattress in the store, and get free delivery on orders over $499.'
const NEW_END = [OLD[0], CHANGED, OLD[2], ADDED_LAST] as string[]
const NEW_MIDDLE = [OLD[0], ADDED_MIDDLE, OLD[1], OLD[2]] as string[]
const ENGINE = ['--engine', 'pocketsphinx']

let dir = ''
let cleanup: () => Promise<void> = async () => {}
const scripts: Record<'old' | 'end' | 'middle', string> = { old: '', end: '', middle: '' }
let take: SpokenRead
let pickupChanged: SpokenRead
let pickupAddedLast: SpokenRead
let pickupAddedMiddle: SpokenRead
let newTake: SpokenRead

beforeAll(async () => {
  const missing = await engineMissing()
  if (missing) throw new Error(missing)
  ;({ dir, cleanup } = await makeTempDir('booth-revision-'))
  for (const [key, lines] of [
    ['old', OLD],
    ['end', NEW_END],
    ['middle', NEW_MIDDLE],
  ] as const) {
    scripts[key] = join(dir, `${key}.txt`)
    await writeFile(scripts[key], `${lines.join('\n')}\n`)
  }
  take = await speakRead(dir, 'take', OLD, { ...VOICE, pausesS: [0.7, 0.65], roomDbfs: -62 })
  pickupChanged = await speakRead(dir, 'pickup-changed', [CHANGED], {
    ...VOICE,
    leadS: 0.5,
    tailS: 0.6,
    roomDbfs: -60,
    roomSeed: 5,
  })
  pickupAddedLast = await speakRead(dir, 'pickup-added-last', [ADDED_LAST], {
    ...VOICE,
    leadS: 0.5,
    tailS: 0.6,
    roomDbfs: -60,
    roomSeed: 6,
  })
  pickupAddedMiddle = await speakRead(dir, 'pickup-added-middle', [ADDED_MIDDLE], {
    ...VOICE,
    leadS: 0.5,
    tailS: 0.6,
    roomDbfs: -60,
    roomSeed: 7,
  })
  // A take read from the NEW script that starts at its second sentence: only the old take reads the first.
  newTake = await speakRead(dir, 'new-take', NEW_END.slice(1), {
    ...VOICE,
    pausesS: [0.6, 0.75],
    roomDbfs: -61,
    roomSeed: 9,
  })
}, 180_000)
afterAll(async () => {
  await cleanup()
})

describe('a revised script carries through the CLIs', { timeout: 400_000 }, () => {
  it('a changed sentence and a line added at the end: each pickup goes where the new script puts it, and the result reads clean against it', async () => {
    const out = join(dir, 'fixed-end.wav')
    const r = await runPickupCli([
      take.path,
      pickupChanged.path,
      pickupAddedLast.path,
      '--script',
      scripts.end,
      '--take-script',
      scripts.old,
      '-o',
      out,
      ...ENGINE,
    ])
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    const json = JSON.parse(r.stdout)
    expect(json.to_record).toEqual([2, 4])
    expect(json.edits.map((e: { sentence: number; source: string }) => [e.sentence, e.source])).toEqual([
      [2, pickupChanged.path],
      [4, pickupAddedLast.path],
    ])
    const [changed, added] = json.edits as Array<{ take_from_s: number; take_to_s: number }>
    // The changed sentence replaces the take's old wording of it.
    expect(changed!.take_from_s).toBeLessThan(take.sentences[1]!.startS)
    expect(changed!.take_to_s).toBeGreaterThan(take.sentences[1]!.endS)
    // The added last line goes after the take's last sentence.
    expect(added!.take_from_s).toBeGreaterThan(take.sentences[2]!.endS)
    expect(json.check.verdict).toBe('matches')
    expect(json.check.issues.filter((i: { severity: string }) => i.severity !== 'soft')).toEqual([])
  })

  it('a line added in the middle goes between its neighbours, and the result reads clean against the new script', async () => {
    const out = join(dir, 'fixed-middle.wav')
    const r = await runPickupCli([
      take.path,
      pickupAddedMiddle.path,
      '--script',
      scripts.middle,
      '--take-script',
      scripts.old,
      '-o',
      out,
      ...ENGINE,
    ])
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    const json = JSON.parse(r.stdout)
    expect(json.to_record).toEqual([2])
    expect(json.edits).toHaveLength(1)
    const edit = json.edits[0] as { sentence: number; take_from_s: number; take_to_s: number }
    expect(edit.sentence).toBe(2)
    expect(edit.take_from_s).toBeGreaterThan(take.sentences[0]!.endS)
    expect(edit.take_from_s).toBeLessThan(take.sentences[1]!.startS)
    expect(json.check.verdict).toBe('matches')
  })

  it('without the take’s own script, the pickup of the added line is still refused against the old script (what the window did before)', async () => {
    const r = await runPickupCli([
      take.path,
      pickupAddedLast.path,
      '--script',
      scripts.old,
      '-o',
      join(dir, 'never.wav'),
      ...ENGINE,
    ])
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/reads no sentence of the script/)
  })

  it('a comp offers the old take for the sentences it reads unchanged, and never for the changed or added ones', async () => {
    const out = join(dir, 'comp.wav')
    const r = await runCompCli([
      take.path,
      newTake.path,
      '--script',
      scripts.end,
      '--take-script',
      `${take.path}=${scripts.old}`,
      '-o',
      out,
      ...ENGINE,
    ])
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    const json = JSON.parse(r.stdout)
    const sources = (json.pieces as Array<{ sentence: number; source: string }>).map((p) => [p.sentence, p.source])
    // Sentence 1: only the old take reads it (unchanged), so the comp takes it from there.
    expect(sources).toEqual([
      [1, take.path],
      [2, newTake.path],
      [3, newTake.path],
      [4, newTake.path],
    ])
    expect(json.check.verdict).toBe('matches')

    // Picking the old take for the sentence the producer changed is refused, naming it.
    const refused = await runCompCli([
      take.path,
      newTake.path,
      '--script',
      scripts.end,
      '--take-script',
      `${take.path}=${scripts.old}`,
      '--pick',
      `2=${take.path}`,
      '-o',
      join(dir, 'never.wav'),
      ...ENGINE,
    ])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/read before sentence 2 was changed/)
  })
})
