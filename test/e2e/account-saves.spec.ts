/**
 * Saving on the account pages, on a Booth of its own (demo mode) because it changes the account: the
 * working days for every client profile, the email switches and time zone, and AI consent only after a
 * confirmation that names each change. Each save is compared with what main reads back afterwards.
 */
import { test, expect, startBooth } from './booth-host'
import { bridgeClient, type BridgeClient } from './support/bridge-client'
import { openWorkspace, screenshot } from './support/workspace'
import type { Page } from '@playwright/test'
import { describeDays } from '../../renderer/src/account/weekdays'

let booth: Awaited<ReturnType<typeof startBooth>>
let bridge: BridgeClient

test.beforeAll(async () => {
  booth = await startBooth()
  bridge = bridgeClient(booth.launchUrl)
})
test.afterAll(async () => {
  await booth?.stop()
})

const show = async (page: Page, item: string) => {
  await page.getByRole('navigation', { name: 'Money and account' }).getByRole('button', { name: item }).click()
}

test('availability: the same days saved to every profile, and the mixed warning goes', async ({
  page,
  consoleErrors,
}) => {
  const before = (await bridge.call('getAvailability', {})).availability
  if (!before) throw new Error('The demo key should read availability.')
  expect(before.days).not.toContain(7)
  await openWorkspace(page, booth.launchUrl)
  await show(page, 'Availability')
  await page.getByRole('checkbox', { name: 'Sunday' }).check()
  await expect(page.getByText(/^Now: .*Sunday\.$/)).toBeVisible()
  await page.getByRole('button', { name: `Save for all ${before.rows.length} profiles` }).click()
  await expect(page.getByRole('status').filter({ hasText: /✓ Saved/ })).toBeVisible()
  await expect(page.getByRole('note').filter({ hasText: 'different days today' })).toHaveCount(0)
  const saved = [...before.days, 7].sort((a, b) => a - b)
  const days = page.getByRole('table', { name: /Each voice you offer/ }).locator('tbody tr td:nth-child(4)')
  await expect(days).toHaveText(before.rows.map(() => describeDays(saved)))
  const after = (await bridge.call('getAvailability', {})).availability
  expect(after?.days).toEqual(saved)
  expect(after?.mixed).toBe(false)
  expect(after?.rows.every((r) => r.days.includes(7))).toBe(true)
  await screenshot(page, 'account-availability-saved')
  expect(consoleErrors).toEqual([])
})

test('preferences: a switch and a time zone chosen from the list are saved together', async ({ page }) => {
  await openWorkspace(page, booth.launchUrl)
  await show(page, 'Email and time zone')
  const overdue = page.getByRole('switch', { name: /Overdue/ })
  await expect(overdue).toBeChecked()
  await overdue.uncheck()
  const zone = page.getByRole('combobox', { name: 'Find a time zone' })
  await zone.fill('tokyo')
  await zone.press('ArrowDown')
  await zone.press('Enter')
  await expect(zone).toHaveValue('Asia/Tokyo')
  await page.getByRole('button', { name: 'Save email and time zone' }).click()
  await expect(page.getByRole('status').filter({ hasText: /✓ Saved/ })).toBeVisible()
  const after = (await bridge.call('getPreferences', {})).preferences
  expect(after).toMatchObject({ time_zone: 'Asia/Tokyo', prefs: { overdue: false } })
  // A fresh visit shows what the service has.
  await show(page, 'Settings')
  await show(page, 'Email and time zone')
  await expect(zone).toHaveValue('Asia/Tokyo')
  await expect(overdue).not.toBeChecked()
})

test('consent: nothing changes until the confirmation naming each change is accepted', async ({ page }) => {
  const before = (await bridge.call('getConsent', {})).consent
  await openWorkspace(page, booth.launchUrl)
  await show(page, 'AI voice consent')
  await page
    .getByRole('group', { name: 'AI word fixes' })
    .getByRole('radio', { name: /^Ask me/ })
    .check()
  await page.getByRole('group', { name: 'AI versions' }).getByRole('radio', { name: /^No/ }).check()
  await page.getByRole('button', { name: 'Review and save…' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('Change your AI voice consent?')
  const changes = dialog.getByRole('list', { name: 'What changes' }).getByRole('listitem')
  await expect(changes).toHaveText([/^AI word fixes: from “.+” to “Ask me”$/, /^AI versions: from “.+” to “No”$/])
  await screenshot(page, 'account-consent-confirm')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toHaveCount(0)
  expect((await bridge.call('getConsent', {})).consent).toEqual(before)

  await page.getByRole('button', { name: 'Review and save…' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Save my consent' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByRole('status').filter({ hasText: /✓ Saved/ })).toBeVisible()
  await expect(page.getByText(/^Last changed /)).toBeVisible()
  const after = (await bridge.call('getConsent', {})).consent
  expect(after).toMatchObject({ ai_word_fixes: 'ask', ai_versions: 'no', set: true })
  // Nothing left to save: the button waits for a change.
  await expect(page.getByRole('button', { name: 'Review and save…' })).toBeDisabled()
})
