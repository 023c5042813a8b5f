/**
 * The money and account pages in demo mode, reached from the sidebar and by keys: what each shows against
 * what main answers, the bad input each refuses (an earnings span over 24 months, an empty time zone), the
 * sortable lines and their CSV, and screenshots of every page in the dark and the light theme.
 * Nothing here saves; account-saves.spec.ts changes the account on a Booth of its own.
 */
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { test, expect } from './booth-host'
import { bridgeClient } from './support/bridge-client'
import { openWorkspace, screenshot } from './support/workspace'
import { monthOf, recentSpan } from '../../renderer/src/account/earnings-math'

const accountNav = (page: Page) => page.getByRole('navigation', { name: 'Money and account' })
const heading = (page: Page) => page.locator('#main-area h1')

async function bothThemes(page: Page, name: string): Promise<void> {
  await screenshot(page, `account-${name}-dark`)
  await page.getByRole('button', { name: 'Switch to the light theme' }).click()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  await screenshot(page, `account-${name}-light`)
  await page.getByRole('button', { name: 'Switch to the dark theme' }).click()
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', 'light')
}

test('the sidebar and the keys reach every page, and g j brings back the jobs as they were', async ({
  page,
  booth,
  consoleErrors,
}) => {
  await openWorkspace(page, booth.launchUrl)
  const pages = [
    ['Earnings', 'Earnings'],
    ['Availability', 'Availability'],
    ['Email and time zone', 'Email and time zone'],
    ['AI voice consent', 'AI voice consent'],
    ['Settings', 'Settings'],
  ] as const
  for (const [item, title] of pages) {
    await accountNav(page).getByRole('button', { name: item }).click()
    await expect(heading(page)).toHaveText(title)
    await expect(accountNav(page).getByRole('button', { name: item })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('listbox', { name: /jobs$/ })).toHaveCount(0)
    await expect(page).toHaveTitle(new RegExp(`${title} · Booth$`))
  }
  // No job tab claims to be the current page while an account page shows.
  await expect(page.getByRole('navigation', { name: 'Job lists' }).locator('[aria-current="page"]')).toHaveCount(0)

  // Keys: g then a letter moves focus to the page's heading; Ctrl+digit works the same.
  await page.locator('body').click({ position: { x: 700, y: 5 } })
  for (const [keys, title] of [
    [['g', 'e'], 'Earnings'],
    [['g', 'a'], 'Availability'],
    [['g', 'p'], 'Email and time zone'],
    [['g', 'c'], 'AI voice consent'],
    [['g', 's'], 'Settings'],
  ] as const) {
    for (const k of keys) await page.keyboard.press(k)
    await expect(heading(page)).toHaveText(title)
    await expect(heading(page)).toBeFocused()
  }
  await page.keyboard.press('Control+2')
  await expect(heading(page)).toHaveText('Earnings')
  await page.keyboard.press('Control+6')
  await expect(heading(page)).toHaveText('Settings')

  // Back to the jobs: the list, its selection and the tab are as they were; the j after g did not move it.
  await page.keyboard.press('Control+1')
  await expect(page.getByRole('listbox')).toBeFocused()
  const selected = await page.getByRole('listbox').getAttribute('aria-activedescendant')
  await page.keyboard.press('g')
  await page.keyboard.press('e')
  await expect(heading(page)).toHaveText('Earnings')
  await page.keyboard.press('g')
  await page.keyboard.press('j')
  await expect(page.getByRole('listbox')).toBeFocused()
  await expect(page.getByRole('listbox')).toHaveAttribute('aria-activedescendant', selected ?? '')
  await expect(
    page.getByRole('navigation', { name: 'Job lists' }).getByRole('button', { name: /^Pending/ }),
  ).toHaveAttribute('aria-current', 'page')
  // g followed by any other key does nothing; the key keeps its own meaning (j moves the list).
  await page.keyboard.press('g')
  await page.keyboard.press('q')
  await page.keyboard.press('j')
  await expect(page.getByRole('listbox')).not.toHaveAttribute('aria-activedescendant', selected ?? '')
  await expect(page.getByRole('listbox')).toBeVisible()
  // Letters typed into a field are text, never navigation.
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill('')
  await page.getByRole('searchbox', { name: 'Search jobs' }).pressSequentially('ge')
  await expect(page.getByRole('searchbox', { name: 'Search jobs' })).toHaveValue('ge')
  await expect(page.getByRole('listbox').or(page.getByText('No jobs match “ge”.'))).toBeVisible()
  expect(consoleErrors).toEqual([])
})

