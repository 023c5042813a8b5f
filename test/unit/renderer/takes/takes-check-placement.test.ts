import { createHash } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { planCheck } from '../../../../sandbox/domain/audio-check'
import {
  describeIssue,
  foldWord,
  locateIssue,
  placeIssues,
  scriptWords,
  type CheckIssue,
} from '../../../../renderer/src/takes/check-placement'

const issue = (over: Partial<CheckIssue>): CheckIssue => ({
  kind: 'missing',
  severity: 'normal',
  expected: null,
  heard: null,
  context: '',
  legal: false,
  name: false,
  number: false,
  ...over,
})

const marked = (text: string, issues: CheckIssue[]) =>
  placeIssues(text, issues)
    .pieces.filter((p) => p.issues.length > 0)
    .map((p) => p.text)

describe('script words', () => {
  it('finds words with their places, without outer punctuation', () => {
    const text = '“Hello,” said Dana — 20% off!'
    const words = scriptWords(text)
    expect(words.map((w) => w.key)).toEqual(['hello', 'said', 'dana', '20%', 'off'])
    expect(words.map((w) => text.slice(w.start, w.end))).toEqual(['Hello', 'said', 'Dana', '20%', 'off'])
    expect(foldWord('Finch’s')).toBe("finch's")
  })
})

describe('placing check issues on the script', () => {
  it('marks the expected word and keeps every other character as it was', () => {
    const text = 'Book your free eye test today.\nTerms and conditions apply.'
    const placed = placeIssues(text, [issue({ expected: 'Terms', legal: true, severity: 'high' })])
    expect(placed.pieces.map((p) => p.text).join('')).toBe(text)
    expect(marked(text, [issue({ expected: 'Terms' })])).toEqual(['Terms'])
    expect(placed.unplaced).toEqual([])
  })

  it('uses the context to pick the right one of a repeated word', () => {
    const text = 'Call today. Visit the store today and save big on frames.'
    const placed = placeIssues(text, [issue({ expected: 'today', context: 'store today and save big' })])
    const at = placed.pieces.findIndex((p) => p.issues.length > 0)
    expect(
      placed.pieces
        .slice(0, at)
        .map((p) => p.text)
        .join(''),
    ).toBe('Call today. Visit the store ')
  })

  it('marks a run of expected words as one mark, and overlapping issues on the same word', () => {
    const text = 'Offer valid while supplies last.'
    expect(marked(text, [issue({ expected: 'while supplies last' })])).toEqual(['while supplies last'])
    const both = placeIssues(text, [
      issue({ expected: 'valid' }),
      issue({ kind: 'changed', expected: 'valid', heard: 'value' }),
    ])
    expect(both.pieces.find((p) => p.issues.length > 0)).toEqual({ text: 'valid', issues: [0, 1] })
  })

  it('lists issues it cannot place: no expected words, or words not in the script', () => {
    const text = 'Two pairs of glasses.'
    const placed = placeIssues(text, [
      issue({ kind: 'extra', heard: 'um' }),
      issue({ expected: 'contacts' }),
      issue({ expected: 'glasses' }),
    ])
    expect(placed.unplaced).toEqual([0, 1])
    expect(marked(text, [issue({ expected: 'glasses' })])).toEqual(['glasses'])
    expect(locateIssue(scriptWords(text), issue({ expected: '' }))).toBeNull()
  })

  it('places every issue the sandbox’s audio check makes on a real script', () => {
    const text =
      'Brightwater Festival, August 8th to 10th at Marlow Fields. Tickets from $49. Terms and ' +
      'conditions apply; offer valid while supplies last. Call 555-0142 today!'
    let checked = 0
    for (let seed = 0; seed < 200 && checked < 25; seed++) {
      const digest = createHash('sha256').update(`take ${seed}`).digest()
      const plan = planCheck(text, digest, ['Brightwater Festival', 'Marlow'])
      if (plan.issues.length === 0) continue
      checked++
      const placed = placeIssues(text, plan.issues)
      expect(placed.unplaced).toEqual([])
      expect(placed.pieces.map((p) => p.text).join('')).toBe(text)
      for (const [n, i] of plan.issues.entries()) {
        const piece = placed.pieces.find((p) => p.issues.includes(n))
        expect(piece && foldWord(piece.text)).toBe(foldWord(i.expected ?? ''))
      }
    }
    expect(checked).toBe(25)
  })
})

