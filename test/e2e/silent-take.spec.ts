/**
 * No absurd numbers (issue 22, point 8): Chromium's microphone plays digital silence. Every live meter
 * and every figure of the take reads "silence" (never "−2908.7 LUFS" or "−∞"), and the take's summary
 * names its finding. The take is recorded on the job whose key number has hyphens (HOLF-nnnn-20): its
 * name keeps them and wraps only between its parts. In the window as Booth opens (job list shown), at
 * 1280x720 and 1024x768.
 */
import { test, expect } from './booth-host'
import { LAPTOP_SCREENS } from './support/reading'
import { ABSURD, micPlaying, openKeyedJob, silenceFile } from './support/mic-file'

test.use(micPlaying(silenceFile()))

for (const screen of LAPTOP_SCREENS) {
  test(`reads silence on every meter and figure, at ${screen.width}x${screen.height}`, async ({
    page,
    booth,
    consoleErrors,
  }) => {
    await page.setViewportSize(screen)
    const { key } = await openKeyedJob(page, booth.launchUrl)
    const recorder = page.locator('.recorder')
    await page.keyboard.press('Space')
    await expect(recorder).toHaveAttribute('data-phase', 'recording')
    // The 3 s short-term window fills: every live meter says silence.
    await expect(recorder.locator('.live-value').first()).toHaveText('silence', { timeout: 10_000 })
    await expect(recorder.locator('.live-value').nth(1)).toHaveText('silence', { timeout: 10_000 })
    await expect(recorder.getByRole('meter', { name: 'True peak' })).toHaveAttribute(
      'aria-valuetext',
      'silence, highest silence',
    )
    await expect(recorder).not.toContainText(ABSURD)
    await page.keyboard.press('Space')
    await expect(recorder).toHaveAttribute('data-phase', 'idle', { timeout: 15_000 })

    const check = page.locator('.last-take')
    await expect(check.locator('.take-facts')).toContainText(/Length\s*\d+\.\d s/)
    await expect(check.locator('.take-facts')).toContainText(/Loudness\s*silence/)
    await expect(check.locator('.take-facts')).toContainText(/Peak\s*silence/)
    // The summary names its finding, as the findings list gives it.
    await expect(check.locator('.take-warning[data-code="very_quiet"]')).toHaveText(
      '⚠ Too quiet: nothing in the take is loud enough to measure (below −70 LUFS)',
    )
    const take = page.locator('.take-row').last()
    await expect(take.locator('.take-levels')).toHaveText(
      'True peak silence · room tone (your booth in the pauses) silence',
    )
    await expect(take.locator('.take-findings li[data-code="long_lead_silence"]')).toContainText('silent throughout')
    await expect(page.locator('.takes-column, .recorder, .last-take, .take-row').first()).not.toContainText(ABSURD)
    await expect(take).not.toContainText(ABSURD)

    // The long name keeps the key number's own hyphens, and wraps only after its underscores.
    const name = take.locator('.take-name')
    await expect(name).toContainText(`_${key}_`)
    const lines = await name.evaluate((el) => {
      const text = el.textContent ?? ''
      const range = document.createRange()
      const node = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
      const tops: Array<{ top: number; ch: string }> = []
      for (let n = node.nextNode(); n; n = node.nextNode()) {
        for (let i = 0; i < (n.textContent ?? '').length; i++) {
          range.setStart(n, i)
          range.setEnd(n, i + 1)
          tops.push({ top: Math.round(range.getBoundingClientRect().top), ch: n.textContent?.[i] ?? '' })
        }
      }
      const out: string[] = []
      for (const t of tops) {
        if (out.length === 0 || tops[tops.indexOf(t) - 1]?.top !== t.top) out.push('')
        out[out.length - 1] += t.ch
      }
      return { text, out, fits: el.scrollWidth <= el.clientWidth + 1 }
    })
    expect(lines.fits, `the name "${lines.text}" stays inside its box`).toBe(true)
    for (const line of lines.out.slice(0, -1))
      expect(line, `a line of the name (${lines.out.join(' | ')})`).toMatch(/_$/)
    expect(consoleErrors).toEqual([])
  })
}
