// afterNextPaint, in real Chromium: what waits for it runs in the frame after the one on its way, so that
// frame (the take's check at Stop) is painted first.
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openBrowserPage, type BrowserPage } from '../support/browser-page'

let b: BrowserPage
beforeAll(async () => {
  b = await openBrowserPage(fileURLToPath(new URL('../support/paint-entry.ts', import.meta.url)))
})
afterAll(async () => {
  await b?.close()
})

it('resolves after the frame on its way and the work that frame queued for the next one', async () => {
  const order = await b.page.evaluate(async () => {
    const t = (window as unknown as { boothTest: { afterNextPaint(ms?: number): Promise<void> } }).boothTest
    const seen: string[] = []
    // Drawn in the frame on its way, which asks for work in the frame after it.
    requestAnimationFrame(() => {
      seen.push('this frame')
      requestAnimationFrame(() => seen.push('next frame'))
    })
    // Long enough that only the frames decide, not the fallback for a window that paints nothing.
    await t.afterNextPaint(10_000).then(() => seen.push('after'))
    return seen
  })
  expect(order).toEqual(['this frame', 'next frame', 'after'])
  expect(b.problems).toEqual([])
})
