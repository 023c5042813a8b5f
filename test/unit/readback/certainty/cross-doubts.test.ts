/**
 * Names and numbers the two hearings disagree on (main/readback/certainty/cross-doubts.ts): heard as written by the
 * hearing that leans toward the script, as other words by the second hearing, they are "Listen here",
 * never "matches" — the only sign of a name changed by one sound ("Marino" read as "Martino").
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compareToScript } from '../../../../main/readback/compare/compare'
import type { CrossHearing } from '../../../../main/readback/engine'
import { issueCertainty, listenHere } from '../../../../shared/readback/certainty'
import type { TimedWord } from '../../../../shared/readback/types'

function said(text: string): TimedWord[] {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((word, i) => ({ word, start_s: i * 0.4, end_s: i * 0.4 + 0.35 }))
}

/** A second hearing whose lattice holds each of its words at `share`, and the words of `lattice` too. */
function cross(text: string, share = 0.9, lattice: TimedWord[] = []): CrossHearing {
  const words = said(text)
  return {
    words,
    lattice: [...words, ...lattice].map((w) => ({
      word: w.word,
      start_s: w.start_s,
      end_s: w.end_s,
      posterior: share,
    })),
  }
}

const SCRIPT = 'Open late at Tony Marino’s until 9 tonight.'
const CLEAN = 'open late at tony marino’s until nine tonight'

describe('names and numbers the hearings disagree on', () => {
  it('a name heard as written by one hearing and as other words by the second is "Listen here", naming them', () => {
    const check = compareToScript(SCRIPT, said(CLEAN), { cross: cross(CLEAN.replace('marino’s', 'monte')) })
    expect(check.verdict).toBe('check')
    expect(check.issues).toEqual([
      expect.objectContaining({ kind: 'changed', expected: 'Marino’s', heard: 'monte', name: true }),
    ])
    expect(check.issues.every(listenHere)).toBe(true)
  })

  it('a number likewise; the same number said another way is no doubt', () => {
    const other = compareToScript(SCRIPT, said(CLEAN), { cross: cross(CLEAN.replace('nine', 'night')) })
    expect(other.issues).toEqual([expect.objectContaining({ expected: '9', heard: 'night', number: true })])
    expect(other.issues.map(issueCertainty)).toEqual(['unsure'])
    expect(compareToScript(SCRIPT, said(CLEAN), { cross: cross(CLEAN) }).verdict).toBe('matches')
  })

  it('no doubt where the second hearing heard nothing there, or its lattice is sure of the script’s word', () => {
    const gap = said(CLEAN).filter((w) => w.word !== 'marino’s')
    expect(
      compareToScript(SCRIPT, said(CLEAN), {
        cross: { words: gap, lattice: gap.map((w) => ({ ...w, posterior: 0.9 })) },
      }).verdict,
    ).toBe('matches')
    const slip = cross(CLEAN.replace('marino’s', 'monte'), 0.05, [{ word: 'marino’s', start_s: 1.6, end_s: 1.95 }])
    for (const l of slip.lattice ?? []) if (l.word === 'marino’s') (l as { posterior: number }).posterior = 0.95
    expect(compareToScript(SCRIPT, said(CLEAN), { cross: slip }).verdict).toBe('matches')
  })

  it(
    'a number the second hearing heard as another value is "Listen here" even where its lattice ' +
      'is sure of the script’s ("18" heard as "eighty", "eighteen" at 0.89)',
    () => {
      const other = cross(CLEAN.replace('nine', 'nineteen'), 0.9, [{ word: 'nine', start_s: 2.4, end_s: 2.75 }])
      for (const l of other.lattice ?? [])
        (l as { posterior: number }).posterior = l.word === 'nine' ? 0.89 : l.word === 'nineteen' ? 0.11 : 0.95
      const check = compareToScript(SCRIPT, said(CLEAN), { cross: other })
      expect(check.verdict).toBe('check')
      expect(check.issues).toEqual([expect.objectContaining({ expected: '9', heard: 'nineteen', number: true })])
      expect(check.issues.map(issueCertainty)).toEqual(['unsure'])
    },
  )

  it('words that are neither names nor numbers are left to the engine’s own doubts', () => {
    expect(compareToScript(SCRIPT, said(CLEAN), { cross: cross(CLEAN.replace('late', 'lake')) }).verdict).toBe(
      'matches',
    )
  })

  it('never takes a finding away, and a clean read heard alike by both hearings matches (property)', () => {
    const vocab = ['open', 'late', 'at', 'tony', 'marino’s', 'martino', 'until', 'nine', 'ten', 'tonight', 'uh']
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...vocab), { maxLength: 12 }),
        fc.array(fc.constantFrom(...vocab), { maxLength: 12 }),
        (a, b) => {
          const first = a.join(' ')
          const alone = compareToScript(SCRIPT, said(first), { now: 0 })
          const judged = compareToScript(SCRIPT, said(first), { now: 0, cross: cross(b.join(' ')) })
          for (const i of alone.issues)
            expect(
              judged.issues.some((j) => j.kind === i.kind && j.script_from === i.script_from && j.heard === i.heard),
            ).toBe(true)
          if (alone.verdict !== 'matches') expect(judged.verdict).not.toBe('matches')
        },
      ),
      { numRuns: 300 },
    )
  })
})
