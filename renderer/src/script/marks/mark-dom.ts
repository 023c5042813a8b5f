/**
 * Lays the merged marks (mark-layers.ts) on a sanitized HTML script, in place: each text node that a
 * mark touches is replaced by its pieces, plain text or elements made here (span, mark) whose words are
 * text nodes and whose notes are attributes. Nothing is parsed from a string; the offsets are those of
 * collectText (block edges as NUL), the same text the marks were computed on. A mark that spans several
 * text nodes (across <b> or a paragraph) becomes one element per node: the first is its tab stop.
 */
import { collectText, type TextNodeAt } from '../mark-pronunciations'
import { isMarked, type MergedMarks } from './mark-layers'
import { pointLook, segmentLook, type MarkView, type OuterLook, type SegmentLook } from './mark-look'

export function setOuter(el: HTMLElement, look: OuterLook, first: boolean): void {
  el.className = first ? look.className : `${look.className}${look.className.includes('sm-cont') ? '' : ' sm-cont'}`
  if (look.role) el.setAttribute('role', look.role)
  const tab = first ? look.tabIndex : look.role ? -1 : null
  if (tab !== null) el.tabIndex = tab
  if (look.label) el.setAttribute('aria-label', look.label)
  if (look.description) el.setAttribute('aria-description', look.description)
  el.setAttribute('data-tip', look.tip)
  if (look.heard && first) el.setAttribute('data-heard', look.heard)
  if (look.play !== null) el.setAttribute('data-rb', String(look.play))
  if (look.platform !== null) el.setAttribute('data-pf', String(look.platform))
}

function piece(doc: Document, look: SegmentLook, text: string, first: boolean, last: boolean): Node {
  let body: Node = doc.createTextNode(text)
  if (look.pron) {
    const mark = doc.createElement('mark')
    mark.className = look.pron.first && first ? 'pron' : 'pron pron-cont'
    mark.setAttribute('data-say', `say: ${look.pron.say}`)
    if (look.pron.focusable && first) mark.tabIndex = 0
    mark.append(body)
    if (look.pron.hint && last) {
      const hint = doc.createElement('span')
      hint.className = 'sr-only'
      hint.textContent = ` (say: ${look.pron.say})`
      mark.append(hint)
    }
    body = mark
  }
  if (look.outer) {
    const el = doc.createElement('span')
    setOuter(el, look.outer, first)
    el.append(body)
    body = el
  }
  return body
}

export function pointElement(doc: Document, look: OuterLook): HTMLElement {
  const el = doc.createElement('span')
  setOuter(el, look, true)
  const glyph = doc.createElement('span')
  glyph.className = 'sm-glyph'
  glyph.setAttribute('aria-hidden', 'true')
  glyph.textContent = look.glyph ?? '‸'
  el.append(glyph)
  return el
}

/** Which text node (and where in it) a point at `at` of the collected text goes: inside the node holding that character, else at the end of the one before. */
function pointHome(nodes: readonly TextNodeAt[], at: number): { node: number; offset: number } | null {
  let lo = 0
  let hi = nodes.length - 1
  let before = -1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if ((nodes[mid] as TextNodeAt).start <= at) {
      before = mid
      lo = mid + 1
    } else hi = mid - 1
  }
  // Empty text nodes hold no place; step back to one with text.
  while (before >= 0 && (nodes[before] as TextNodeAt).node.data.length === 0) before--
  if (before < 0) {
    const next = nodes.findIndex((n) => n.node.data.length > 0)
    return next < 0 ? null : { node: next, offset: 0 }
  }
  const n = nodes[before] as TextNodeAt
  return { node: before, offset: Math.min(at - n.start, n.node.data.length) }
}

/** Marks `root` (a sanitized fragment or element) in place. */
export function applyMarks(root: Node, merged: MergedMarks, view: MarkView): void {
  const doc = root.ownerDocument ?? (root as Document)
  const { text, segments: nodes } = collectText(root)
  if (text.length === 0 && merged.after.length === 0) return
  const points = new Map<number, Array<{ offset: number; issue: number }>>()
  const place = (at: number, issue: number) => {
    const home = pointHome(nodes, at)
    if (!home) return
    const list = points.get(home.node) ?? []
    list.push({ offset: home.offset, issue })
    points.set(home.node, list)
  }
  for (const seg of merged.segments) for (const issue of seg.before) place(seg.start, issue)
  for (const issue of merged.after) place(text.length, issue)

  const looks = new Map<number, SegmentLook>()
  // A segment's first piece on the page (it may start at a block edge, between text nodes).
  const shown = new Set<number>()
  let k = 0
  nodes.forEach(({ node, start: ns }, n) => {
    const ne = ns + node.data.length
    while (k < merged.segments.length && (merged.segments[k] as { end: number }).end <= ns) k++
    const here: number[] = []
    for (let m = k; m < merged.segments.length && (merged.segments[m] as { start: number }).start < ne; m++)
      here.push(m)
    const nodePoints = (points.get(n) ?? []).sort((a, b) => a.offset - b.offset)
    if (nodePoints.length === 0 && !here.some((m) => isMarked(merged.segments[m]!))) return
    const frag = doc.createDocumentFragment()
    let p = 0
    const flushPoints = (upTo: number) => {
      for (; p < nodePoints.length && (nodePoints[p] as { offset: number }).offset <= upTo; p++) {
        const look = pointLook((nodePoints[p] as { issue: number }).issue, view)
        if (look) frag.append(pointElement(doc, look))
      }
    }
    for (const m of here) {
      const seg = merged.segments[m]!
      const a = Math.max(seg.start, ns)
      const b = Math.min(seg.end, ne)
      flushPoints(a - ns)
      const slice = node.data.slice(a - ns, b - ns)
      let look = looks.get(m)
      if (!look) {
        look = segmentLook(seg, view)
        looks.set(m, look)
      }
      if (!look.outer && !look.pron) frag.append(doc.createTextNode(slice))
      else frag.append(piece(doc, look, slice, !shown.has(m), b === seg.end))
      shown.add(m)
    }
    flushPoints(Number.POSITIVE_INFINITY)
    node.replaceWith(frag)
  })
}
