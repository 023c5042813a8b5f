/**
 * The finished version's words about the read's own level (issue 42), from real finishes (espeak-ng over a
 * pink room tone, the real finish engine): a quiet dry voice whose gain lifts the room tone over ACX's
 * −60 dBFS is told so with the report's figures; a podcast finish the limiter works on says the read kept its
 * dynamics, with its spread. A finish that recorded neither figure says nothing of them.
 */
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findProfile, type DeliveryProfile } from '../../../main/audio/delivery-profiles'
import { DYNAMICS_RULES } from '../../../main/finish/level-dynamics'
import { finishTake } from '../../../main/finish/finish-take'
import { profileView } from '../../../main/finish/finish-version'
import { finishNotes, KEEP_SPREAD_DB } from '../../../renderer/src/takes/versions/finish-notes'
import { makeTempDir } from '../../support/audio-fixtures'
import { layTake, scaleToPeak, speech, SR, writeWav24 } from './level-audio'

const SENTENCES = [
  'When the harbour opens at nine, the boats leave for the island.',
  'Tickets, maps and lunch are twelve dollars at the door.',
  'Bring the family, stay for supper, and watch the fireworks.',
]

let tmp: { dir: string; cleanup: () => Promise<void> }
let parts: Float32Array[]
beforeAll(async () => {
  tmp = await makeTempDir('booth-finish-notes-')
  parts = await Promise.all(SENTENCES.map((s) => speech(tmp.dir, s)))
}, 120_000)
afterAll(async () => {
  await tmp.cleanup()
})

/** A real finish of the read at `peakDbfs` over room tone at `roomDbfs`, and the notes its version shows. */
async function finished(
  name: string,
  peakDbfs: number,
  roomDbfs: number,
  kind: 'dry_voice' | 'finished_spot',
  p: string,
) {
  const take = await layTake(
    tmp.dir,
    parts.map((x) => scaleToPeak(x, peakDbfs)),
    0.8,
    roomDbfs,
    31,
  )
  const input = await writeWav24(tmp.dir, name, take.x)
  const profile = findProfile(p) as DeliveryProfile
  const report = await finishTake({
    input,
    output: join(tmp.dir, `${name}-out.wav`),
    spotLengthS: take.x.length / SR,
    kind,
    profile,
  })
  const notes = finishNotes({ ...report, profile: profileView(profile) })
  return { report, notes }
}

const db1 = (x: number) => `${x < 0 ? '−' : ''}${Math.abs(x).toFixed(1)}`

describe("a finished version's level, in words", { timeout: 120_000 }, () => {
  it('a quiet dry voice: the gain it needs lifts the room tone over the noise floor, said with the figures', async () => {
    const { report, notes } = await finished('quiet', -22, -62, 'dry_voice', 'dry-voice')
    const n = report.noise_floor
    expect(n).toMatchObject({ max_dbfs: -60, above: true })
    const said = notes.find((x) => x.key === 'noise_floor')
    expect(said).toEqual({
      key: 'noise_floor',
      tone: 'warning',
      text:
        `The +${report.gain_db.toFixed(1)} dB gain this voice needs lifts the room tone from ` +
        `${db1(n!.before_dbfs)} to ${db1(n!.after_dbfs)} dBFS, above the −60.0 dBFS noise floor the Dry voice ` +
        'profile allows: a quieter room, or the microphone closer and the input gain up, would keep it under.',
    })
    expect(report.gain_db).toBeGreaterThan(8)
  })

  it('a podcast finish the limiter works on: the read kept its own dynamics, with the spread it kept to and what was given back', async () => {
    const { report, notes } = await finished('loud', -6, -62, 'finished_spot', 'podcast')
    const d = report.dynamics
    expect(d, 'the limiter took peaks off this read').not.toBeNull()
    expect(d).toMatchObject({ kept: true })
    expect(d!.phrases_restored).toBeGreaterThan(0)
    expect(notes.find((x) => x.key === 'dynamics')).toEqual({
      key: 'dynamics',
      tone: 'success',
      text:
        `Kept the read’s own dynamics: every phrase’s level changed by the same amount, within ${d!.spread_db.toFixed(2)} dB. ` +
        `The peak limiter alone would have moved them ${d!.spread_before_db.toFixed(1)} dB apart; ` +
        `${d!.phrases_restored} phrases got back up to ${d!.restored_max_db.toFixed(1)} dB of what it took.`,
    })
    // Podcast has no noise-floor ceiling: nothing said of the room tone.
    expect(report.noise_floor).toBeNull()
    expect(notes.map((x) => x.key)).toEqual(['dynamics'])
  })

  it('says nothing of a figure a finish did not record, and keeps to the spread main keeps to', () => {
    const profile = { label: 'Podcast' }
    expect(finishNotes({ gain_db: 3, profile })).toEqual([])
    expect(finishNotes({ gain_db: 3, profile, dynamics: null, noise_floor: null })).toEqual([])
    expect(KEEP_SPREAD_DB).toBe(DYNAMICS_RULES.keepSpreadDb)
    // Not kept: said as a warning, with the spread the result has (never rounded down to the promise).
    const broken = { spread_before_db: 1.2, spread_db: 0.34, kept: false, phrases_restored: 0, restored_max_db: 0 }
    expect(finishNotes({ gain_db: 3, profile, dynamics: broken })).toEqual([
      {
        key: 'dynamics',
        tone: 'warning',
        text:
          'Could not keep the read’s own dynamics: the peak limiter changed its phrases’ levels by amounts up to 0.34 dB ' +
          'apart, more than the 0.3 dB Booth keeps to. Listen for a line that now sounds quieter or louder than you read it.',
      },
    ])
  })
})