describe('issues in words', () => {
  it('says what was missing, changed, extra or repeated, with its flags', () => {
    expect(describeIssue(issue({ expected: 'APR', legal: true, number: false }))).toBe('“APR” missing (legal line)')
    expect(describeIssue(issue({ kind: 'changed', expected: '10th', heard: '11th', number: true }))).toBe(
      '“10th” heard as “11th” (number)',
    )
    expect(describeIssue(issue({ kind: 'extra', heard: 'um' }))).toBe('“um” read but not in the script')
    expect(describeIssue(issue({ kind: 'repeated', expected: 'Finch', name: true }))).toBe('“Finch” read twice (name)')
  })
})

describe('placing issues on text of any shape', () => {
  it('places hyphenated words, apostrophes, money, accents, Hebrew and a 300-character word', () => {
    const long = 'x'.repeat(300)
    const text = `Drink Coca-Cola with Dr. O’Neil for $9.99. שלום, naïve ${long}!`
    const expected = ['Coca-Cola', "Dr. O'Neil", '$9.99', 'שלום', 'naïve', long]
    expect(
      marked(
        text,
        expected.map((e) => issue({ expected: e })),
      ),
    ).toEqual(['Coca-Cola', 'Dr', 'O’Neil', '$9.99', 'שלום', 'naïve', long])
  })

  it('places a Greek word written in capitals (Σ) when the check spells it with a final ς', () => {
    const text = 'Η \u039F\u0394\u039F\u03A3 ΑΘΗΝΑΣ.' // Η ΟΔΟΣ ΑΘΗΝΑΣ.
    expect(marked(text, [issue({ expected: '\u03BF\u03B4\u03BF\u03C2' })])).toEqual(['\u039F\u0394\u039F\u03A3'])
  })

  it('lists an issue whose words are only symbols or regex characters as unplaced, without failing', () => {
    const placed = placeIssues('Cheers 🍺 (a+)+', [issue({ expected: '🍺' }), issue({ expected: '+)+' })])
    expect(placed.unplaced).toEqual([0, 1])
  })

  it('never throws on arbitrary text and issues, keeps the text, and marks only the expected words (property)', () => {
    const piece = fc.oneof(
      fc.string({ unit: 'grapheme' }),
      fc.string({ unit: 'binary' }),
      fc.constantFrom('Coca-Cola', "O'Neil", '$9.99', '(a+)+', '🍺', 'שלום', ' ', '\u202E'),
    )
    const text = fc.array(piece, { maxLength: 10 }).map((p) => p.join(' '))
    const anIssue = fc.record({
      expected: fc.option(piece),
      context: piece,
      kind: fc.constantFrom('missing', 'changed', 'extra', 'repeated' as const),
    })
    fc.assert(
      fc.property(text, fc.array(anIssue, { maxLength: 4 }), (t, raw) => {
        const issues = raw.map((r) => issue(r))
        const placed = placeIssues(t, issues)
        expect(placed.pieces.map((p) => p.text).join('')).toBe(t)
        for (const p of placed.pieces.filter((x) => x.issues.length > 0)) {
          const keys = p.text.split(/\s+/).map(foldWord).filter(Boolean)
          for (const n of p.issues) {
            const want = (issues[n]?.expected ?? '').split(/\s+/).map(foldWord).filter(Boolean)
            expect(keys.every((k) => want.includes(k))).toBe(true)
          }
        }
      }),
      { numRuns: 200 },
    )
  })
})
