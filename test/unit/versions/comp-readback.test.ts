/**
 * A kept read-back against an older script, moved onto the comp script's sentences (comp-readback.ts),
 * with the real script comparison: a finding of a sentence the revision kept lands on that sentence
 * wherever the new script puts it; one of a sentence removed since is dropped; the same script is left
 * as it is. Revisions are drawn by fast-check (lines added before, between and after, lines removed).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compareToScript } from '../../../main/readback/compare/compare'
import { readbackThrough } from '../../../main/versions/comps/comp-readback'
import { issueInSentence, scriptSentences } from '../../../main/readback/compare/sentence-spans'
import type { TimedWord } from '../../../shared/readback/types'

const KEPT = [
  'Visit our showroom on Maple Avenue today.',
  'Queen mattresses start at just two hundred dollars.',
  'Every recliner comes with free assembly.',
  'Our experts will help you choose a sofa.',
  'Financing is available with approved credit.',
]
const ADDED = [
  'Bring the whole family this weekend.',
  'Parking behind the building stays open late.',
  'Coffee and cookies wait near the entrance.',
]

const said = (text: string): TimedWord[] =>
  text
    .split(/\s+/)
    .filter(Boolean)
    .map((w, i) => ({ word: w.replace(/[.,]/g, '').toLowerCase(), start_s: i * 0.4, end_s: i * 0.4 + 0.35 }))

/** The old script read with the last word of sentence `wrong` said as "zebra". */
function misread(old: readonly string[], wrong: number): TimedWord[] {
  return old
    .flatMap((s, k) => {
      const words = said(s)
      if (k === wrong) (words[words.length - 1] as TimedWord).word = 'zebra'
      return words
    })
    .map((w, i) => ({ ...w, start_s: i * 0.4, end_s: i * 0.4 + 0.35 }))
}

describe('a kept read-back on the comp script', () => {
  it('is the same check when the take was read from the comp script', () => {
    const script = KEPT.join(' ')
    const stored = { check: compareToScript(script, misread(KEPT, 1)), script }
    expect(readbackThrough(stored, script)).toBe(stored)
  })

  it('puts each finding on the sentence the revision keeps it as, and drops those of removed sentences', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: KEPT.length }),
        fc.nat(),
        fc.array(fc.tuple(fc.nat({ max: 5 }), fc.constantFrom(...ADDED)), { maxLength: 3 }),
        fc.option(fc.nat(), { nil: null }),
        (count, wrongAt, adds, removeAt) => {
          const old = KEPT.slice(0, count)
          const wrong = wrongAt % count
          // The new script: the old one with lines added and (maybe) one removed.
          const next: Array<{ text: string; old: number | null }> = old.map((text, k) => ({ text, old: k }))
          const removed = removeAt === null ? null : removeAt % count
          if (removed !== null)
            next.splice(
              next.findIndex((x) => x.old === removed),
              1,
            )
          const used = new Set<string>()
          for (const [at, text] of adds) {
            if (used.has(text)) continue
            used.add(text)
            next.splice(Math.min(at, next.length), 0, { text, old: null })
          }
          const oldScript = old.join(' ')
          const newScript = next.map((x) => x.text).join(' ')
          const stored = { check: compareToScript(oldScript, misread(old, wrong)), script: oldScript }
          expect(stored.check.issues.length).toBeGreaterThan(0)
          const moved = readbackThrough(stored, newScript)
          expect(moved.script).toBe(newScript)
          const ranges = scriptSentences(newScript)
          const target = next.findIndex((x) => x.old === wrong)
          if (target < 0) {
            expect(moved.check.issues).toEqual([])
            return
          }
          expect(moved.check.issues).toHaveLength(stored.check.issues.length)
          for (const issue of moved.check.issues) {
            expect(ranges.map((r) => issueInSentence(issue, r))).toEqual(ranges.map((_, j) => j === target))
            expect(issue.heard).toBe('zebra')
          }
        },
      ),
      { numRuns: 120 },
    )
  })
})
