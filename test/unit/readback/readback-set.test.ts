/**
 * The read-back's measuring set holds only misreads an ear could hear: each planted reading sounds
 * different from the script's (espeak-ng's phonemes differ), and stands where the script has its words.
 * ("Clark County" read as "Clarke County" was in the held-out set: the same sounds, which no read-back
 * can catch, so it counted as a miss whatever the engine did.)
 */
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { HELD_OUT, misreadRange, plant, TUNING, TUNING_VOICES, HELD_OUT_VOICES, TUNING_FLITE_VOICES, HELD_OUT_FLITE_VOICES, voiceName } from '../../support/readback-set'
import { UNSEEN, UNSEEN_VOICES } from '../../support/readback-unseen-set'

const phonemes = (text: string): string => execFileSync('espeak-ng', ['-q', '-x', text], { encoding: 'utf8' }).replace(/\s+/g, ' ').trim()

describe('the read-back measuring set', () => {
  for (const [name, spots] of [['tuning', TUNING], ['held-out', HELD_OUT], ['unseen', UNSEEN]] as const) {
    it(`${name}: every planted misread sounds different from the script and is placed in it`, () => {
      for (const spot of spots) {
        for (const m of spot.misreads) {
          const range = misreadRange(spot.script, m)
          expect(range.to, `${spot.id}: "${m.from}"`).toBeGreaterThan(range.from)
          expect(plant(spot.script, m)).not.toBe(spot.script)
          expect(phonemes(m.to), `${spot.id}: "${m.from}" → "${m.to}" sounds the same`).not.toBe(phonemes(m.from))
        }
      }
    })
  }

  it('unseen: its scripts and voices are in no other set', () => {
    const others = [...TUNING_VOICES, ...HELD_OUT_VOICES, ...TUNING_FLITE_VOICES, ...HELD_OUT_FLITE_VOICES].map((v) => `${v.synth ?? 'espeak-ng'} ${v.voice}`)
    for (const v of UNSEEN_VOICES) expect(others, voiceName(v)).not.toContain(`${v.synth ?? 'espeak-ng'} ${v.voice}`)
    const scripts = [...TUNING, ...HELD_OUT].map((s) => s.script)
    for (const spot of UNSEEN) expect(scripts).not.toContain(spot.script)
  })
})
