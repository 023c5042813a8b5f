/**
 * Esc closes the innermost open thing, in the window at 1280x720 and 1024x768 (demo mode, Chromium's
 * fake microphone): a take's message is dismissed and the job stays open; the notice centre and the
 * shortcut help close alone; while a take records Esc leaves the job (and the take) alone; with nothing
 * else open, Esc closes the job.
 */
import { test, expect } from './booth-host'
import { FAKE_MICROPHONE } from './support/recording'
import { LAPTOP_SCREENS, typedDeliverableJob } from './support/reading'
import { openJob, openWorkspace } from './support/workspace'

test.use(FAKE_MICROPHONE)
const used: string[] = []

for (const screen of LAPTOP_SCREENS) {
  test(`at ${screen.width}x${screen.height}: Esc closes a message, a popover, a dialog, never a job that records; then the job`, async ({
    page,
    booth,
    consoleErrors,
  }) => {
    await page.setViewportSize(screen)
    const job = await typedDeliverableJob(booth.launchUrl, used)
    used.push(job.job_id)
    await openWorkspace(page, booth.launchUrl)
    await openJob(page, job.job_id, job.advertiser)
    const title = page.locator('#job-title')
    await page.locator('.script-panel .section-title').click()

    // A message (d with no take to deliver) is dismissed by Esc; the job stays open.
    await page.keyboard.press('d')
    const message = page.locator('.takes-notice')
    await expect(message).toContainText('There is no take to deliver yet')
    await page.keyboard.press('Escape')
    await expect(message).toHaveCount(0)
    await expect(title).toHaveText(job.advertiser)

    // The notice centre closes alone.
    await page.locator('.notice-bell:visible').first().click()
    await expect(page.locator('.notice-panel')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.locator('.notice-panel')).toHaveCount(0)
    await expect(title).toHaveText(job.advertiser)

    // The shortcut help (a dialog) closes alone.
    await page.locator('.script-panel .section-title').click()
    await page.keyboard.press('?')
    await expect(page.locator('dialog.shortcut-help')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.locator('dialog.shortcut-help')).toHaveCount(0)
    await expect(title).toHaveText(job.advertiser)

    // While a take records, Esc closes nothing: the job stays open, the take keeps recording, no dialog asks.
    const recorder = page.locator('.recorder')
    await page.locator('.script-panel .section-title').click()
    await page.keyboard.press('Space')
    await expect(recorder).toHaveAttribute('data-phase', 'recording')
    await page.keyboard.press('Escape')
    await page.waitForTimeout(300)
    await expect(recorder).toHaveAttribute('data-phase', 'recording')
    await expect(title).toHaveText(job.advertiser)
    await expect(page.locator('dialog[open], [role="alertdialog"]')).toHaveCount(0)
    await page.keyboard.press('Space')
    await expect(recorder).toHaveAttribute('data-phase', 'idle', { timeout: 15_000 })

    // Nothing else open: Esc closes the job.
    await page.locator('.script-panel .section-title').click()
    await page.keyboard.press('Escape')
    await expect(title).toHaveCount(0)
    await expect(page.locator('.job-pane-empty')).toBeVisible()
    expect(consoleErrors).toEqual([])
  })
}
