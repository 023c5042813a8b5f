/**
 * Due labels say what is true, in the talent's time zone (their preference): a past date reads
 * "Overdue by N days" whatever the service's word for it (never "Stale" or "Due soon"), a job whose
 * changes were requested reads the date the changes are due by, a delivered or cancelled job and one
 * without a due date show no due badge (and no Due field). At 1280x720 and 1024x768.
 */
import { test, expect } from './booth-host'
import { bridgeClient, PENDING_ALL } from './support/bridge-client'
import { openJob, openWorkspace, row } from './support/workspace'
import { LAPTOP_SCREENS } from './support/reading'

function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000)
}

for (const screen of LAPTOP_SCREENS) {
  test.describe(`at ${screen.width}x${screen.height}`, () => {
    test.use({ viewport: screen })

    test('every due label in the list matches the date, in the talent’s zone', async ({
      page,
      booth,
      consoleErrors,
    }) => {
      const bridge = bridgeClient(booth.launchUrl)
      const prefs = await bridge.call('getPreferences', {})
      const zone = prefs.preferences?.time_zone ?? 'UTC'
      const today = new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(new Date())
      const list = await bridge.call('listJobs', PENDING_ALL)
      await openWorkspace(page, booth.launchUrl)
      let overdue = 0
      let undated = 0
      let handedIn = 0
      let changes = 0
      for (const job of list.items) {
        const badge = row(page, job.job_id).locator('.due')
        // Delivered (waiting for the producer) or cancelled: nothing is owed, so nothing is due.
        if (job.stage === 'delivered' || job.spot_cancelled) {
          handedIn++
          await expect(badge).toHaveCount(0)
          continue
        }
        if (!job.due_date) {
          undated++
          await expect(badge).toHaveCount(0)
          continue
        }
        // While changes are requested, the date the changes are due by.
        const date = job.stage === 'changes_requested' && job.changes_due ? job.changes_due : job.due_date
        const Due = date === job.due_date ? 'Due' : 'Changes due'
        if (date !== job.due_date) changes++
        const days = dayNumber(date) - dayNumber(today)
        const label = badge.locator('.due-label')
        if (days < 0) {
          overdue++
          await expect(label).toHaveText(
            `${Due === 'Due' ? 'Overdue' : 'Changes overdue'} by ${-days} day${days === -1 ? '' : 's'}`,
          )
          await expect(badge).toHaveClass(/due-danger/)
        } else if (days === 0) await expect(label).toHaveText(new RegExp(`^${Due} (today|in \\d h)$`))
        else if (days === 1) await expect(label).toHaveText(`${Due} tomorrow`)
        else if (days < 7) await expect(label).toHaveText(`${Due} in ${days} days`)
        else await expect(label).toHaveText(Due)
      }
      expect(handedIn, 'the demo has delivered and cancelled jobs').toBeGreaterThan(0)
      expect(changes, 'the demo has a job whose changes are due').toBeGreaterThan(0)
      expect(overdue, 'the demo has overdue jobs').toBeGreaterThan(0)
      expect(undated, 'the demo has jobs without a due date').toBeGreaterThan(0)
      await expect(page.locator('.job-list .due-label', { hasText: /^(Stale|Due soon|No due date)$/ })).toHaveCount(0)
      expect(consoleErrors).toEqual([])
    })

    test('a job without a due date shows no due field; an overdue one says by how much in its header', async ({
      page,
      booth,
    }) => {
      const bridge = bridgeClient(booth.launchUrl)
      const list = await bridge.call('listJobs', PENDING_ALL)
      const undated = list.items.find((j) => !j.due_date)
      const late =
        list.items.find((j) => j.due_date && j.due_state === 'stale') ??
        list.items.find((j) => j.due_state === 'overdue')
      if (!undated || !late) throw new Error('The demo data needs a job without a due date and an overdue one.')
      await openWorkspace(page, booth.launchUrl)
      await openJob(page, undated.job_id, undated.advertiser)
      await expect(page.locator('.job-head .due')).toHaveCount(0)
      await expect(page.locator('.job-facts dt', { hasText: /^Due$/ })).toHaveCount(0)
      await openJob(page, late.job_id, late.advertiser)
      await expect(page.locator('.job-head .due-label')).toHaveText(/^Overdue by \d+ days?$/)
      await expect(page.locator('.job-facts dt', { hasText: /^Due$/ })).toHaveCount(1)
    })
  })
}
