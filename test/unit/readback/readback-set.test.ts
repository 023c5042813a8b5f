/**
 * The read-back's measuring set holds only misreads an ear could hear: each planted reading sounds
 * different from the script's (espeak-ng's phonemes differ), and stands where the script has its words.
 * ("Clark County" read as "Clarke County" was in the held-out set: the same sounds, which no read-back
 * can catch, so it counted as a miss whatever the engine did.)
 */
import { execFileSync } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  HELD_OUT,
  misreadRange,
  plant,
  TUNING,
  TUNING_VOICES,
  HELD_OUT_VOICES,
  TUNING_FLITE_VOICES,
  HELD_OUT_FLITE_VOICES,
  voiceName,
} from '../../support/readback-set'
import { UNSEEN, UNSEEN_VOICES } from '../../support/readback-unseen-set'
import { SEALED, SEALED_VOICES } from '../../support/readback-sealed-set'
import { spoken } from '../../support/readback-measure'

const phonemes = (text: string): string =>
  execFileSync('espeak-ng', ['-q', '-x', text], { encoding: 'utf8' }).replace(/\s+/g, ' ').trim()

describe('the read-back measuring set', () => {
  for (const [name, spots] of [
    ['tuning', TUNING],
    ['held-out', HELD_OUT],
    ['unseen', UNSEEN],
    ['sealed', SEALED],
  ] as const) {
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
    const others = [...TUNING_VOICES, ...HELD_OUT_VOICES, ...TUNING_FLITE_VOICES, ...HELD_OUT_FLITE_VOICES].map(
      (v) => `${v.synth ?? 'espeak-ng'} ${v.voice}`,
    )
    for (const v of UNSEEN_VOICES) expect(others, voiceName(v)).not.toContain(`${v.synth ?? 'espeak-ng'} ${v.voice}`)
    const scripts = [...TUNING, ...HELD_OUT].map((s) => s.script)
    for (const spot of UNSEEN) expect(scripts).not.toContain(spot.script)
  })

  it('sealed: its scripts are in no other set, and no other set reads with its voices at their paces and treatments', () => {
    const others = [
      ...TUNING_VOICES,
      ...HELD_OUT_VOICES,
      ...TUNING_FLITE_VOICES,
      ...HELD_OUT_FLITE_VOICES,
      ...UNSEEN_VOICES,
    ]
    for (const v of SEALED_VOICES) {
      expect(others.map(voiceName), voiceName(v)).not.toContain(voiceName(v))
      // A new pace or a treatment at least: espeak-ng's voices and variants are all new, flite has five voices.
      expect(
        others.filter((o) => o.synth === v.synth && o.voice === v.voice && o.speed === v.speed && !v.effects),
        voiceName(v),
      ).toEqual([])
    }
    const scripts = [...TUNING, ...HELD_OUT, ...UNSEEN].map((s) => s.script)
    for (const spot of SEALED) expect(scripts).not.toContain(spot.script)
    expect(new Set(SEALED.flatMap((s) => s.misreads.map((m) => m.kind)))).toEqual(
      new Set(['day', 'month', 'number', 'price', 'rate', 'name', 'place', 'negation', 'common', 'dropped']),
    )
  })

  it('a read treated by sox (pitch, noise) comes out the same bytes every time, and other than the untreated read', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'booth-sealed-'))
    try {
      const text = 'Tickets are $45.'
      for (const voice of SEALED_VOICES.filter((v) => v.effects && v.synth === 'flite')) {
        const [a, b, plain] = await Promise.all([
          spoken(text, voice, join(dir, 'a')),
          spoken(text, voice, join(dir, 'b')),
          spoken(text, { ...voice, effects: [] }, join(dir, 'c')),
        ])
        const bytes = await Promise.all([a, b, plain].map((f) => readFile(f)))
        expect((bytes[0] as Buffer).equals(bytes[1] as Buffer), voiceName(voice)).toBe(true)
        expect((bytes[0] as Buffer).equals(bytes[2] as Buffer), voiceName(voice)).toBe(false)
      }
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
