/**
 * "Overdue" counts only the jobs whose row shows an overdue label, in the window at 1280x720 and
 * 1024x768 (demo mode; the demo has jobs the service calls stale whose row shows no overdue label): the
 * filter's count, the rows it lists, and the overdue labels of the whole pending list are the same jobs.
 */
import { test, expect } from './booth-host'
import { LAPTOP_SCREENS } from './support/reading'
import { openWorkspace } from './support/workspace'

const OVERDUE_LABEL = /^(Changes overdue|Overdue)/

for (const screen of LAPTOP_SCREENS) {
  test(`at ${screen.width}x${screen.height}: the Overdue count is the rows that say overdue`, async ({
    page,
    booth,
    consoleErrors,
  }) => {
    await page.setViewportSize(screen)
    await openWorkspace(page, booth.launchUrl)
    const nav = page.getByRole('navigation', { name: 'Job lists' })
    const overdueButton = nav.getByRole('button', { name: /^Overdue/ })
    await expect(overdueButton.locator('.count')).toHaveText(/^\d+$/)

    // Every pending job on one page: the rows whose due label reads overdue.
    await page
      .locator('.paging-size select, select[aria-label*="per page" i]')
      .first()
      .selectOption('100')
      .catch(() => undefined)
    const labels = await page
      .locator('.job-row')
      .evaluateAll((rows) => rows.map((r) => r.querySelector('.due-label')?.textContent?.trim() ?? ''))
    const saysOverdue = labels.filter((l) => OVERDUE_LABEL.test(l)).length
    expect(saysOverdue, 'the demo has overdue jobs').toBeGreaterThan(0)
    // Some pending rows show no overdue label (the service calls a few of them stale).
    expect(labels.length).toBeGreaterThan(saysOverdue)
    await expect(overdueButton.locator('.count')).toHaveText(String(saysOverdue))

    // The filter lists exactly those, each saying so.
    await overdueButton.click()
    await expect(page.locator('#list-title')).toContainText('Overdue')
    await expect(page.locator('.job-row')).toHaveCount(saysOverdue)
    for (const label of await page.locator('.job-row .due-label').allTextContents())
      expect(label.trim()).toMatch(OVERDUE_LABEL)
    await expect(page.locator('.job-row .due-label')).toHaveCount(saysOverdue)
    expect(consoleErrors).toEqual([])
  })
}
