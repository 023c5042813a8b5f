/**
 * One marked text from the pronunciations, Booth's read-back and the platform's check (script/marks/):
 * merging, placing each check's issues, carrying offsets between texts, the disagreements in words and
 * how a mark reads. Property tests run arbitrary scripts and issue ranges through it: overlapping,
 * out of bounds, not whole numbers, on emoji, pronunciations overlapping marks; nothing is lost.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { mergeMarks, type IssueSpan, type MarkSegment } from '../../../../renderer/src/script/marks/mark-layers'
import { platformSpans, readbackSpans } from '../../../../renderer/src/script/marks/issue-spans'
import { alignMap, diffMap, identityMap, mapSpans } from '../../../../renderer/src/script/marks/offset-maps'
import { buildScriptMarks } from '../../../../renderer/src/script/marks/script-marks'
import { findDisagreements } from '../../../../renderer/src/script/marks/disagreements'
import { pointLook, segmentLook } from '../../../../renderer/src/script/marks/mark-look'
import { findPronunciationMatches } from '../../../../renderer/src/script/pronunciation-matches'
import { scriptDiff } from '../../../../renderer/src/ui/diff/word-diff'
import type { ReadbackIssue } from '../../../../shared/readback/types'
import type { CheckIssue } from '../../../../renderer/src/takes/check-placement'

const rb = (over: Partial<ReadbackIssue>): ReadbackIssue => ({
  kind: 'changed',
  severity: 'normal',
  expected: null,
  heard: null,
  context: '',
  legal: false,
  name: false,
  number: false,
  at_s: 1,
  script_from: null,
  script_to: null,
  ...over,
})
const pf = (over: Partial<CheckIssue>): CheckIssue => ({
  kind: 'changed',
  severity: 'normal',
  expected: null,
  heard: null,
  context: '',
  legal: false,
  name: false,
  number: false,
  ...over,
})

const SPOT = 'This Saturday only, save 20% at Dream Street. Offer ends Saturday, June 14.'
const at = (word: string, nth = 0) => {
  let i = -1
  for (let k = 0; k <= nth; k++) i = SPOT.indexOf(word, i + 1)
  return { script_from: i, script_to: i + word.length }
}
const textOf = (text: string, s: MarkSegment) => text.slice(s.start, s.end)
const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff

describe('mergeMarks', () => {
  it('keeps a pronunciation, a read-back issue and a platform issue on the same word together', () => {
    const prons = findPronunciationMatches(SPOT, [{ word: 'Saturday', say: 'SAT-er-day' }])
    const second = at('Saturday', 1)
    const { segments } = mergeMarks(SPOT.length, {
      pronunciations: prons,
      readback: [{ issue: 0, from: second.script_from, to: second.script_to }],
      platform: [{ issue: 0, from: second.script_from, to: second.script_to }],
    })
    expect(segments.map((s) => textOf(SPOT, s)).join('')).toBe(SPOT)
    const word = segments.filter((s) => textOf(SPOT, s) === 'Saturday')
    expect(word).toHaveLength(2)
    expect(word[0]).toMatchObject({ pron: 0, readback: [], platform: [] })
    expect(word[1]).toMatchObject({
      pron: 1,
      pronFirst: true,
      pronLast: true,
      readback: [0],
      platform: [0],
      readbackFirst: [0],
      platformFirst: [0],
    })
  })

  it('cuts overlapping issues into pieces that list each one, with one first piece per issue', () => {
    const text = 'aaaaa bbbbb ccccc ddddd'
    const { segments } = mergeMarks(text.length, {
      pronunciations: [{ start: 8, end: 14, say: 'x' }],
      readback: [
        { issue: 0, from: 6, to: 17 },
        { issue: 1, from: 12, to: 23 },
      ],
      platform: [],
    })
    expect(segments.map((s) => [textOf(text, s), s.readback, s.readbackFirst, s.pron])).toEqual([
      ['aaaaa ', [], [], null],
      ['bb', [0], [0], null],
      ['bbb ', [0], [], 0],
      ['cc', [0, 1], [1], 0],
      ['ccc', [0, 1], [], null],
      [' ddddd', [1], [], null],
    ])
  })

  it('puts inserted words before the segment where they came in, and at the end after the text', () => {
    const text = 'Save big. Offer ends.'
    const merged = mergeMarks(text.length, {
      pronunciations: [],
      readback: [
        { issue: 0, from: 9, to: 9 },
        { issue: 1, from: text.length, to: text.length },
      ],
      platform: [],
    })
    const where = merged.segments.find((s) => s.before.includes(0))
    expect(where && textOf(text, where)).toBe(' Offer ends.')
    expect(merged.after).toEqual([1])
  })
})

describe('placing issues', () => {
  it('lists a read-back issue without a place, or out of the text, as not placed; a restart is one point', () => {
    const text = 'This weekend only, take thirty percent off.'
    const placed = readbackSpans(text, [
      rb({ script_from: 0, script_to: 4 }),
      rb({ script_from: null, script_to: null }),
      rb({ script_from: 5, script_to: 999 }),
      rb({ script_from: -1, script_to: 2 }),
      rb({ script_from: 2.5, script_to: 4 }),
      rb({ script_from: 6, script_to: 3 }),
      rb({ kind: 'repeated', script_from: 0, script_to: 30, restart: { from_s: 1, to_s: 2.4 } }),
    ])
    expect(placed.spans).toEqual([
      { issue: 0, from: 0, to: 4 },
      { issue: 6, from: 0, to: 0 },
    ])
    expect(placed.unplaced).toEqual([1, 2, 3, 4, 5])
  })

  it('never splits an emoji: a range inside a surrogate pair widens to the whole character', () => {
    const text = 'Beer 🍺 here'
    expect(readbackSpans(text, [rb({ script_from: 6, script_to: 6 + 1 })]).spans).toEqual([
      { issue: 0, from: 5, to: 7 },
    ])
  })

  it('finds the platform’s issues by their words and context, and names what it cannot find', () => {
    const spans = platformSpans(SPOT, [
      pf({ expected: 'Saturday', context: 'Offer ends Saturday June 14' }),
      pf({ expected: 'Sunday', context: '' }),
      pf({ kind: 'extra', heard: 'really' }),
    ])
    expect(spans.spans).toEqual([
      { issue: 0, ...{ from: at('Saturday', 1).script_from, to: at('Saturday', 1).script_to } },
    ])
    expect(spans.unplaced).toEqual([1, 2])
  })
})

describe('offset maps', () => {
  it('carries read-back marks from the take’s script to a revised one, and drops those on changed words', () => {
    const read = 'Offer ends Saturday. Restrictions apply.'
    const now = 'Offer now ends Saturday. Some restrictions apply.'
    const map = diffMap(scriptDiff(read, now).segments)
    const sat = read.indexOf('Saturday')
    const apply = read.indexOf('Restrictions')
    const { spans, lost } = mapSpans(
      [
        { issue: 0, from: sat, to: sat + 8 },
        { issue: 1, from: apply, to: apply + 12 },
        { issue: 2, from: 5, to: 5 },
      ],
      map,
    )
    expect(spans.map((s) => (s.from === s.to ? `@${s.from}` : now.slice(s.from, s.to)))).toEqual(['Saturday', '@5'])
    expect(lost).toEqual([1])
  })

  it('aligns a plain text with its HTML’s text whatever the whitespace and block edges (property)', () => {
    const gap = fc.constantFrom(' ', '\n', '\u0000', '\u0000\u0000', '\u00a0', '  \n ')
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc
              .string({ unit: 'grapheme', minLength: 1, maxLength: 8 })
              .filter((w) => !/[\s\u00a0\u200b\ufeff]/u.test(w) && !w.includes('\u0000')),
            gap,
          ),
          { maxLength: 20 },
        ),
        (words) => {
          const source = words.map(([w]) => w).join(' ')
          const target = words.map(([w, g]) => `${w}${g}`).join('')
          const { map, matched } = alignMap(source, target)
          expect(matched).toBe(1)
          let s = 0
          for (const [w] of words) {
            expect(map.span(s, s + w.length)).not.toBeNull()
            const r = map.span(s, s + w.length)!
            expect(target.slice(r.from, r.to)).toBe(w)
            s += w.length + 1
          }
        },
      ),
      { numRuns: 300 },
    )
  })

  it('reports texts that are not two spellings of one script', () => {
    expect(
      alignMap('Save twenty percent this Saturday only.', 'Completely different words in another order entirely.')
        .matched,
    ).toBeLessThan(0.5)
    expect(alignMap('Offer ends Saturday.', '\u0000Offer ends\u0000\u0000Saturday.\u0000').matched).toBe(1)
  })
})

describe('disagreements', () => {
  const text = 'Offer ends Saturday. Only $299.'
  const sat = { from: text.indexOf('Saturday'), to: text.indexOf('Saturday') + 8 }
  const price = { from: text.indexOf('$299'), to: text.indexOf('$299') + 4 }

  it('says where the platform heard something Booth did not, and the other way round', () => {
    const found = findDisagreements(
      text,
      {
        issues: [rb({ kind: 'changed', severity: 'high', expected: '$299', heard: '$399' })],
        spans: [{ issue: 0, ...price }],
      },
      {
        issues: [pf({ kind: 'changed', severity: 'high', expected: 'Saturday', heard: 'Sunday' })],
        spans: [{ issue: 0, ...sat }],
      },
    )
    expect(found.map((d) => d.sentence)).toEqual([
      'The platform’s check heard “Sunday” here; Booth’s read-back heard “Saturday”.',
      'Booth’s read-back heard “$399” here; the platform’s check heard “$299”.',
    ])
  })

  it('is quiet where both heard the same, and ignores minor issues', () => {
    expect(
      findDisagreements(
        text,
        { issues: [rb({ heard: 'sunday', severity: 'high' })], spans: [{ issue: 0, ...sat }] },
        { issues: [pf({ heard: 'Sunday' })], spans: [{ issue: 0, ...sat }] },
      ),
    ).toEqual([])
    expect(
      findDisagreements(
        text,
        { issues: [rb({ kind: 'missing', severity: 'soft' })], spans: [{ issue: 0, ...sat }] },
        { issues: [], spans: [] },
      ),
    ).toEqual([])
  })

  it('names two different readings of the same word, and an unsure one as unsure', () => {
    const [changed] = findDisagreements(
      text,
      { issues: [rb({ heard: 'sundays' })], spans: [{ issue: 0, ...sat }] },
      { issues: [pf({ heard: 'Sunday' })], spans: [{ issue: 0, ...sat }] },
    )
    expect(changed?.sentence).toBe('The platform’s check heard “Sunday” here; Booth’s read-back heard “sundays”.')
    const [unsure] = findDisagreements(
      text,
      { issues: [rb({ heard: 'Lane', confidence: 'unsure' })], spans: [{ issue: 0, ...sat }] },
      { issues: [], spans: [] },
    )
    expect(unsure?.sentence).toBe(
      'Booth’s read-back may have heard “Lane” here; the platform’s check heard “Saturday”.',
    )
  })
})

describe('how a mark reads', () => {
  const view = (readback: ReadbackIssue[], platform: CheckIssue[] = []) => ({
    text: SPOT,
    says: ['SAT-er-day'],
    readback,
    platform,
    rbDisagree: new Map<number, string>(),
    pfDisagree: new Map<number, string>(),
  })
  const seg = (over: Partial<MarkSegment>): MarkSegment => ({
    start: 5,
    end: 13,
    pron: null,
    pronFirst: false,
    pronLast: false,
    readback: [],
    platform: [],
    readbackFirst: [],
    platformFirst: [],
    before: [],
    ...over,
  })

  it('an unsure word shows the other reading with a question mark and says “may have been read as”', () => {
    const look = segmentLook(
      seg({ readback: [0], readbackFirst: [0], pron: 0, pronFirst: true, pronLast: true }),
      view([rb({ expected: 'Saturday', heard: 'Sunday', confidence: 'unsure', at_s: 4 })]),
    )
    expect(look.outer).toMatchObject({ role: 'button', tabIndex: 0, heard: 'Sunday?', play: 0 })
    expect(look.outer?.className).toContain('rb-unsure')
    expect(look.outer?.tip).toContain('“Saturday” may have been read as “Sunday”')
    expect(look.outer?.tip).toContain('plays the take from 0:02.5')
    expect(look.outer?.label).toMatch(/^Saturday \(say: SAT-er-day\) — /)
    expect(look.pron).toMatchObject({ say: 'SAT-er-day', focusable: false })
  })

  it('a restart is one sign between the words, a button that plays from before it', () => {
    const look = pointLook(
      0,
      view([
        rb({
          kind: 'repeated',
          heard: 'this weekend only take thir',
          at_s: 3.2,
          restart: { from_s: 1.1, to_s: 3.2 },
          script_from: 0,
          script_to: 0,
        }),
      ]),
    )
    expect(look).toMatchObject({ glyph: '↺', heard: 'restart', role: 'button', play: 0 })
    expect(look?.tip).toContain('Restart: A false start (“this weekend only take thir”)')
  })

  it('an issue inside another has its own first piece: a tab stop that plays it', () => {
    const issues = [
      rb({ kind: 'missing', at_s: 2, script_from: 0, script_to: 20 }),
      rb({ at_s: 5, script_from: 5, script_to: 13 }),
    ]
    const merged = mergeMarks(SPOT.length, {
      pronunciations: [],
      readback: readbackSpans(SPOT, issues).spans,
      platform: [],
    })
    const looks = merged.segments.filter((s) => s.readback.length > 0).map((s) => segmentLook(s, view(issues)).outer)
    expect(looks.map((l) => [l?.play, l?.tabIndex])).toEqual([
      [0, 0],
      [1, 0],
      [0, -1],
    ])
  })

  it('a platform issue alone is labelled as the platform’s and plays nothing', () => {
    const look = segmentLook(
      seg({ platform: [0], platformFirst: [0] }),
      view([], [pf({ expected: 'Saturday', heard: 'Sunday' })]),
    )
    expect(look.outer).toMatchObject({ role: null, tabIndex: 0, play: null, platform: 0 })
    expect(look.outer?.tip).toBe('The platform’s audio check: “Saturday” heard as “Sunday”')
  })
})

/** Arbitrary scripts with words worth marking, and issue ranges anywhere (also outside the text). */
const scriptArb = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 6 }),
      fc.constantFrom('Saturday', ' ', '\n', '🍺', 'Dream Street', '$299', 'naïve'),
    ),
    { maxLength: 30 },
  )
  .map((p) => p.join(''))
