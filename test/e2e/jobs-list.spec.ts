/**
 * The jobs list in demo mode against what main's listJobs answers: rows, tabs and filters with their
 * counts, search, paging, and a keyboard-only way to open and close a job.
 */
import { test, expect } from './booth-host'
import { bridgeClient } from './support/bridge-client'
import { openWorkspace, screenshot } from './support/workspace'
import type { JobListQuery } from '../../shared/bridge'

const query = (patch: Partial<JobListQuery> = {}): JobListQuery => ({
  tab: 'pending',
  filter: 'all',
  customer_id: null,
  voice_id: null,
  q: null,
  page: 1,
  page_size: 25,
  ...patch,
})

test('demo mode shows the sandbox’s pending jobs, in order, with the counts listJobs gives', async ({
  page,
  booth,
  consoleErrors,
}) => {
  const expected = await bridgeClient(booth.launchUrl).call('listJobs', query())
  expect(expected.items.length).toBeGreaterThan(5)
  await openWorkspace(page, booth.launchUrl, 'dark')
  const rows = page.locator('.job-row')
  await expect(rows).toHaveCount(expected.items.length)
  const ids = await rows.evaluateAll((els) => els.map((el) => el.id.replace('job-row-', '')))
  expect(ids).toEqual(expected.items.map((j) => j.job_id))
  for (const [i, job] of expected.items.entries()) {
    await expect(rows.nth(i).locator('.job-advertiser')).toHaveText(job.advertiser)
    await expect(rows.nth(i).locator('.job-key')).toHaveText(job.key_number)
  }
  await expect(page.locator('#list-title .pane-count')).toHaveText(String(expected.total))
  const nav = page.getByRole('navigation', { name: 'Job lists' })
  for (const [label, n] of [
    ['Pending', expected.counts.pending],
    ['Completed', expected.counts.completed],
    ['Declined', expected.counts.declined],
  ] as const) {
    await expect(nav.getByRole('button', { name: new RegExp(`^${label}`) }).locator('.count')).toHaveText(String(n))
  }
  for (const [label, n] of [
    ['Overdue', expected.counts.overdue],
    ['Due today', expected.counts.due_today],
    ['Due soon', expected.counts.due_soon],
    ['Unopened', expected.counts.unopened],
  ] as const) {
    await expect(nav.getByRole('button', { name: new RegExp(`^${label}`) }).locator('.count')).toHaveText(String(n))
  }
  await screenshot(page, 'jobs-list-dark')
  await page.getByRole('button', { name: 'Switch to the light theme' }).click()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  await screenshot(page, 'jobs-list-light')
  expect(consoleErrors).toEqual([])
})

test('tabs and filters show the jobs listJobs answers for them', async ({ page, booth }) => {
  const bridge = bridgeClient(booth.launchUrl)
  await openWorkspace(page, booth.launchUrl)
  const nav = page.getByRole('navigation', { name: 'Job lists' })

  const overdue = await bridge.call('listJobs', query({ filter: 'overdue' }))
  await nav.getByRole('button', { name: /^Overdue/ }).click()
  await expect(page.locator('#list-title')).toContainText('Pending · Overdue')
  await expect(page.locator('.job-row')).toHaveCount(overdue.items.length)
  await expect(page.locator('.job-row .job-advertiser')).toHaveText(overdue.items.map((j) => j.advertiser))
  await expect(page.locator('.job-row .due-danger').first()).toContainText('Overdue')

  const declined = await bridge.call('listJobs', query({ tab: 'declined' }))
  await nav.getByRole('button', { name: /^Declined/ }).click()
  await expect(page.locator('#list-title')).toHaveText(`Declined${declined.total}`)
  await expect(page.locator('.job-row .job-key')).toHaveText(declined.items.map((j) => j.key_number))
  await expect(nav.getByRole('button', { name: /^Declined/ })).toHaveAttribute('aria-current', 'page')
})

