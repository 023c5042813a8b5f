/**
 * Marks pronunciations ON THE WORDS of an already sanitized script: walks its text nodes, finds the
 * entries (see pronunciation-matches.ts) across the text of each block, and wraps every match in a
 * focusable <mark> whose tooltip ("say: …") shows on hover and on keyboard focus. Screen readers hear the
 * hint too (a visually hidden " (say: …)" inside the mark). Only text nodes and elements made here are
 * touched; nothing is parsed from strings.
 */
import { findPronunciationMatches, type Pronunciation } from './pronunciation-matches'

const BLOCK_TAGS = new Set(['P', 'LI', 'UL', 'OL', 'BR', 'DIV'])

export interface TextNodeAt {
  node: Text
  start: number
}

/** The text of `root` with a NUL (neither space nor letter) at every block edge, so no match crosses it, and where each text node sits in it. */
export function collectText(root: Node): { text: string; segments: TextNodeAt[] } {
  let text = ''
  const segments: TextNodeAt[] = []
  const visit = (node: Node): void => {
    if (node.nodeType === 3) {
      segments.push({ node: node as Text, start: text.length })
      text += (node as Text).data
      return
    }
    const block = node.nodeType === 1 && BLOCK_TAGS.has((node as Element).tagName)
    if (block) text += '\u0000'
    for (let child = node.firstChild; child; child = child.nextSibling) visit(child)
    if (block) text += '\u0000'
  }
  visit(root)
  return { text, segments }
}

function makeMark(doc: Document, say: string, first: boolean): HTMLElement {
  const mark = doc.createElement('mark')
  mark.className = 'pron'
  mark.setAttribute('data-say', `say: ${say}`)
  if (first) mark.tabIndex = 0
  else mark.classList.add('pron-cont')
  return mark
}

/** Wraps each match in `root` (in place) and returns how many words were marked. */
export function markPronunciations(root: Node, list: readonly Pronunciation[]): number {
  if (!list.length) return 0
  const doc = root.ownerDocument ?? (root as Document)
  const { text, segments } = collectText(root)
  const matches = findPronunciationMatches(text, list)
  // Work from the end so earlier offsets inside a text node stay valid after splitting it.
  for (let i = matches.length - 1; i >= 0; i--) {
    const m = matches[i]
    if (!m) continue
    const pieces = segments
      .filter((s) => s.start < m.end && s.start + s.node.data.length > m.start)
      .map((s) => ({ seg: s, from: Math.max(0, m.start - s.start), to: Math.min(s.node.data.length, m.end - s.start) }))
      .filter((p) => p.to > p.from)
    for (let j = pieces.length - 1; j >= 0; j--) {
      const piece = pieces[j]
      if (!piece) continue
      const { seg, from, to } = piece
      const middle = seg.node.splitText(from)
      middle.splitText(to - from)
      const mark = makeMark(doc, m.say, j === 0)
      middle.parentNode?.replaceChild(mark, middle)
      mark.appendChild(middle)
      if (j === pieces.length - 1) {
        const hint = doc.createElement('span')
        hint.className = 'sr-only'
        hint.textContent = ` (say: ${m.say})`
        mark.appendChild(hint)
      }
    }
  }
  return matches.length
}
