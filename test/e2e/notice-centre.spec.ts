/**
 * The notification centre at 1280x720 and 1024x768: its bell is Booth's own SVG icon (no emoji, which
 * shows as an empty box without an emoji font); its panel lies wholly inside the window, from the
 * sidebar as Booth opens and from the rail with a job open; Esc closes it (focus back on the bell, the job
 * stays open) and so does a press outside it.
 */
import { test, expect } from './booth-host'
import type { Page } from '@playwright/test'
import { LAPTOP_SCREENS, expectWhollyInView, typedDeliverableJob } from './support/reading'
import { openJob, openWorkspace } from './support/workspace'

async function expectBellIsAnIcon(page: Page): Promise<void> {
  const bell = page.getByRole('button', { name: /^Notifications/ })
  await expect(bell).toHaveCount(1)
  await expect(bell.locator('svg')).toBeVisible()
  // No emoji or other pictograph as text inside the button.
  expect(await bell.evaluate((el) => /\p{Extended_Pictographic}/u.test(el.textContent ?? ''))).toBe(false)
}

for (const screen of LAPTOP_SCREENS) {
  test.describe(`at ${screen.width}x${screen.height}`, () => {
    test.use({ viewport: screen })

    test('the bell is an SVG icon; the panel stays inside the window and closes on Esc and on a press outside', async ({
      page,
      booth,
      consoleErrors,
    }) => {
      await openWorkspace(page, booth.launchUrl)
      await expectBellIsAnIcon(page)
      const bell = page.getByRole('button', { name: /^Notifications/ })
      const panel = page.getByRole('region', { name: 'Notifications' })

      // As Booth opens: the sidebar's bell.
      await bell.click()
      await expect(panel).toBeVisible()
      await expect(bell).toHaveAttribute('aria-expanded', 'true')
      await expectWhollyInView(page, panel, 'the panel from the sidebar')
      await page.keyboard.press('Escape')
      await expect(panel).toBeHidden()
      await expect(bell).toBeFocused()
      await expect(bell).toHaveAttribute('aria-expanded', 'false')
      await bell.click()
      await expect(panel).toBeVisible()
      await page.locator('.list-pane .pane-title').click()
      await expect(panel).toBeHidden()

      // With a job open: the rail's bell, by the left edge.
      const job = await typedDeliverableJob(booth.launchUrl)
      await openJob(page, job.job_id, job.advertiser)
      await expectBellIsAnIcon(page)
      const railBell = page.locator('.rail').getByRole('button', { name: /^Notifications/ })
      await railBell.click()
      await expect(panel).toBeVisible()
      await expectWhollyInView(page, panel, 'the panel from the rail')
      // Esc closes the panel only: the job stays open.
      await page.keyboard.press('Escape')
      await expect(panel).toBeHidden()
      await expect(page.locator('#job-title')).toHaveText(job.advertiser)
      await expect(railBell).toBeFocused()
      // A press on the script closes it too, and the script takes the press.
      await railBell.click()
      await expect(panel).toBeVisible()
      const read = (await page.locator('.script-read').boundingBox())!
      await page.mouse.click(read.x + read.width - 20, read.y + read.height / 2)
      await expect(panel).toBeHidden()
      await expect(page.locator('#job-title')).toHaveText(job.advertiser)
      expect(consoleErrors).toEqual([])
    })

    test('in a window too small for the whole panel it is shortened to fit, and scrolls', async ({ page, booth }) => {
      await page.setViewportSize({ width: 360, height: 300 })
      await openWorkspace(page, booth.launchUrl)
      const bell = page.getByRole('button', { name: /^Notifications/ })
      await bell.click()
      const panel = page.getByRole('region', { name: 'Notifications' })
      await expectWhollyInView(page, panel, 'the panel in a small window')
      await page.setViewportSize(screen)
      await expectWhollyInView(page, panel, 'the panel after the window grew')
    })
  })
}
