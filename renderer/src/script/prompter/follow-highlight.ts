/**
 * The prompter's highlight: the line being read and the word last heard, drawn over whatever the script
 * panel shows (plain text with pronunciations, the script's HTML, marks laid on it by other features)
 * without touching its elements: boxes on a layer of their own inside the script (follow-marks.css), the
 * line tinted behind the words, the word underlined. Text read only by screen readers (`.sr-only`, e.g.
 * "(say: …)" after a marked word) is not script text and is skipped.
 *
 * Not the CSS Custom Highlight API: Chromium rebuilds every custom highlight, and repaints the text it
 * covers, whenever anything in the document changes, so while a take records (the meters and the clock
 * change many times a second) it repainted the script on every frame: a quarter of Chromium's CPU while
 * recording (docs/measurements.md). These boxes are drawn again only when the voice moves.
 */
import type { ScriptSpan } from '../../../../shared/bridge-prompter'
import { mapOffsets } from './script-offsets'
import './follow-marks.css'

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

const skipped = (n: Node): boolean => Boolean(n.parentElement?.closest('.sr-only, [aria-hidden="true"]'))

/** The boxes of the shown text a range covers, text node by text node (no element boxes, no screen-reader text). */
function textBoxes(range: Range): DOMRect[] {
  const boxes: DOMRect[] = []
  const start = range.startContainer
  const walker = document.createTreeWalker(range.commonAncestorContainer, NodeFilter.SHOW_TEXT)
  let n: Node | null = start.nodeType === Node.TEXT_NODE ? start : walker.nextNode()
  if (n) walker.currentNode = n
  for (; n; n = walker.nextNode()) {
    if (!range.intersectsNode(n)) {
      if (boxes.length > 0 || range.comparePoint(n, 0) > 0) break
      continue
    }
    if (skipped(n)) continue
    const part = document.createRange()
    part.selectNodeContents(n)
    if (n === range.startContainer) part.setStart(n, range.startOffset)
    if (n === range.endContainer) part.setEnd(n, range.endOffset)
    for (const box of part.getClientRects()) if (box.width > 0 && box.height > 0) boxes.push(box)
  }
  return boxes
}

/** What a range shows, as one line of text (screen-reader text left out). */
function shownLine(range: Range): string {
  const part = range.cloneContents()
  part.querySelectorAll('.sr-only, [aria-hidden="true"]').forEach((e) => e.remove())
  return (part.textContent ?? '').replace(/\s+/g, ' ').trim()
}

/** The prompter's marks on one script as shown: drawn again as the voice moves, removed when it stops. */
export interface FollowMarks {
  /** Draws the ranges: the line's text tinted, the word's underlined; `data-line` on the layer says the line's text. */
  draw(ranges: FollowRanges): void
  /** Whether a node is part of the marks (their changes are not the script's). */
  owns(node: Node): boolean
  remove(): void
}

/** A layer for the marks, first in `root` (the script as shown), which becomes their place while it is there. */
export function followMarks(root: HTMLElement): FollowMarks {
  const layer = document.createElement('div')
  layer.className = 'follow-marks'
  layer.setAttribute('aria-hidden', 'true')
  root.prepend(layer)
  return {
    draw: (ranges) => {
      const origin = root.getBoundingClientRect()
      const left = origin.left + root.clientLeft
      const top = origin.top + root.clientTop
      const boxes = (range: Range | null, className: string) =>
        (range ? textBoxes(range) : []).map((b) => {
          const box = document.createElement('span')
          box.className = className
          box.style.cssText = `left:${b.left - left}px;top:${b.top - top}px;width:${b.width}px;height:${b.height}px`
          return box
        })
      layer.replaceChildren(...boxes(ranges.line, 'follow-line'), ...boxes(ranges.word, 'follow-word'))
      if (ranges.line) layer.dataset['line'] = shownLine(ranges.line)
      else delete layer.dataset['line']
    },
    owns: (node) => layer.contains(node),
    remove: () => layer.remove(),
  }
}
