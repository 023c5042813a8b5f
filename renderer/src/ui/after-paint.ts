/**
 * Resolves at the start of the frame after the one on its way (so that one is painted first, and the
 * tasks queued after its paint have run), for work that would hold that frame back. A window that paints
 * nothing (hidden, minimised) resolves after `atMostMs` all the same.
 */
export function afterNextPaint(atMostMs = 100): Promise<void> {
  return new Promise((resolve) => {
    const timer = window.setTimeout(resolve, atMostMs)
    requestAnimationFrame(() => {
      requestAnimationFrame(() => {
        window.clearTimeout(timer)
        resolve()
      })
    })
  })
}

/** afterNextPaint where a page paints; at once elsewhere (tests without a page, workers). */
export function afterPaintOrNow(): Promise<void> {
  return typeof requestAnimationFrame === 'function' ? afterNextPaint() : Promise.resolve()
}
