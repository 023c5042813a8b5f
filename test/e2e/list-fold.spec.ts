/**
 * The rail (reading/list-fold.ts). Below 1440 px an open job folds the sidebar and list into it; its
 * Jobs button (or `\`) lays them over the job without moving the script, and choosing a job, Esc (focus
 * back on the button) or a press outside folds them again. From 1440 px folding is the talent's choice,
 * remembered across a reload, and the rail's button unfolds for good.
 */
import { test, expect } from './booth-host'
import { LAPTOP_SCREENS, findJob, typedDeliverableJob } from './support/reading'
import { openJob, openWorkspace, row } from './support/workspace'

for (const screen of LAPTOP_SCREENS) {
  test.describe(`at ${screen.width}x${screen.height}`, () => {
    test.use({ viewport: screen })

    test('the rail lays the list over the job; a job chosen, Esc or a press outside folds it', async ({
      page,
      booth,
      consoleErrors,
    }) => {
      const job = await typedDeliverableJob(booth.launchUrl)
      const other = await findJob(
        booth.launchUrl,
        'a second typed script',
        (j) => j.job_id !== job.job_id && j.script.kind === 'typed',
      )
      await openWorkspace(page, booth.launchUrl)
      await openJob(page, job.job_id, job.advertiser)
      const rail = page.locator('.rail')
      const jobsButton = rail.getByRole('button', { name: /Show the jobs list/ })
      await expect(jobsButton).toHaveAttribute('aria-expanded', 'false')
      await expect(page.locator('.list-pane')).toBeHidden()
      // The rail carries the one bell while the sidebar is folded.
      await expect(page.getByRole('button', { name: /^Notifications/ })).toHaveCount(1)
      await expect(rail.getByRole('button', { name: /^Notifications/ })).toBeVisible()

      const script = await page.locator('.script-read').boundingBox()
      await jobsButton.click()
      await expect(page.locator('.list-pane')).toBeVisible()
      await expect(page.locator('.sidebar')).toBeVisible()
      await expect(rail.getByRole('button', { name: /Hide the jobs list/ })).toHaveAttribute('aria-expanded', 'true')
      expect(await page.locator('.script-read').boundingBox(), 'the script does not move under the list').toEqual(
        script,
      )
      // Over the job, not beside it, and inside the window.
      const list = (await page.locator('.list-pane').boundingBox())!
      expect(list.x + list.width).toBeLessThanOrEqual(screen.width)

      // Esc folds it (the job stays open) and gives the focus back to the button.
      await page.keyboard.press('Escape')
      await expect(page.locator('.list-pane')).toBeHidden()
      await expect(page.locator('#job-title')).toHaveText(job.advertiser)
      await expect(rail.getByRole('button', { name: /Show the jobs list/ })).toBeFocused()

      // `\` shows it with the focus in the list, so j and Enter choose another job; the list folds again.
      await page.keyboard.press('\\')
      await expect(page.locator('.list-pane')).toBeVisible()
      await expect(page.locator('#job-list')).toBeFocused()
      await row(page, other.job_id).click()
      await expect(page.locator('#job-title')).toHaveText(other.advertiser)
      await expect(page.locator('.list-pane')).toBeHidden()
      // The list no longer holds the focus, the script area does (Space still records from there).
      await expect(page.locator('.reading-script')).toBeFocused()

      // A press outside (on the job, right of the list laid over it: at 1024 px the list covers the whole
      // script column, so the press lands on the job's head) folds it.
      await jobsButton.click()
      await expect(page.locator('.list-pane')).toBeVisible()
      const over = (await page.locator('.list-pane').boundingBox())!
      const head = (await page.locator('.job-head').boundingBox())!
      await page.mouse.click(Math.max(over.x + over.width + 8, head.x + 8), head.y + 8)
      await expect(page.locator('.list-pane')).toBeHidden()
      await expect(page.locator('#job-title')).toHaveText(other.advertiser)

      // Esc with the list folded closes the job, as before; the list and sidebar show again.
      await page.keyboard.press('Escape')
      await expect(page.locator('#job-title')).toHaveCount(0)
      await expect(page.locator('.list-pane')).toBeVisible()
      await expect(page.locator('.rail')).toHaveCount(0)
      expect(consoleErrors).toEqual([])
    })
  })
}

test.describe('at 1440x900', () => {
  test.use({ viewport: { width: 1440, height: 900 } })

  test('the list stays beside the job until folded; the fold is remembered and the rail unfolds it', async ({
    page,
    booth,
  }) => {
    const job = await typedDeliverableJob(booth.launchUrl)
    await openWorkspace(page, booth.launchUrl)
    await openJob(page, job.job_id, job.advertiser)
    await expect(page.locator('.list-pane')).toBeVisible()
    await expect(page.locator('.rail')).toHaveCount(0)
    await page.getByRole('button', { name: 'Hide the sidebar and jobs list (\\)' }).click()
    await expect(page.locator('.list-pane')).toBeHidden()
    await expect(page.locator('.sidebar')).toBeHidden()
    expect(await page.evaluate(() => localStorage.getItem('booth.listCollapsed'))).toBe('1')
    await page.reload()
    await expect(page.locator('.sidebar')).toBeVisible()
    await openJob(page, job.job_id, job.advertiser)
    await expect(page.locator('.list-pane')).toBeHidden()
    await page
      .locator('.rail')
      .getByRole('button', { name: /Show the sidebar and jobs list/ })
      .click()
    await expect(page.locator('.list-pane')).toBeVisible()
    await expect(page.locator('.rail')).toHaveCount(0)
    expect(await page.evaluate(() => localStorage.getItem('booth.listCollapsed'))).toBe('0')
  })
})