const edge = fc.oneof(fc.integer({ min: -5, max: 200 }), fc.constant(null), fc.constantFrom(1.5, Number.NaN))
const issueArb = fc
  .record({
    kind: fc.constantFrom('missing', 'changed', 'extra', 'repeated') as fc.Arbitrary<ReadbackIssue['kind']>,
    a: edge,
    b: edge,
    restart: fc.boolean(),
    unsure: fc.boolean(),
  })
  .map(({ kind, a, b, restart, unsure }) =>
    rb({
      kind,
      script_from: a,
      script_to: b,
      heard: 'x',
      ...(restart ? { restart: { from_s: 0, to_s: 1 } } : {}),
      ...(unsure ? { confidence: 'unsure' as const } : {}),
    }),
  )

describe('the whole marking (property)', () => {
  it('gives back every character once, never cuts an emoji, and places or lists every issue', () => {
    fc.assert(
      fc.property(
        scriptArb,
        fc.array(issueArb, { maxLength: 8 }),
        fc.array(fc.constantFrom('Saturday', 'Dream Street', 'Street', '$299', '🍺'), { maxLength: 4 }),
        (text, issues, words) => {
          const platform = words.map((w) => pf({ expected: w, context: w }))
          const marks = buildScriptMarks({
            shownText: text,
            scriptText: text,
            toShown: identityMap,
            pronunciations: findPronunciationMatches(
              text,
              words.map((w) => ({ word: w, say: `say ${w}` })),
            ),
            readback: { issues, readText: text, toScript: identityMap },
            platform: { issues: platform, sameTake: true },
          })
          const { segments, after } = marks.merged
          expect(segments.map((s) => textOf(text, s)).join('')).toBe(text)
          segments.forEach((s, i) => {
            expect(s.end).toBeGreaterThan(s.start)
            if (i > 0) expect(s.start).toBe(segments[i - 1]!.end)
            expect(isHigh(text.charCodeAt(s.start - 1)) && isLow(text.charCodeAt(s.start))).toBe(false)
          })
          // Every read-back issue is on the text (as a stretch or a point) or listed as not placed — once.
          const onText = new Set([...segments.flatMap((s) => [...s.readback, ...s.before]), ...after])
          const unplaced = marks.unplacedReadback.map((u) => u.issue)
          issues.forEach((_, n) => expect(onText.has(n) !== unplaced.includes(n)).toBe(true))
          // A stretch has exactly one first piece; its pieces are exactly its characters.
          const spans = readbackSpans(text, issues).spans.filter((s: IssueSpan) => s.to > s.from)
          for (const span of spans) {
            const pieces = segments.filter((s) => s.readback.includes(span.issue))
            expect(pieces.filter((s) => s.readbackFirst.includes(span.issue))).toHaveLength(1)
            expect(pieces[0]!.start).toBe(span.from)
            expect(pieces[pieces.length - 1]!.end).toBe(span.to)
            expect(pieces.reduce((n, s) => n + s.end - s.start, 0)).toBe(span.to - span.from)
          }
          // Platform issues: placed or listed, never both.
          const pfOn = new Set(segments.flatMap((s) => s.platform))
          platform.forEach((_, n) => expect(pfOn.has(n) !== marks.unplacedPlatform.includes(n)).toBe(true))
          // Pronunciations keep their words, marks or not: one first piece each.
          const firsts = segments.filter((s) => s.pronFirst).length
          expect(firsts).toBe(new Set(segments.map((s) => s.pron).filter((p) => p !== null)).size)
          // Every segment's look is text: attributes only, no markup from the script.
          for (const s of segments) {
            const look = segmentLook(s, marks.view)
            if (look.outer) expect(typeof look.outer.tip).toBe('string')
          }
        },
      ),
      { numRuns: 400 },
    )
  })
})
