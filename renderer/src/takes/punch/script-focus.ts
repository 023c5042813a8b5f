/**
 * Shows the script from the punched sentence: finds the sentence's first words in the script panel's text
 * (whitespace and pronunciation marks aside), scrolls it into the middle of the view and marks it with a
 * CSS highlight (no element is added to the script; where the Highlight API is missing, only the scroll).
 */
const HIGHLIGHT = 'booth-punch'

interface HighlightRegistry {
  set(name: string, h: unknown): void
  delete(name: string): void
}

function registry(): { reg: HighlightRegistry; make: (r: Range) => unknown } | null {
  const css = (globalThis as { CSS?: { highlights?: HighlightRegistry } }).CSS
  const Ctor = (globalThis as { Highlight?: new (...r: Range[]) => unknown }).Highlight
  return css?.highlights && Ctor ? { reg: css.highlights, make: (r) => new Ctor(r) } : null
}

const squeeze = (s: string): string => s.replace(/\s+/g, ' ')

/** The range of the script panel's text that starts the sentence, or null when it is not shown. */
export function findSentence(root: ParentNode, sentence: string): Range | null {
  const panel = root.querySelector('.script-panel .script-text')
  if (!panel) return null
  const nodes: Text[] = []
  const walker = document.createTreeWalker(panel, NodeFilter.SHOW_TEXT)
  for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text)
  // The panel's text as one string, each character mapped back to its node and offset.
  let text = ''
  const at: Array<[Text, number]> = []
  for (const node of nodes) {
    for (let i = 0; i < node.data.length; i++) {
      const ch = /\s/.test(node.data[i] as string) ? ' ' : (node.data[i] as string)
      if (ch === ' ' && text.endsWith(' ')) continue
      text += ch
      at.push([node, i])
    }
  }
  const wanted = squeeze(sentence.trim())
  for (const len of [wanted.length, 40, 20]) {
    const needle = wanted.slice(0, len)
    const k = needle ? text.indexOf(needle) : -1
    if (k >= 0) {
      const range = document.createRange()
      const [sn, so] = at[k] as [Text, number]
      const [en, eo] = at[Math.min(at.length - 1, k + needle.length - 1)] as [Text, number]
      range.setStart(sn, so)
      range.setEnd(en, eo + 1)
      return range
    }
  }
  return null
}

/** The nearest ancestor that scrolls vertically. */
function scroller(from: Element | null): Element | null {
  for (let el = from; el; el = el.parentElement) {
    const y = getComputedStyle(el).overflowY
    if ((y === 'auto' || y === 'scroll') && el.scrollHeight > el.clientHeight) return el
  }
  return null
}

/** Scrolls the sentence itself (not the block it is in) to the middle of the script's view. */
function scrollToMiddle(range: Range): void {
  const box = range.getBoundingClientRect()
  const view = scroller(range.startContainer.parentElement)
  if (!view) return range.startContainer.parentElement?.scrollIntoView({ block: 'center' })
  const frame = view.getBoundingClientRect()
  view.scrollTop += box.top - frame.top - (frame.height - box.height) / 2
}

/** Scrolls the script to the sentence and marks it; returns the undo (the mark removed). */
export function focusScriptSentence(sentence: string): () => void {
  const range = findSentence(document, sentence)
  if (!range) return () => undefined
  scrollToMiddle(range)
  const r = registry()
  r?.reg.set(HIGHLIGHT, r.make(range))
  return () => r?.reg.delete(HIGHLIGHT)
}
