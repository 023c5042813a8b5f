/**
 * Lines of script a talent can read right now, measured on the page: the rendered line boxes of the
 * script's text (Range client rects of its text nodes, grouped into lines by their vertical middle) that
 * lie wholly inside the window and inside the script's scroll area, and that are not covered by anything
 * (the element at three points along the line is the script itself). Respellings drawn over the words are
 * not text of the script and do not count, nor does text only screen readers get (a 1-px `sr-only` box).
 */
import type { Locator, Page } from '@playwright/test'

export interface ScriptLines {
  /** Lines of the script in view, uncovered. */
  inView: number
  /** Lines the script has in all (in view or not). */
  total: number
  /** Font size of the script, px. */
  fontSize: number
}

export function scriptLinesInView(page: Page): Promise<ScriptLines> {
  return page.evaluate(() => {
    const root = document.querySelector<HTMLElement>('.script-read')
    if (!root) return { inView: 0, total: 0, fontSize: 0 }
    const area = root.closest<HTMLElement>('.reading-script') ?? root
    const box = area.getBoundingClientRect()
    const top = Math.max(0, box.top)
    const bottom = Math.min(window.innerHeight, box.bottom)
    const fontSize = Number.parseFloat(getComputedStyle(root).fontSize)
    type Line = { top: number; bottom: number; left: number; right: number; mid: number }
    const lines: Line[] = []
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    const range = document.createRange()
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue
      const holder = node.parentElement?.getBoundingClientRect()
      if (!holder || holder.width <= 1 || holder.height <= 1) continue
      range.selectNodeContents(node)
      for (const r of Array.from(range.getClientRects())) {
        if (r.width < 2 || r.height < 2) continue
        const mid = (r.top + r.bottom) / 2
        const line = lines.find((l) => Math.abs(l.mid - mid) < fontSize * 0.5)
        if (line) {
          line.top = Math.min(line.top, r.top)
          line.bottom = Math.max(line.bottom, r.bottom)
          line.left = Math.min(line.left, r.left)
          line.right = Math.max(line.right, r.right)
        } else lines.push({ top: r.top, bottom: r.bottom, left: r.left, right: r.right, mid })
      }
    }
    const uncovered = (l: Line) =>
      [0.1, 0.5, 0.9].every((f) => {
        const hit = document.elementFromPoint(l.left + (l.right - l.left) * f, l.mid)
        return hit !== null && root.contains(hit)
      })
    const inView = lines.filter(
      (l) =>
        l.top >= top - 0.5 && l.bottom <= bottom + 0.5 && l.left >= 0 && l.right <= window.innerWidth && uncovered(l),
    )
    return { inView: inView.length, total: lines.length, fontSize }
  })
}

/**
 * Clicks a word of the script where a talent would: the middle of its text. Playwright's own click aims at
 * the first of the element's content quads, and Chromium counts a mark's pseudo-elements among them (the
 * respelling above the word, what was heard below it, the tip on hover): near the script area's edge that
 * point fell between two lines, on the paragraph, and the click was refused as covered. The word is
 * brought into view at once (the script area scrolls smoothly), and the point is checked to be the word.
 */
export async function clickWord(word: Locator): Promise<void> {
  const point = await word.evaluate((el) => {
    el.scrollIntoView({ block: 'center', behavior: 'instant' })
    const range = document.createRange()
    range.selectNodeContents(el)
    const r = range.getClientRects()[0] ?? el.getBoundingClientRect()
    const x = r.left + r.width / 2
    const y = r.top + r.height / 2
    const hit = document.elementFromPoint(x, y)
    return { x, y, hit: hit && el.contains(hit) ? '' : (hit?.outerHTML.slice(0, 120) ?? 'nothing') }
  })
  if (point.hit) throw new Error(`The word is covered at its middle by ${point.hit}`)
  await word.page().mouse.click(point.x, point.y)
}
