/**
 * The checks' marks laid on a script in a real Chromium page under Booth's CSP (Trusted Types): on the
 * sanitized HTML in place, and on plain text through React. Whatever the script and the issue ranges
 * (arbitrary words, tags, entities, emoji, overlapping and out-of-bounds ranges, pronunciations under
 * the marks), the page shows exactly the script's words, only Booth's own elements and attributes are
 * added, and every issue placed has a tab stop that plays it; the rest are listed.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fileURLToPath } from 'node:url'
import { openBrowserPage, type BrowserPage } from '../support/browser-page'
import type { MarkedDescription } from '../support/marks-entry'
import { htmlToText } from '../../../../sandbox/domain/html-text'
import type { ReadbackIssue } from '../../../../shared/readback/types'
import type { CheckIssue } from '../../../../renderer/src/takes/check-placement'

type Pron = { word: string; say: string }
let b: BrowserPage
type Api = {
  htmlWords(h: string): string
  html(h: string, t: string, p: Pron[], r: ReadbackIssue[], f: CheckIssue[]): MarkedDescription
  text(t: string, p: Pron[], r: ReadbackIssue[], f: CheckIssue[]): MarkedDescription
}
const call = <K extends keyof Api>(name: K, ...args: Parameters<Api[K]>) =>
  b.page.evaluate(
    ([n, a]) =>
      (
        (window as unknown as { boothTest: Record<string, (...x: unknown[]) => unknown> }).boothTest[n] as (
          ...x: unknown[]
        ) => unknown
      )(...(a as unknown[])),
    [name, args] as const,
  ) as Promise<ReturnType<Api[K]>>

beforeAll(async () => {
  b = await openBrowserPage(fileURLToPath(new URL('../support/marks-entry.tsx', import.meta.url)))
})
afterAll(async () => {
  await b?.close()
})

const rb = (over: Partial<ReadbackIssue>): ReadbackIssue => ({
  kind: 'changed',
  severity: 'high',
  expected: null,
  heard: null,
  context: '',
  legal: false,
  name: false,
  number: false,
  at_s: 3,
  script_from: null,
  script_to: null,
  ...over,
})
const pf = (over: Partial<CheckIssue>): CheckIssue => ({
  kind: 'changed',
  severity: 'high',
  expected: null,
  heard: null,
  context: '',
  legal: false,
  name: false,
  number: false,
  ...over,
})

const BOOTH_TAGS = ['div', 'mark', 'span']
const BOOTH_ATTRIBUTES = [
  'aria-description',
  'aria-hidden',
  'aria-label',
  'class',
  'data-heard',
  'data-pf',
  'data-rb',
  'data-say',
  'data-tip',
  'role',
  'tabindex',
]
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** Issues told apart by what was heard: h0, h1, … */
const numbered = (list: ReadbackIssue[]) => list.map((issue, n) => ({ ...issue, heard: `h${n}` }))

/**
 * Each issue is on the script, in the tip of a tab stop that plays it (issues starting on the same
 * character share one mark, whose tip names both), or listed as not placed — never both, never neither.
 */
function expectEachIssueReachable(out: MarkedDescription, issues: readonly ReadbackIssue[]): void {
  issues.forEach((_, n) => {
    const shown = out.stopTips.some((tip) => tip.includes(`“h${n}”`) && tip.includes('plays the take'))
    expect(shown, `issue ${n}`).toBe(!out.unplacedReadback.includes(n))
  })
  for (const n of out.reachable) expect(out.unplacedReadback).not.toContain(n)
}

