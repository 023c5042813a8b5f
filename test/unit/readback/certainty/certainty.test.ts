/**
 * How sure the read-back is of each finding (main/readback/certainty/certainty.ts): "Differs" (sure) only where the
 * second hearing, which does not lean toward the script, backs the first; "Listen here" (unsure) where the
 * two disagree or the other reading is heard weakly. And whatever the hearings say, certainty never takes
 * a finding away: a changed number, name or negation is never "matches".
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compareToScript } from '../../../../main/readback/compare/compare'
import type { CrossHearing } from '../../../../main/readback/engine'
import type { LatticeWord } from '../../../../main/readback/engine'
import { differs, issueCertainty } from '../../../../shared/readback/certainty'
import type { ReadbackIssue, TimedWord } from '../../../../shared/readback/types'

/** Heard words, 0.4 s apart, as a recogniser would give them. */
function said(text: string): TimedWord[] {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((word, i) => ({ word, start_s: i * 0.4, end_s: i * 0.4 + 0.35 }))
}

/** A lattice holding each heard word at `share` over its own stretch. */
function latticeOf(words: readonly TimedWord[], share: number): LatticeWord[] {
  return words.map((w) => ({ word: w.word, start_s: w.start_s, end_s: w.end_s, posterior: share }))
}

function cross(text: string, share = 0.9): CrossHearing {
  const words = said(text)
  return { words, lattice: latticeOf(words, share) }
}

const SCRIPT = 'Save 30% at Hollis and Finch this Thursday. Frames are not sold online.'
const CLEAN = 'save thirty percent at hollis and finch this thursday frames are not sold online'

const only = (issues: readonly ReadbackIssue[]) => issues.filter((i) => i.severity !== 'soft')