test('earnings: totals per currency as main answers them, a chart per currency, sortable lines, CSV, and a span over 24 months refused', async ({
  page,
  booth,
}) => {
  const span = recentSpan(monthOf(new Date()), 12)
  const expected = await bridgeClient(booth.launchUrl).call('getEarnings', { ...span, customer_id: null })
  const report = expected.report
  if (!report) throw new Error('The demo key should read earnings.')
  expect(report.totals.overall.length).toBeGreaterThan(1)

  await openWorkspace(page, booth.launchUrl)
  await accountNav(page).getByRole('button', { name: 'Earnings' }).click()
  // The totals split earned / booked / offered per currency (workspace-earnings.spec checks the sums).
  const totals = page.locator('.acct-total')
  await expect(totals).toHaveCount(report.totals.overall.length)
  for (const t of report.totals.overall) {
    await expect(page.locator(`.acct-total[data-currency="${t.currency}"] .acct-total-meta`)).toContainText(
      `Earned · ${t.currency}`,
    )
    await expect(page.getByRole('img', { name: new RegExp(`^${t.currency} earnings by month`) })).toBeVisible()
  }
  if (report.hidden_customers.length) {
    await expect(page.getByRole('note').filter({ hasText: 'These customers do not show rates' })).toContainText(
      report.hidden_customers[0]?.name ?? '',
    )
  }
  if (report.unrated_jobs)
    await expect(page.getByRole('note').filter({ hasText: /no rate yet/ })).toContainText(String(report.unrated_jobs))

  // Every figure says what it is (this changed: the chart and the tables used to count offers with earnings).
  for (const caption of await page.locator('.acct-chart-total').allTextContents()) expect(caption).toMatch(/ earned$/)
  const byCustomer = page.getByRole('table', { name: 'By customer: earned, booked and offered' })
  await expect(byCustomer.getByRole('columnheader')).toHaveText([
    'Customer',
    'Earned (completed)',
    'Booked (accepted, not finished)',
    'Offered (not accepted yet)',
  ])
  const offeredLines = report.lines.filter(
    (l) => l.status === 'pending' && (l.stage === 'sent' || l.stage === 'viewed'),
  ).length
  await expect(
    page.locator('.acct-table td[data-state="offered"]').filter({ hasText: 'Offered, not accepted' }),
  ).toHaveCount(offeredLines)
  await expect(page.locator('.acct-table td[data-state="earned"]').filter({ hasText: /^Earned$/ })).toHaveCount(
    report.lines.filter((l) => l.status === 'completed').length,
  )

  // The chart reads out a month by keyboard.
  const firstChart = page.getByRole('img', { name: /earnings by month/ }).first()
  await firstChart.focus()
  await page.keyboard.press('End')
  await expect(page.locator('.acct-chart-readout').first()).toContainText(/\w+ \d{4}: earned .+ from \d+ jobs?/)
  await page.locator('#earnings-chart').scrollIntoViewIfNeeded()
  await bothThemes(page, 'earnings')

  // Lines: every one listed, sortable by amount (grouped by currency).
  const table = page.getByRole('table', { name: /jobs — choose a column heading to sort/ })
  await expect(table.locator('tbody tr')).toHaveCount(report.lines.length)
  await table.getByRole('button', { name: 'Amount' }).click()
  await expect(table.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute('aria-sort', 'descending')
  const currencies = async () =>
    (await table.locator('tbody tr td:last-child').allTextContents()).map((a) => a.trim().slice(-3))
  await expect
    .poll(async () => {
      const c = await currencies()
      return c.join() === [...c].sort().reverse().join()
    })
    .toBe(true)
  await table.getByRole('button', { name: 'Customer' }).click()
  await expect(table.getByRole('columnheader', { name: 'Customer' })).toHaveAttribute('aria-sort', 'ascending')

  // CSV: a header and one row per line.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export as CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toBe(`booth-earnings-${span.from}-to-${span.to}.csv`)
  const csv = readFileSync(await download.path(), 'utf8')
    .trimEnd()
    .split('\r\n')
  expect(csv[0]).toBe('job_id,requested_at,month,customer,advertiser,key_number,status,stage,amount,currency')
  expect(csv).toHaveLength(report.lines.length + 1)
  expect(
    csv
      .slice(1)
      .map((r) => r.split(',')[0])
      .sort(),
  ).toEqual(report.lines.map((l) => l.job_id).sort())

  // One customer only.
  const customer = report.totals.by_customer[0]?.customer
  if (customer) {
    await page.getByRole('combobox', { name: 'Customer' }).selectOption({ label: customer.name })
    // Wait for the answer for that customer: every row is theirs.
    await expect
      .poll(async () => [...new Set(await table.locator('tbody tr td:nth-child(2)').allTextContents())])
      .toEqual([customer.name])
    await page.getByRole('combobox', { name: 'Customer' }).selectOption({ label: 'All customers' })
  }

  // Bad input: 25 months or more is refused in words, and the report on screen stays the last good one.
  const from = page.getByLabel('From month')
  const to = await page.getByLabel('To month').inputValue()
  const [y, m] = to.split('-').map(Number) as [number, number]
  const tooEarly = `${y - 3}-${String(m).padStart(2, '0')}`
  await from.fill(tooEarly)
  await expect(page.getByRole('alert')).toHaveText(
    `${tooEarly} to ${to} is 37 months; earnings can be shown for at most 24 months at a time.`,
  )
  await expect(totals).toHaveCount(report.totals.overall.length)
  await screenshot(page, 'account-earnings-span-refused')
  await page.getByRole('button', { name: 'Last 24 months' }).click()
  await expect(page.getByRole('alert')).toHaveCount(0)
  await expect(page.locator('#earnings-totals')).toContainText(' to ')
})

test('availability names the days 1 = Monday … 7 = Sunday and warns that saving applies to every profile', async ({
  page,
  booth,
}) => {
  const expected = await bridgeClient(booth.launchUrl).call('getAvailability', {})
  const availability = expected.availability
  if (!availability) throw new Error('The demo key should read availability.')
  await openWorkspace(page, booth.launchUrl)
  await accountNav(page).getByRole('button', { name: 'Availability' }).click()
  await expect(page.getByText('Days are numbered 1 = Monday to 7 = Sunday.')).toBeVisible()
  const days = page.getByRole('group', { name: 'Days you take work (1 = Monday … 7 = Sunday)' })
  for (const [i, name] of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].entries()) {
    const box = days.getByRole('checkbox', { name })
    if (availability.days.includes(i + 1)) await expect(box).toBeChecked()
    else await expect(box).not.toBeChecked()
  }
  const rows = page.getByRole('table', { name: /Each voice you offer/ }).locator('tbody tr')
  await expect(rows).toHaveCount(availability.rows.length)
  for (const [i, r] of availability.rows.entries()) {
    await expect(rows.nth(i).locator('td').nth(0)).toHaveText(r.voice.name)
    await expect(rows.nth(i).locator('td').nth(1)).toHaveText(r.customer.name)
    await expect(rows.nth(i).locator('td').nth(2)).toHaveText(r.agency ?? 'none')
  }
  expect(availability.mixed).toBe(true)
  await expect(
    page.getByRole('note').filter({ hasText: 'Your client profiles have different days today' }),
  ).toContainText(`every one of your ${availability.rows.length} client profiles`)
  await expect(page.getByRole('button', { name: `Save for all ${availability.rows.length} profiles` })).toBeDisabled()
  await bothThemes(page, 'availability')
})