describe('marks on a typed HTML script', () => {
  it('puts a changed word, what was heard and its pronunciation on the word inside its <b>', async () => {
    const html = '<p>This Saturday only.</p><p>Offer ends <b>Saturday</b>, June 14.</p>'
    const text = htmlToText(html)
    const from = text.lastIndexOf('Saturday')
    const out = await call(
      'html',
      html,
      text,
      [{ word: 'Saturday', say: 'SAT-er-day' }],
      [rb({ expected: 'Saturday', heard: 'sunday', script_from: from, script_to: from + 8 })],
      [],
    )
    expect(out.matched).toBe(1)
    expect(out.words).toBe(await call('htmlWords', html))
    expect(out.marks).toEqual([
      expect.objectContaining({ text: 'Saturday', rb: '0', heard: 'sunday', role: 'button', tabindex: '0' }),
    ])
    expect(out.prons).toBe(2)
    expect(b.problems).toEqual([])
  })

  it('a skipped passage across two paragraphs is one issue with one tab stop; an insertion is a sign between words', async () => {
    const html = '<p>Save big today.</p><p>Offer ends Saturday.</p>'
    const text = htmlToText(html)
    const out = await call(
      'html',
      html,
      text,
      [],
      [
        rb({
          kind: 'missing',
          expected: 'today. Offer ends',
          script_from: text.indexOf('today'),
          script_to: text.indexOf('ends') + 4,
        }),
        rb({
          kind: 'extra',
          heard: 'really',
          script_from: text.indexOf('big') + 3,
          script_to: text.indexOf('big') + 3,
        }),
        rb({ kind: 'repeated', heard: 'save big', restart: { from_s: 0.2, to_s: 1.4 }, script_from: 0, script_to: 8 }),
      ],
      [],
    )
    expect(out.marks.map((m) => [m.text, m.tabindex])).toEqual([
      ['today.', '0'],
      ['Offer ends', '-1'],
    ])
    expect(out.points.map((p) => [p.rb, p.className.includes('rb-restart') ? 'restart' : 'insert'])).toEqual([
      ['2', 'restart'],
      ['1', 'insert'],
    ])
    expect(out.reachable).toEqual([0, 1, 2])
    expect(out.words).toBe(await call('htmlWords', html))
  })

  it('shows only the script’s words and Booth’s own marks, for any script and any ranges (property)', async () => {
    const word = fc.oneof(
      fc.constantFrom(
        'Saturday',
        'Dream Street',
        '$299',
        '🍺',
        'naïve',
        '<b>not a tag</b>',
        'A&B',
        'x<y',
        '"quoted"',
        'e\u0301',
      ),
      fc
        .string({ unit: 'grapheme', minLength: 1, maxLength: 7 })
        .filter((w) => w.trim() === w && !/\s/u.test(w) && !w.includes('\u0000')),
    )
    const para = fc
      .array(fc.tuple(word, fc.constantFrom('', 'b', 'i', 'em')), { minLength: 1, maxLength: 8 })
      .map((ws) => `<p>${ws.map(([w, t]) => (t ? `<${t}>${escape(w)}</${t}>` : escape(w))).join(' ')}</p>`)
    const edge = fc.integer({ min: -3, max: 160 })
    const issue = fc
      .record({
        a: edge,
        b: edge,
        kind: fc.constantFrom('missing', 'changed', 'extra', 'repeated') as fc.Arbitrary<ReadbackIssue['kind']>,
        restart: fc.boolean(),
      })
      .map(({ a, b: z, kind, restart }) =>
        rb({
          kind,
          heard: 'heard',
          script_from: Math.min(a, z),
          script_to: kind === 'extra' ? Math.min(a, z) : Math.max(a, z),
          ...(restart ? { restart: { from_s: 0, to_s: 1 } } : {}),
        }),
      )
    await fc.assert(
      fc.asyncProperty(
        fc.array(para, { minLength: 1, maxLength: 4 }),
        fc.array(issue, { maxLength: 6 }).map(numbered),
        fc.array(word, { maxLength: 3 }),
        async (paras, issues, words) => {
          const html = paras.join('')
          const text = htmlToText(html)
          const prons = words.map((w) => ({ word: w, say: `say ${w}` }))
          const platform = words.map((w) => pf({ expected: w, heard: 'other', context: w }))
          const out = await call('html', html, text, prons, issues, platform)
          expect(out.matched).toBe(1)
          expect(out.words).toBe(await call('htmlWords', html))
          expect(out.tags.filter((t) => !['p', 'b', 'i', 'em', ...BOOTH_TAGS].includes(t))).toEqual([])
          expect(out.attributes.filter((a) => !BOOTH_ATTRIBUTES.includes(a))).toEqual([])
          expectEachIssueReachable(out, issues)
        },
      ),
      { numRuns: 120 },
    )
    expect(b.problems).toEqual([])
  })
})

describe('marks on a plain-text script', () => {
  it('keeps markup-looking text as text, with the same guarantees (property)', async () => {
    const text = fc
      .array(
        fc.oneof(
          fc.string({ unit: 'grapheme', maxLength: 6 }),
          fc.constantFrom('<img src=x onerror=alert(1)>', '<b>', 'Saturday', '\n', ' ', '🍺', '&amp;'),
        ),
        { maxLength: 20 },
      )
      .map((p) => p.join(''))
    const edge = fc.integer({ min: -3, max: 120 })
    const issue = fc.tuple(edge, edge, fc.boolean()).map(([a, z, point]) =>
      rb({
        kind: point ? 'extra' : 'missing',
        script_from: Math.min(a, z),
        script_to: point ? Math.min(a, z) : Math.max(a, z),
      }),
    )
    await fc.assert(
      fc.asyncProperty(text, fc.array(issue, { maxLength: 6 }).map(numbered), async (t, issues) => {
        const out = await call(
          'text',
          t,
          [
            { word: 'Saturday', say: 'SAT-er-day' },
            { word: '🍺', say: 'beer' },
          ],
          issues,
          [pf({ expected: 'Saturday', context: 'Saturday' })],
        )
        expect(out.words).toBe(t)
        expect(out.tags.filter((x) => !BOOTH_TAGS.includes(x))).toEqual([])
        expect(out.attributes.filter((a) => !BOOTH_ATTRIBUTES.includes(a))).toEqual([])
        expectEachIssueReachable(out, issues)
      }),
      { numRuns: 150 },
    )
    expect(b.problems).toEqual([])
  })
})
