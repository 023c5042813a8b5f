/**
 * True statuses (issue 22, point 4): a completed, approved, declined, delivered or cancelled job shows no
 * "Overdue" or "Due in" label, in the list, in its header and in the badge (the window title's count),
 * though the demo's finished jobs have due dates weeks in the past; the job whose changes were requested
 * shows the date the changes are due by. In the window as Booth opens (job list shown), at 1280x720 and
 * 1024x768.
 */
import { test, expect } from './booth-host'
import { bridgeClient, PENDING_ALL } from './support/bridge-client'
import { openJob, openWorkspace, row, showListIfFolded } from './support/workspace'
import { LAPTOP_SCREENS } from './support/reading'
import { formatCalendarDate } from '../../shared/format/calendar-date'

const URGENT = /^(Overdue|Changes overdue|Due today|Changes due today|Due in \d h|Changes due in \d h)/

for (const screen of LAPTOP_SCREENS) {
  test.describe(`at ${screen.width}x${screen.height}`, () => {
    test.use({ viewport: screen })

    test('finished jobs show no due label anywhere; the badge counts only work still owed', async ({
      page,
      booth,
      consoleErrors,
    }) => {
      const bridge = bridgeClient(booth.launchUrl)
      const pending = await bridge.call('listJobs', PENDING_ALL)
      const completed = await bridge.call('listJobs', { ...PENDING_ALL, tab: 'completed', page_size: 25 })
      const declined = await bridge.call('listJobs', { ...PENDING_ALL, tab: 'declined', page_size: 25 })
      const today = pending.today
      const pastDue = completed.items.filter((j) => j.due_date !== null && j.due_date < today)
      expect(pastDue.length, 'the demo has completed jobs whose due date is long past').toBeGreaterThan(1)
      expect(
        completed.items.some((j) => j.stage === 'approved'),
        'the demo has an approved job',
      ).toBe(true)

      await openWorkspace(page, booth.launchUrl)
      // Pending: the delivered job (waiting for the producer) and the cancelled spot owe nothing.
      const handedIn = pending.items.filter((j) => j.stage === 'delivered' || j.spot_cancelled)
      expect(handedIn.length).toBeGreaterThan(0)
      for (const job of handedIn) await expect(row(page, job.job_id).locator('.due')).toHaveCount(0)
      // The badge (the window title's count) is the rows that read overdue or due today, nothing else.
      const urgentRows = await page.locator('.job-row .due-label').filter({ hasText: URGENT }).count()
      await expect(page).toHaveTitle(urgentRows > 0 ? `(${urgentRows}) Booth` : 'Booth')

      const nav = page.getByRole('navigation', { name: 'Job lists' })
      await nav.getByRole('button', { name: /^Completed/ }).click()
      await expect(row(page, completed.items[0]?.job_id ?? '')).toBeVisible()
      await expect(page.locator('.job-row')).toHaveCount(completed.items.length)
      await expect(page.locator('.job-row .due')).toHaveCount(0)
      const approved =
        completed.items.find((j) => j.stage === 'approved' && j.due_date !== null && j.due_date < today) ??
        completed.items.find((j) => j.stage === 'approved')
      if (!approved) throw new Error('The demo has no approved job.')
      await openJob(page, approved.job_id, approved.advertiser)
      await expect(page.locator('.job-head .stage')).toHaveText('Approved')
      await expect(page.locator('.job-head .due')).toHaveCount(0)

      // The open job folded the list into the rail (below 1440 px): lay it over the job to reach the nav.
      await showListIfFolded(page)
      await nav.getByRole('button', { name: /^Declined/ }).click()
      await expect(page.locator('.job-row')).toHaveCount(declined.items.length)
      expect(declined.items.length).toBeGreaterThan(0)
      await expect(page.locator('.job-row .due')).toHaveCount(0)
      expect(consoleErrors).toEqual([])
    })

    test('a job with changes requested shows the date the changes are due by', async ({ page, booth }) => {
      const pending = await bridgeClient(booth.launchUrl).call('listJobs', PENDING_ALL)
      const job = pending.items.find(
        (j) =>
          j.stage === 'changes_requested' &&
          j.changes_due !== null &&
          j.due_date !== null &&
          j.changes_due !== j.due_date,
      )
      if (!job?.changes_due) throw new Error('The demo has no job whose changes are due on a date of their own.')
      const date = formatCalendarDate(job.changes_due, pending.today)
      await openWorkspace(page, booth.launchUrl)
      const badge = row(page, job.job_id).locator('.due')
      await expect(badge.locator('.due-label')).toHaveText(/^Changes (due|overdue)\b/)
      await expect(badge).toHaveAttribute('title', new RegExp(date))
      await openJob(page, job.job_id, job.advertiser)
      const head = page.locator('.job-head .due')
      await expect(head.locator('.due-label')).toHaveText(/^Changes (due|overdue)\b/)
      await expect(head.locator('.due-date')).toHaveText(date)
      // The job's own (earlier) due date is not what the header counts from.
      await expect(head).not.toContainText(formatCalendarDate(job.due_date ?? '', pending.today))
    })
  })
}
