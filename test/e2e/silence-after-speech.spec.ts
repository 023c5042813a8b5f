/**
 * No absurd numbers (issue 22, point 8), on a sound Booth's fixtures do not make: a short espeak-ng phrase
 * (en-gb, fast) that stops dead into digital zeros, where a loudness filter rings down to "−2908.7 LUFS".
 * While the meters fall, every reading is a level, "silence" or "—". At 1280x720 and 1024x768.
 */
import { test, expect } from './booth-host'
import { LAPTOP_SCREENS } from './support/reading'
import { ABSURD, micPlaying, openKeyedJob, phraseThenZeros } from './support/mic-file'

test.use(micPlaying(phraseThenZeros()))

for (const screen of LAPTOP_SCREENS) {
  test(`never shows a level thousands of dB down while the meters fall, at ${screen.width}x${screen.height}`, async ({
    page,
    booth,
    consoleErrors,
  }) => {
    await page.setViewportSize(screen)
    await openKeyedJob(page, booth.launchUrl)
    const recorder = page.locator('.recorder')
    await page.keyboard.press('Space')
    await expect(recorder).toHaveAttribute('data-phase', 'recording')
    // Read the meters for a whole loop of the file (phrase, then the zeros the filters ring down into).
    const seen = new Set<string>()
    for (let i = 0; i < 40; i++) {
      for (const t of await recorder.locator('.live-value').allTextContents()) seen.add(t)
      await page.waitForTimeout(250)
    }
    await page.keyboard.press('Space')
    await expect(recorder).toHaveAttribute('data-phase', 'idle', { timeout: 15_000 })
    const values = [...seen]
    expect(
      values.filter((v) => ABSURD.test(v)),
      `meter readings: ${values.join(', ')}`,
    ).toEqual([])
    expect(
      values.some((v) => /^(silence|max silence)$/.test(v)),
      `meter readings: ${values.join(', ')}`,
    ).toBe(true)
    expect(
      values.some((v) => /LUFS$/.test(v)),
      `meter readings: ${values.join(', ')}`,
    ).toBe(true)
    await expect(page.locator('.take-row').last()).not.toContainText(ABSURD)
    expect(consoleErrors).toEqual([])
  })
}
