/**
 * Bundled for a real Chromium page by browser-page.ts (Booth's CSP, Trusted Types required): lays the
 * checks' marks on a script the way the script panel does (script/marks/), HTML in place or plain text
 * through React, and describes what the page then holds, for script-marks-dom.test.ts.
 */
import { createRoot } from 'react-dom/client'
import { flushSync } from 'react-dom'
import { sanitizedFragment } from '../../../../renderer/src/script/sanitize-html'
import { collectText } from '../../../../renderer/src/script/mark-pronunciations'
import { findPronunciationMatches, type Pronunciation } from '../../../../renderer/src/script/pronunciation-matches'
import { alignMap, identityMap } from '../../../../renderer/src/script/marks/offset-maps'
import { buildScriptMarks, type ScriptMarks } from '../../../../renderer/src/script/marks/script-marks'
import { applyMarks } from '../../../../renderer/src/script/marks/mark-dom'
import { MarkedText } from '../../../../renderer/src/script/MarkedText'
import type { ReadbackIssue } from '../../../../shared/readback/types'
import type { CheckIssue } from '../../../../renderer/src/takes/check-placement'

export interface MarkedDescription {
  /** The words on the page, without Booth's hints ("(say: …)") and signs (‸ ↺). */
  words: string
  tags: string[]
  attributes: string[]
  marks: Array<{
    text: string
    className: string
    rb: string | null
    pf: string | null
    heard: string | null
    role: string | null
    tabindex: string | null
  }>
  points: Array<{ rb: string | null; className: string }>
  prons: number
  /** Issues (by index) with a tab stop (tabindex 0) of their own that plays them. */
  reachable: number[]
  /** The tips of the tab stops (a mark for two issues starting together names both). */
  stopTips: string[]
  unplacedReadback: number[]
  unplacedPlatform: number[]
  matched: number
}

function describe(host: HTMLElement, marks: ScriptMarks, matched: number): MarkedDescription {
  const clean = host.cloneNode(true) as HTMLElement
  clean.querySelectorAll('.sr-only, .sm-glyph').forEach((e) => e.remove())
  const all = Array.from(host.querySelectorAll('*'))
  const wordsOf = (el: Element) => {
    const c = el.cloneNode(true) as Element
    c.querySelectorAll('.sr-only, .sm-glyph').forEach((e) => e.remove())
    return c.textContent ?? ''
  }
  return {
    words: clean.textContent ?? '',
    tags: [...new Set(all.map((el) => el.tagName.toLowerCase()))].sort(),
    attributes: [...new Set(all.flatMap((el) => el.getAttributeNames()))].sort(),
    marks: Array.from(host.querySelectorAll('.sm:not(.rb-point)'), (el) => ({
      text: wordsOf(el),
      className: el.className,
      rb: el.getAttribute('data-rb'),
      pf: el.getAttribute('data-pf'),
      heard: el.getAttribute('data-heard'),
      role: el.getAttribute('role'),
      tabindex: el.getAttribute('tabindex'),
    })),
    points: Array.from(host.querySelectorAll('.sm.rb-point'), (el) => ({
      rb: el.getAttribute('data-rb'),
      className: el.className,
    })),
    prons: host.querySelectorAll('mark.pron').length,
    stopTips: Array.from(host.querySelectorAll('.sm[tabindex="0"]'), (el) => el.getAttribute('data-tip') ?? ''),
    reachable: [
      ...new Set(
        Array.from(host.querySelectorAll('[data-rb][tabindex="0"]'), (el) => Number(el.getAttribute('data-rb'))),
      ),
    ].sort((a, b) => a - b),
    unplacedReadback: marks.unplacedReadback.map((u) => u.issue),
    unplacedPlatform: marks.unplacedPlatform,
    matched,
  }
}

const marksTest = {
  /** The HTML's own words (sanitized, unmarked). */
  htmlWords(html: string): string {
    const host = document.createElement('div')
    host.replaceChildren(sanitizedFragment(html))
    return host.textContent ?? ''
  },
  html(
    html: string,
    text: string,
    prons: Pronunciation[],
    readback: ReadbackIssue[],
    platform: CheckIssue[],
  ): MarkedDescription {
    const shown = collectText(sanitizedFragment(html)).text
    const aligned = alignMap(text, shown)
    const marks = buildScriptMarks({
      shownText: shown,
      scriptText: text,
      toShown: aligned.map,
      pronunciations: findPronunciationMatches(shown, prons),
      readback: { issues: readback, readText: text, toScript: identityMap },
      platform: { issues: platform, sameTake: true },
    })
    const host = document.createElement('div')
    document.body.append(host)
    const fragment = sanitizedFragment(html)
    applyMarks(fragment, marks.merged, marks.view)
    host.replaceChildren(fragment)
    const out = describe(host, marks, aligned.matched)
    host.remove()
    return out
  },
  text(text: string, prons: Pronunciation[], readback: ReadbackIssue[], platform: CheckIssue[]): MarkedDescription {
    const marks = buildScriptMarks({
      shownText: text,
      scriptText: text,
      toShown: identityMap,
      pronunciations: findPronunciationMatches(text, prons),
      readback: { issues: readback, readText: text, toScript: identityMap },
      platform: { issues: platform, sameTake: true },
    })
    const host = document.createElement('div')
    document.body.append(host)
    const root = createRoot(host)
    flushSync(() => root.render(<MarkedText merged={marks.merged} view={marks.view} />))
    const out = describe(host, marks, 1)
    root.unmount()
    host.remove()
    return out
  },
}

;(window as unknown as { boothTest: typeof marksTest }).boothTest = marksTest
