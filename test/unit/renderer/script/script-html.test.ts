import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openBrowserPage, type BrowserPage } from '../support/browser-page'
import type { Rendered } from '../support/dom-entry'

const HOSTILE = [
  '<p>Hello <script>window.pwned = 1</script>world</p>',
  '<img src=x onerror="window.pwned=2">',
  '<p onclick="window.pwned=3" style="color:red" class="x" id="y">Click</p>',
  '<a href="javascript:window.pwned=4">Call now</a>',
  '<svg><script>window.pwned=5</script></svg>',
  '<iframe src="https://evil.example"></iframe>',
  '<form action="https://evil.example"><input name="k"></form>',
  '<style>body{display:none}</style><b>Bold</b>',
  '<p><span onmouseover="x()">span</span></p>',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.pwned=6>',
].join('')

/** Pronunciation entries that once built broken patterns or may still trip a matcher. */
const HOSTILE_WORDS = ['Coca-Cola', "Dr. O'Neil", '$9.99', '(a+)+', '🍺', 'שלום', 'naïve', `Long${'g'.repeat(296)}`]

let b: BrowserPage
const render = (html: string, list: Array<{ word: string; say: string }> = []) =>
  b.page.evaluate(
    ([h, l]) =>
      (window as unknown as { boothTest: { render(h: string, l: unknown): Rendered } }).boothTest.render(h, l),
    [html, list] as const,
  )

beforeAll(async () => {
  b = await openBrowserPage()
})
afterAll(async () => {
  await b?.close()
})

describe('sanitized script HTML in Chromium under Booth’s CSP', () => {
  it('keeps only simple formatting tags, with no attributes', async () => {
    const r = await render(HOSTILE)
    for (const tag of r.tags)
      expect(['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'span']).toContain(tag)
    expect(r.attributes).toEqual([])
  })

  it('drops script and style contents but keeps the words of removed links', async () => {
    const r = await render(HOSTILE)
    expect(r.text).toContain('Hello world')
    expect(r.text).toContain('Call now')
    expect(r.text).toContain('Bold')
    expect(r.text).not.toContain('pwned')
    expect(r.text).not.toContain('display:none')
  })

  it('runs nothing it was given and breaks no Trusted Types rule', async () => {
    b.problems.length = 0
    await render(HOSTILE)
    await b.page.waitForTimeout(50)
    expect(await b.page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined()
    // DOMPurify parses the dirty HTML in an inert document that inherits the CSP, so Chromium reports
    // (and blocks) the inline handler attributes it meets there before DOMPurify strips them: expected.
    const unexpected = b.problems.filter((p) => !/script-src-attr|inline event handler/.test(p))
    expect(unexpected).toEqual([])
    expect(b.problems.some((p) => /trusted/i.test(p))).toBe(false)
  })

  it('is refused by the page when HTML skips the booth policy (the CSP really demands Trusted Types)', async () => {
    const message = await b.page.evaluate(() => {
      try {
        document.createElement('div').innerHTML = '<b>raw</b>'
        return 'assigned'
      } catch (err) {
        return (err as Error).message
      }
    })
    expect(message).toMatch(/TrustedHTML/)
  })
})

describe('pronunciations marked on the words', () => {
  const list = [
    { word: 'Vigoro', say: 'vih-GOR-oh' },
    { word: 'Acme Hardware', say: 'AK-mee HARD-ware' },
  ]

  it('wraps each match in a focusable mark with the hint for hover, focus and screen readers', async () => {
    const r = await render("<p>Save on <b>Vigoro</b> soil. Vigoro's best.</p>", list)
    expect(r.marks).toEqual([
      { text: 'Vigoro', say: 'say: vih-GOR-oh', tabindex: '0', hint: ' (say: vih-GOR-oh)' },
      { text: 'Vigoro', say: 'say: vih-GOR-oh', tabindex: '0', hint: ' (say: vih-GOR-oh)' },
    ])
    expect(r.html).toContain('<b><mark')
  })

  it('marks an entry that spans formatting, one piece per text node, focusable once', async () => {
    const r = await render('<p><b>Acme</b> Hardware has it.</p>', list)
    expect(r.marks.map((m) => [m.text, m.tabindex])).toEqual([
      ['Acme', '0'],
      [' Hardware', null],
    ])
  })

  it('does not join words across paragraphs or line breaks', async () => {
    const r = await render('<p>Acme</p><p>Hardware</p>Acme<br>Hardware', list)
    expect(r.marks).toEqual([])
  })

  it('leaves the words as they were, apart from the spoken hints', async () => {
    const r = await render('<p>Spring at <b>Acme Hardware</b>: Vigoro, vigoro, VIGORO!</p>', list)
    const hints = r.marks.map((m) => m.hint ?? '').join('')
    expect(r.marks).toHaveLength(4)
    expect(r.text.length).toBe('Spring at Acme Hardware: Vigoro, vigoro, VIGORO!'.length + hints.length)
  })

  it('treats hostile pronunciation text as text', async () => {
    const r = await render('<p>Call Zed now</p>', [{ word: 'Zed', say: '<img src=x onerror=window.pwned=7>' }])
    expect(r.tags).not.toContain('img')
    expect(r.marks[0]?.say).toBe('say: <img src=x onerror=window.pwned=7>')
    expect(await b.page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined()
  })
  it('marks words of any shape in the page and leaves the text as it was (hostile pronunciation corpus)', async () => {
    const list = HOSTILE_WORDS.map((word) => ({ word, say: `say ${word}` }))
    const script = `<p>${HOSTILE_WORDS.join(' and ')}.</p>`
    b.problems.length = 0
    const r = await render(script, list)
    expect(r.marks.map((m) => m.text)).toEqual(HOSTILE_WORDS)
    const hints = r.marks.map((m) => m.hint ?? '').join('')
    expect(r.text.length).toBe(`${HOSTILE_WORDS.join(' and ')}.`.length + hints.length)
    expect(b.problems).toEqual([])
  })
})

describe('ConfirmDialog', () => {
  it('names what happens and who is told, keeps focus inside, and Esc cancels', async () => {
    const p = b.page
    await p.evaluate(() => (window as unknown as { boothTest: { openDialog(): void } }).boothTest.openDialog())
    const dialog = p.getByRole('dialog', { name: 'Decline this job?' })
    await expect.poll(() => dialog.isVisible()).toBe(true)
    expect(await dialog.textContent()).toContain('Your reason is sent to Dana Whitfield')
    expect(await p.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Reason')
    // Tab goes Reason → Cancel → Decline job → back to Reason, never out of the dialog.
    const seen: string[] = []
    for (let i = 0; i < 4; i++) {
      await p.keyboard.press('Tab')
      seen.push(
        await p.evaluate(
          () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '',
        ),
      )
    }
    expect(seen).toEqual(['Cancel', 'Decline job', 'Reason', 'Cancel'])
    await p.keyboard.press('Escape')
    await expect
      .poll(() => p.evaluate(() => (window as unknown as { boothTest: { events: string[] } }).boothTest.events))
      .toEqual(['cancel'])
    expect(await p.evaluate(() => document.activeElement?.id)).toBe('opener')
  })
})