test('preferences: five email switches and a time zone field that refuses an empty or unknown zone', async ({
  page,
  booth,
}) => {
  const expected = await bridgeClient(booth.launchUrl).call('getPreferences', {})
  const prefs = expected.preferences
  if (!prefs) throw new Error('The demo key should read preferences.')
  await openWorkspace(page, booth.launchUrl)
  await accountNav(page).getByRole('button', { name: 'Email and time zone' }).click()
  const switches = page.getByRole('switch')
  await expect(switches).toHaveCount(5)
  await expect(page.getByRole('switch', { name: /Delivery approved/ })).toBeChecked({
    checked: prefs.prefs.delivery_approved,
  })
  const zone = page.getByRole('combobox', { name: 'Find a time zone' })
  await expect(zone).toHaveValue(prefs.time_zone)
  const save = page.getByRole('button', { name: 'Save email and time zone' })
  await expect(save).toBeDisabled()

  // Search as people type; the list offers matching zones with the time there.
  await zone.fill('buenos')
  await expect(page.getByRole('option', { name: /Buenos Aires/ }).first()).toBeVisible()
  await screenshot(page, 'account-preferences-search')

  // Empty: refused in words, Save stays off.
  await zone.fill('')
  await zone.press('Tab')
  await expect(page.getByRole('alert')).toHaveText('Choose a time zone (for example Europe/Berlin).')
  await expect(zone).toHaveAttribute('aria-invalid', 'true')
  await expect(save).toBeDisabled()
  await screenshot(page, 'account-preferences-empty-zone')

  // Unknown: refused in words.
  await zone.fill('Mars/Olympus_Mons')
  await zone.press('Enter')
  await expect(page.getByRole('alert')).toContainText('"Mars/Olympus_Mons" is not a known time zone')
  await expect(save).toBeDisabled()

  // Typed exactly (any case): accepted; Undo puts the saved zone back.
  await zone.fill('europe/berlin')
  await zone.press('Enter')
  await expect(zone).toHaveValue('Europe/Berlin')
  await expect(page.getByRole('alert')).toHaveCount(0)
  await expect(save).toBeEnabled()
  await page.getByRole('button', { name: 'Undo changes' }).click()
  await expect(zone).toHaveValue(prefs.time_zone)
  await bothThemes(page, 'preferences')
})