describe('the certainty of a finding', () => {
  it('a word only the first hearing heard otherwise is "Listen here", and the take is a check, not "Differs"', () => {
    const heard = said(CLEAN.replace('thursday', 'tuesday'))
    const check = compareToScript(SCRIPT, heard, { cross: cross(CLEAN) })
    expect(only(check.issues)).toEqual([
      expect.objectContaining({ expected: 'Thursday', heard: 'tuesday', severity: 'high', certainty: 'unsure' }),
    ])
    expect(check.verdict).toBe('check')
    expect(check.summary).toContain('1 it is not sure of')
  })

  it('both hearings on the same other word, the lattice behind it, is "Differs"', () => {
    const read = CLEAN.replace('thursday', 'tuesday')
    const check = compareToScript(SCRIPT, said(read), { cross: cross(read) })
    expect(only(check.issues)).toEqual([
      expect.objectContaining({ expected: 'Thursday', heard: 'tuesday', certainty: 'sure' }),
    ])
    expect(check.verdict).toBe('mismatch')
  })

  it('the same other word with little of the lattice behind it is "Listen here"', () => {
    const read = CLEAN.replace('thursday', 'tuesday')
    const check = compareToScript(SCRIPT, said(read), { cross: cross(read, 0.3) })
    expect(only(check.issues).map(issueCertainty)).toEqual(['unsure'])
    expect(check.verdict).toBe('check')
  })

  it('both hearings on two other readings of a word or a number is "Listen here"; on the same other number, "Differs"', () => {
    const name = compareToScript(SCRIPT, said(CLEAN.replace('finch', 'fitch')), {
      cross: cross(CLEAN.replace('finch', 'pinch')),
    })
    expect(only(name.issues).map(issueCertainty)).toEqual(['unsure'])
    // Forty in one hearing, fifty in the other: the recogniser's trouble with the number, not a number said.
    const two = compareToScript(SCRIPT, said(CLEAN.replace('thirty', 'forty')), {
      cross: cross(CLEAN.replace('thirty', 'fifty')),
    })
    expect(only(two.issues)).toEqual([expect.objectContaining({ expected: '30%', number: true, certainty: 'unsure' })])
    expect(two.verdict).toBe('check')
    // Forty in both, whatever small word the second heard beside it.
    const same = compareToScript(SCRIPT, said(CLEAN.replace('thirty', 'forty')), {
      cross: cross(CLEAN.replace('thirty', 'forty').replace('save', 'say'), 0.3),
    })
    expect(only(same.issues)).toEqual([expect.objectContaining({ expected: '30%', number: true, certainty: 'sure' })])
    expect(same.verdict).toBe('mismatch')
  })

  it('a number read right with a junk word inside is never "Differs": "555-0188" heard as "five fifty five best oh one eight eight"', () => {
    const script = 'Call 555-0188 today.'
    const first = 'call five fifty five best oh one eight eight today'
    const check = compareToScript(script, said(first), {
      cross: cross('call five fifty five thirty oh one eight eight today'),
    })
    expect(check.issues.map(issueCertainty)).not.toContain('sure')
    expect(check.verdict).toBe('check')
  })

  it('a false start is "Differs" when the second hearing heard it too, "Listen here" when it did not', () => {
    const restarted = CLEAN.replace('at hollis', 'at hollis and at hollis')
    const restart = (c: ReturnType<typeof compareToScript>) => c.issues.find((i) => i.restart)
    const both = compareToScript(SCRIPT, said(restarted), { cross: cross(restarted) })
    expect(restart(both)).toMatchObject({ kind: 'repeated', certainty: 'sure' })
    const one = compareToScript(SCRIPT, said(restarted), { cross: cross(CLEAN) })
    expect(restart(one)).toMatchObject({ kind: 'repeated', certainty: 'unsure', restart: restart(both)?.restart })
  })

  it('a skipped "not" is "Differs" when the second hearing missed it too, "Listen here" when it heard it', () => {
    const dropped = CLEAN.replace('are not', 'are')
    const both = compareToScript(SCRIPT, said(dropped), { cross: cross(dropped) })
    expect(only(both.issues)).toEqual([
      expect.objectContaining({ kind: 'missing', expected: 'not', certainty: 'sure' }),
    ])
    const one = compareToScript(SCRIPT, said(dropped), { cross: cross(CLEAN) })
    expect(only(one.issues)).toEqual([
      expect.objectContaining({ kind: 'missing', expected: 'not', certainty: 'unsure' }),
    ])
    expect(one.verdict).toBe('check')
  })

  it('a skipped word is "Listen here" when the second hearing heard another word in its place ("last" as "least")', () => {
    const dropped = CLEAN.replace(' online', '')
    const check = compareToScript(SCRIPT, said(dropped), { cross: cross(CLEAN.replace('online', 'unlike')) })
    expect(only(check.issues)).toEqual([
      expect.objectContaining({ kind: 'missing', expected: 'online', certainty: 'unsure' }),
    ])
    expect(only(compareToScript(SCRIPT, said(dropped), { cross: cross(dropped) }).issues).map(issueCertainty)).toEqual([
      'sure',
    ])
  })

  it(
    'a changed word both hearings agree on is "Listen here" when the second heard more there, ' +
      'before the next word it placed ("checks" as "two" and "two as")',
    () => {
      const read = CLEAN.replace('frames', 'lanes')
      expect(only(compareToScript(SCRIPT, said(read), { cross: cross(read) }).issues).map(issueCertainty)).toEqual([
        'sure',
      ])
      const more = compareToScript(SCRIPT, said(read), { cross: cross(read.replace('lanes', 'lanes as')) })
      expect(only(more.issues)).toEqual([
        expect.objectContaining({ expected: 'Frames', heard: 'lanes', certainty: 'unsure' }),
      ])
    },
  )

  it('an added word is "Differs" when both heard it, "Listen here" when only the first did', () => {
    const added = CLEAN.replace('online', 'online today only')
    expect(only(compareToScript(SCRIPT, said(added), { cross: cross(added) }).issues).map(issueCertainty)).toEqual([
      'sure',
    ])
    expect(only(compareToScript(SCRIPT, said(added), { cross: cross(CLEAN) }).issues).map(issueCertainty)).toEqual([
      'unsure',
    ])
  })

  it('a word the engine doubts is always "Listen here"; without a second hearing a finding is "Differs", as before', () => {
    const doubted = compareToScript(SCRIPT, said(CLEAN), {
      doubts: [{ start_s: 2.4, end_s: 2.75, heard: 'fitch' }],
      cross: cross(CLEAN),
    })
    expect(only(doubted.issues)).toEqual([
      expect.objectContaining({ confidence: 'unsure', certainty: 'unsure', heard: 'fitch' }),
    ])
    const alone = compareToScript(SCRIPT, said(CLEAN.replace('thursday', 'tuesday')))
    expect(only(alone.issues).map(issueCertainty)).toEqual(['sure'])
    expect(alone.verdict).toBe('mismatch')
  })

  it('"45 dollars" heard as one spoken number "forty five dollars" leaves no "dollars" missing (both hearings agreed on it)', () => {
    const script = 'Every rose bush is 45 dollars, and delivery is free.'
    const read = 'every rose bush is forty five dollars and delivery is free'
    expect(compareToScript(script, said(read), { cross: cross(read) }).issues).toEqual([])
    // Not said at all, it is still missing.
    expect(only(compareToScript(script, said(read.replace(' dollars', ''))).issues)).toEqual([
      expect.objectContaining({ kind: 'missing', expected: 'dollars' }),
    ])
  })

  it('a result kept before findings said how sure: an unsure confidence is unsure, anything else sure', () => {
    const old: Pick<ReadbackIssue, 'severity' | 'confidence'> = { severity: 'high' }
    expect(issueCertainty(old)).toBe('sure')
    expect(issueCertainty({ ...old, confidence: 'unsure' })).toBe('unsure')
    expect(differs({ ...old, severity: 'soft' })).toBe(false)
  })
})