test('the customer and voice filters narrow the list as listJobs does for them', async ({ page, booth }) => {
  const bridge = bridgeClient(booth.launchUrl)
  await openWorkspace(page, booth.launchUrl)
  const all = await bridge.call('listJobs', query())
  expect(all.customers.length).toBeGreaterThan(1)
  const customer = all.customers[0]!
  const byCustomer = await bridge.call('listJobs', query({ customer_id: customer.id }))
  await page.getByRole('combobox', { name: 'Customer' }).selectOption({ label: customer.name })
  await expect(page.locator('.job-row .job-key')).toHaveText(byCustomer.items.map((j) => j.key_number))
  const voice = byCustomer.items[0]!.voice
  const both = await bridge.call('listJobs', query({ customer_id: customer.id, voice_id: voice.id }))
  await page.getByRole('combobox', { name: 'Voice' }).selectOption({ label: voice.name })
  await expect(page.locator('.job-row .job-key')).toHaveText(both.items.map((j) => j.key_number))
  await page.getByRole('combobox', { name: 'Customer' }).selectOption({ label: 'All customers' })
  await page.getByRole('combobox', { name: 'Voice' }).selectOption({ label: 'All voices' })
  await expect(page.locator('.job-row')).toHaveCount(all.items.length)
})

test('search narrows the list, and says so when nothing matches', async ({ page, booth }) => {
  const bridge = bridgeClient(booth.launchUrl)
  await openWorkspace(page, booth.launchUrl)
  const found = await bridge.call('listJobs', query({ q: 'Greenway' }))
  expect(found.items.length).toBeGreaterThan(0)
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill('Greenway')
  await expect(page.locator('.job-row .job-key')).toHaveText(found.items.map((j) => j.key_number))
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill('no such advertiser zzz')
  await expect(page.getByText('No jobs match “no such advertiser zzz”.')).toBeVisible()
})

test('paging walks through the completed jobs and the page size changes how many show', async ({ page, booth }) => {
  const bridge = bridgeClient(booth.launchUrl)
  const first = await bridge.call('listJobs', query({ tab: 'completed' }))
  expect(first.total).toBeGreaterThan(25)
  const second = await bridge.call('listJobs', query({ tab: 'completed', page: 2 }))
  await openWorkspace(page, booth.launchUrl)
  await page
    .getByRole('navigation', { name: 'Job lists' })
    .getByRole('button', { name: /^Completed/ })
    .click()
  const paging = page.getByRole('navigation', { name: 'Pages' })
  const pages = Math.ceil(first.total / 25)
  await expect(paging).toContainText(`1–25 of ${first.total}`)
  await expect(paging.getByLabel(`Page 1 of ${pages}`)).toBeVisible()
  await expect(page.locator('.job-row').first()).toHaveId(`job-row-${first.items[0]?.job_id}`)
  await paging.getByRole('button', { name: 'Next page' }).click()
  await expect(paging).toContainText(`26–50 of ${first.total}`)
  await expect(page.locator('.job-row .job-key')).toHaveText(second.items.map((j) => j.key_number))
  await paging.getByRole('button', { name: 'Previous page' }).click()
  await expect(paging).toContainText(`1–25 of ${first.total}`)
  await paging.getByLabel('Per page').selectOption('50')
  await expect(page.locator('.job-row')).toHaveCount(Math.min(50, first.total))
  await expect(paging.getByLabel(`Page 1 of ${Math.ceil(first.total / 50)}`)).toBeVisible()
})

test('keyboard only: Tab to the list, j/k to move, Enter opens, Esc closes, / searches', async ({ page, booth }) => {
  const expected = await bridgeClient(booth.launchUrl).call('listJobs', query())
  const [first, second] = expected.items
  if (!first || !second) throw new Error('The demo needs at least two pending jobs.')
  await openWorkspace(page, booth.launchUrl)
  const list = page.getByRole('listbox')
  for (let i = 0; i < 40 && !(await list.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab')
  await expect(list).toBeFocused()
  await expect(list).toHaveAttribute('aria-activedescendant', `job-row-${first.job_id}`)
  await page.keyboard.press('j')
  await expect(list).toHaveAttribute('aria-activedescendant', `job-row-${second.job_id}`)
  await page.keyboard.press('k')
  await page.keyboard.press('j')
  await page.keyboard.press('Enter')
  await expect(page.locator('#job-title')).toHaveText(second.advertiser)
  await page.keyboard.press('Escape')
  await expect(page.locator('#job-title')).toHaveCount(0)
  await expect(page.getByText('Choose a job to read its script.')).toBeVisible()
  await page.keyboard.press('/')
  await expect(page.getByRole('searchbox', { name: 'Search jobs' })).toBeFocused()
})