test('consent and settings: plain words, sound processing always yes, scopes and what each unlocks', async ({
  page,
  booth,
}) => {
  await openWorkspace(page, booth.launchUrl)
  await accountNav(page).getByRole('button', { name: 'AI voice consent' }).click()
  await expect(page.getByText('Sound processing: always yes')).toBeVisible()
  for (const group of ['AI word fixes', 'AI versions']) {
    const g = page.getByRole('group', { name: group })
    await expect(g.getByRole('radio')).toHaveCount(3)
    await expect(g.getByRole('radio', { name: /^Yes/ })).toBeVisible()
    await expect(g.getByRole('radio', { name: /^Ask me/ })).toBeVisible()
    await expect(g.getByRole('radio', { name: /^No/ })).toBeVisible()
  }
  await bothThemes(page, 'consent')

  const settings = await bridgeClient(booth.launchUrl).call('getAccountSettings', {})
  await accountNav(page).getByRole('button', { name: 'Settings' }).click()
  const scopes = page.getByRole('list', { name: 'Permissions of this key' }).getByRole('listitem')
  await expect(scopes).toHaveCount(settings.scopes.length)
  for (const [i, s] of settings.scopes.entries()) {
    await expect(scopes.nth(i)).toContainText(s.scope)
    await expect(scopes.nth(i)).toContainText(s.unlocks)
  }
  await expect(page.getByText(settings.dataDir, { exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Audio input and recording format' })).toBeVisible()
  await expect(page.getByText('WAV, 24-bit PCM, mono')).toBeVisible()
  await expect(page.getByRole('switch', { name: 'A new job arrives' })).toBeVisible()
  await page.getByText('Assumptions Booth makes about the API').click()
  await expect(page.getByLabel('Booth’s assumptions about the API')).toContainText(/tus|Idempotency/i)
  await bothThemes(page, 'settings')
})