/** Words a hearing may give: the script's, their rivals, numbers, a negation, fillers. */
const VOCAB = [
  'save',
  'thirty',
  'forty',
  'percent',
  'at',
  'hollis',
  'hollister',
  'and',
  'finch',
  'fitch',
  'this',
  'thursday',
  'tuesday',
  'frames',
  'lanes',
  'are',
  'not',
  'sold',
  'online',
  'the',
  'five',
  'nine',
  'uh',
]

const hearing = fc.array(fc.constantFrom(...VOCAB), { maxLength: 18 }).map((ws) => ws.join(' '))

describe('certainty never takes a finding away (property)', () => {
  it(
    'every finding with or without a second hearing (it adds only names and numbers it heard ' +
      'otherwise), and never "matches" where the first hearing found something',
    () => {
      fc.assert(
        fc.property(hearing, hearing, fc.double({ min: 0, max: 1, noNaN: true }), (first, second, share) => {
          const alone = compareToScript(SCRIPT, said(first), { now: 0 })
          const judged = compareToScript(SCRIPT, said(first), { now: 0, cross: cross(second, share) })
          const where = (i: ReadbackIssue) => [i.kind, i.severity, i.expected, i.heard, i.script_from, i.script_to]
          // Every finding stays; what the second hearing adds is a name or number it heard otherwise, "Listen here".
          const kept = judged.issues.map((i) => JSON.stringify(where(i)))
          for (const i of alone.issues) expect(kept).toContain(JSON.stringify(where(i)))
          for (const i of judged.issues.filter(
            (j) => !alone.issues.some((a) => JSON.stringify(where(a)) === JSON.stringify(where(j))),
          )) {
            expect(i).toMatchObject({ kind: 'changed', certainty: 'unsure' })
            expect(i.name || i.number).toBe(true)
          }
          if (alone.verdict !== 'matches') expect(judged.verdict).not.toBe('matches')
          // "Differs from the script" only where Booth is sure of an important finding.
          expect(judged.verdict === 'mismatch').toBe(
            judged.issues.some((i) => i.severity === 'high' && issueCertainty(i) === 'sure'),
          )
          for (const i of judged.issues) {
            // A number or name of the script changed or skipped weighs at least "Listen here".
            if ((i.kind === 'changed' || i.kind === 'missing') && (i.name || /\d/.test(i.expected ?? '')))
              expect(i.severity).not.toBe('soft')
            expect(i.certainty).toMatch(/^(sure|unsure)$/)
          }
        }),
        { numRuns: 300 },
      )
    },
  )

  it('a second hearing that heard exactly what the first did, and is sure of it, makes every finding "Differs"', () => {
    fc.assert(
      fc.property(hearing, (first) => {
        const check = compareToScript(SCRIPT, said(first), { now: 0, cross: cross(first, 1) })
        for (const i of check.issues) expect(issueCertainty(i)).toBe('sure')
      }),
      { numRuns: 200 },
    )
  })

  it('a long stretch both hearings missed most of is "Differs", whatever each heard in its place (a sentence skipped)', () => {
    const skipped = CLEAN.replace('frames are not sold online', 'our is do')
    const check = compareToScript(SCRIPT, said(skipped), {
      cross: cross(CLEAN.replace('frames are not sold online', 'august'), 0.3),
    })
    expect(only(check.issues)).toEqual([expect.objectContaining({ kind: 'changed', certainty: 'sure' })])
    // The second hearing read most of it as written, or even one of its words: the hearings disagree.
    expect(only(compareToScript(SCRIPT, said(skipped), { cross: cross(CLEAN) }).issues).map(issueCertainty)).toEqual([
      'unsure',
    ])
    const one = compareToScript(SCRIPT, said(skipped), {
      cross: cross(CLEAN.replace('frames are not sold online', 'our sold to'), 0.3),
    })
    expect(only(one.issues).map(issueCertainty)).toEqual(['unsure'])
  })

  it('a false start both hearings heard does not count as the second hearing reading the script there', () => {
    // "sold five frames" abandoned, then "sold five are": taken out of the first hearing, and of the second too.
    const first = 'sold five frames sold five are'
    const check = compareToScript(SCRIPT, said(first), { now: 0, cross: cross(first, 1) })
    expect(check.issues.length).toBeGreaterThan(0)
    for (const i of check.issues) expect(issueCertainty(i)).toBe('sure')
  })

  it('a second hearing that heard the script as written makes every changed or added word "Listen here"', () => {
    fc.assert(
      fc.property(hearing, (first) => {
        const check = compareToScript(SCRIPT, said(first), { now: 0, cross: cross(CLEAN) })
        for (const i of check.issues)
          if (i.kind === 'changed' || i.kind === 'missing') expect(issueCertainty(i)).toBe('unsure')
      }),
      { numRuns: 200 },
    )
  })
})
