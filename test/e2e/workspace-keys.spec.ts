/**
 * Keyboard: right after a job is opened by a click in the list (which folds away, leaving the focus on the
 * script area), Space records (and does not tick the job),
 * and Space stops; `?` shows one overlay with every shortcut, from the list and from an open job, and Esc
 * closes it. At 1280x720 and 1024x768.
 */
import { test, expect } from './booth-host'
import { FAKE_MICROPHONE } from './support/recording'
import { bridgeClient } from './support/bridge-client'
import { openWorkspace, row } from './support/workspace'
import { LAPTOP_SCREENS, typedDeliverableJob } from './support/reading'

test.use(FAKE_MICROPHONE)

for (const screen of LAPTOP_SCREENS) {
  test.describe(`at ${screen.width}x${screen.height}`, () => {
    test.use({ viewport: screen })

    test('Space records right after a job is opened from the list, and never ticks the job', async ({
      page,
      booth,
      consoleErrors,
    }) => {
      const bridge = bridgeClient(booth.launchUrl)
      const job = await typedDeliverableJob(booth.launchUrl)
      const before = (await bridge.call('listTakes', { jobId: job.job_id })).takes.length
      await openWorkspace(page, booth.launchUrl)
      await row(page, job.job_id).click()
      await expect(page.locator('#job-title')).toHaveText(job.advertiser)
      // The list folded into the rail under the focus: the focus went to the script area, not nowhere.
      await expect(page.locator('.reading-script')).toBeFocused()
      const recorder = page.locator('.recorder')
      await page.keyboard.press('Space')
      await expect(recorder).toHaveAttribute('data-phase', 'recording')
      await expect(row(page, job.job_id)).toHaveAttribute('aria-checked', 'false')
      await page.waitForTimeout(800)
      await page.keyboard.press('Space')
      await expect(recorder).toHaveAttribute('data-phase', 'idle', { timeout: 15_000 })
      await expect
        .poll(async () => (await bridge.call('listTakes', { jobId: job.job_id })).takes.length)
        .toBe(before + 1)
      await expect(page.locator('.take-row')).toHaveCount(before + 1)

      // From a button too (Enter still presses buttons).
      await page.getByRole('button', { name: 'Keyboard shortcuts (?)' }).focus()
      await page.keyboard.press('Space')
      await expect(recorder).toHaveAttribute('data-phase', 'recording')
      await expect(page.getByRole('dialog')).toHaveCount(0)
      await page.waitForTimeout(500)
      await page.keyboard.press('Space')
      await expect(recorder).toHaveAttribute('data-phase', 'idle', { timeout: 15_000 })

      // In a text field Space types.
      const note = page.locator('.take-note input').first()
      await note.click()
      await page.keyboard.type('a b')
      await expect(note).toHaveValue('a b')
      await expect(recorder).toHaveAttribute('data-phase', 'idle')
      await note.press('Escape')
      expect(consoleErrors).toEqual([])
    })

    test('? lists every shortcut in one overlay, from the list and from a job; Esc closes it', async ({
      page,
      booth,
    }) => {
      const job = await typedDeliverableJob(booth.launchUrl)
      await openWorkspace(page, booth.launchUrl)
      await page.locator('#job-list').focus()
      await page.keyboard.press('?')
      const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
      await expect(help).toBeVisible()
      // 720 px wide (not a plain dialog's 480), inside the window.
      const box = (await help.boundingBox())!
      expect(Math.round(box.width)).toBe(Math.min(720, Math.floor(screen.width * 0.94)))
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(screen.width)
      expect(box.y + box.height).toBeLessThanOrEqual(screen.height)
      for (const text of [
        'Record, and stop',
        'Hide or show the sidebar',
        'Next or previous job',
        'Go to Earnings',
        'Search the jobs',
      ]) {
        await expect(help).toContainText(text)
      }
      await expect(help.locator('kbd', { hasText: /^Space$/ })).toHaveCount(1)
      await expect(help.locator('kbd', { hasText: /^g e$/ })).toHaveCount(1)
      // While it is open, keys do not reach Booth: j does not move the list.
      const selected = await page.locator('.job-row[aria-selected="true"]').count()
      await page.keyboard.press('j')
      await expect(page.locator('.job-row[aria-selected="true"]')).toHaveCount(selected)
      await page.keyboard.press('Escape')
      await expect(help).toBeHidden()

      await row(page, job.job_id).click()
      await expect(page.locator('#job-title')).toHaveText(job.advertiser)
      await page.keyboard.press('?')
      await expect(help).toBeVisible()
      // Esc closes the overlay, not the job.
      await page.keyboard.press('Escape')
      await expect(help).toBeHidden()
      await expect(page.locator('#job-title')).toHaveText(job.advertiser)
      await page.getByRole('button', { name: 'Keyboard shortcuts (?)' }).click()
      await expect(help).toBeVisible()
      await help.getByRole('button', { name: 'Close' }).click()
      await expect(help).toBeHidden()
    })
  })
}
