/**
 * The prompter's highlight: the line being read and the word last heard, drawn with the CSS Custom
 * Highlight API over whatever the script panel shows (plain text with pronunciations, the script's HTML,
 * marks laid on it by other features) without touching its elements. Text read only by screen readers
 * (`.sr-only`, e.g. "(say: …)" after a marked word) is not script text and is skipped.
 */
import type { ScriptSpan } from '../../../../shared/bridge-prompter'
import { mapOffsets } from './script-offsets'

export const LINE_HIGHLIGHT = 'booth-follow-line'
export const WORD_HIGHLIGHT = 'booth-follow-word'

interface ShownText {
  text: string
  nodes: Array<{ node: Text; from: number }>
}

function shownText(root: HTMLElement): ShownText {
  const nodes: ShownText['nodes'] = []
  let text = ''
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (n) =>
      n.parentElement?.closest('.sr-only, [aria-hidden="true"]') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
  })
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    nodes.push({ node: n as Text, from: text.length })
    text += (n as Text).data
  }
  return { text, nodes }
}

/**
 * The text node and offset of a place in the shown text. Where two nodes meet, a start is put at the
 * start of the later one and an end at the end of the earlier one, so a range never takes in the skipped
 * screen-reader text between them.
 */
function point(shown: ShownText, at: number, end: boolean): { node: Text; offset: number } | null {
  let lo = 0
  let hi = shown.nodes.length - 1
  if (hi < 0) return null
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    const from = (shown.nodes[mid] as { from: number }).from
    if (end ? from < at : from <= at) lo = mid
    else hi = mid - 1
  }
  const { node, from } = shown.nodes[lo] as { node: Text; from: number }
  return { node, offset: Math.max(0, Math.min(node.data.length, at - from)) }
}

export interface FollowRanges {
  line: Range | null
  word: Range | null
}

/** Ranges of the shown text for spans of the script text; null where the page shows no text. */
export function rangesFor(
  root: HTMLElement,
  script: string,
  spans: { line: ScriptSpan | null; word: ScriptSpan | null },
): FollowRanges {
  const shown = shownText(root)
  if (shown.nodes.length === 0) return { line: null, word: null }
  const map = mapOffsets(script, shown.text)
  const range = (span: ScriptSpan | null): Range | null => {
    if (!span || span.to <= span.from || span.to > script.length) return null
    const a = point(shown, map[span.from] as number, false)
    const b = point(shown, map[span.to] as number, true)
    if (!a || !b) return null
    const r = document.createRange()
    r.setStart(a.node, a.offset)
    r.setEnd(b.node, b.offset)
    return r.collapsed ? null : r
  }
  return { line: range(spans.line), word: range(spans.word) }
}

/** Whether this browser can draw highlights (Chromium 105+, so Electron and the web host's Chromium). */
export function canHighlight(): boolean {
  return typeof CSS !== 'undefined' && 'highlights' in CSS && typeof Highlight === 'function'
}

export function showHighlights(ranges: FollowRanges): void {
  if (!canHighlight()) return
  if (ranges.line) CSS.highlights.set(LINE_HIGHLIGHT, new Highlight(ranges.line))
  else CSS.highlights.delete(LINE_HIGHLIGHT)
  if (ranges.word) CSS.highlights.set(WORD_HIGHLIGHT, new Highlight(ranges.word))
  else CSS.highlights.delete(WORD_HIGHLIGHT)
}

export function clearHighlights(): void {
  if (!canHighlight()) return
  CSS.highlights.delete(LINE_HIGHLIGHT)
  CSS.highlights.delete(WORD_HIGHLIGHT)
}
