/**
 * The account pages in real Chromium under Booth's CSP, talking through the real bridge checks to the
 * real account handlers and the sandbox: every control is reachable by role and name, saves go through
 * (and show as saved), consent needs a confirmation naming the change, and no page logs an error.
 */
import { build } from 'esbuild'
import { workerUrls } from '../renderer/support/browser-page'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type Page } from '@playwright/test'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildContentSecurityPolicy } from '../../../main/security/content-security-policy'
import { describeError } from '../../../main/bridge/describe-error'
import { bridgeCalls, isBridgeCallName, type NotificationSettings } from '../../../shared/bridge'
import {
  FULL_TOKEN,
  makeClient,
  makeHandlers,
  sessionFor,
  startAccountSandbox,
  type AccountSandbox,
  type HandlerRig,
} from './account-fixture'

let env: AccountSandbox
let rig: HandlerRig
let browser: Browser
let page: Page
const problems: string[] = []

beforeAll(async () => {
  env = await startAccountSandbox()
  const client = makeClient(env.sandbox, FULL_TOKEN)
  const session = await sessionFor(client, env.sandbox.url)
  rig = await makeHandlers(client, session)
  let notifications: NotificationSettings = {
    new_job: true,
    due_soon: true,
    due_today: true,
    overdue: true,
    script_changed: true,
    changes_requested: true,
    delivery_approved: false,
  }
  const others: Record<string, (args: never) => Promise<unknown>> = {
    getSession: async () => session,
    getNotificationSettings: async () => notifications,
    setNotificationSettings: async (patch: Partial<NotificationSettings>) =>
      (notifications = { ...notifications, ...patch }),
  }

  const entry = fileURLToPath(new URL('./support/pages-entry.tsx', import.meta.url))
  // The window's stores include the recorder, whose capture names its AudioWorklet by URL (never loaded here).
  const bundle = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    outdir: '/virtual',
    format: 'iife',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
    plugins: [workerUrls(new Map())],
  })
  const js = bundle.outputFiles.find((f) => f.path.endsWith('.js'))?.text ?? ''
  const css = bundle.outputFiles.find((f) => f.path.endsWith('.css'))?.text ?? ''
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  page = await browser.newPage()
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`))
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`))
  await page.exposeFunction('boothCall', async (name: string, args: unknown) => {
    try {
      if (!isBridgeCallName(name)) throw new Error(`no call ${name}`)
      const checked = bridgeCalls[name](args ?? {}, name)
      const handler = (rig.handlers as Record<string, (a: unknown) => Promise<unknown>>)[name] ?? others[name]
      if (!handler) throw new Error(`this test serves no ${name}`)
      return { ok: true, result: await handler(checked as never) }
    } catch (err) {
      return { ok: false, message: describeError(err).message }
    }
  })
  const html =
    '<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="/bundle.css"><script src="/bundle.js"></script></head><body></body></html>'
  await page.route('http://booth.test/**', (route) => {
    const path = new URL(route.request().url()).pathname
    if (path === '/bundle.js') return route.fulfill({ status: 200, contentType: 'text/javascript', body: js })
    if (path === '/bundle.css') return route.fulfill({ status: 200, contentType: 'text/css', body: css })
    if (path === '/')
      return route.fulfill({
        status: 200,
        contentType: 'text/html',
        headers: { 'content-security-policy': buildContentSecurityPolicy() },
        body: html,
      })
    return route.fulfill({ status: 404, body: '' })
  })
  await page.goto('http://booth.test/')
}, 30_000)

afterAll(async () => {
  await browser?.close()
  await rig?.dispose()
  await env?.close()
})

const show = (name: string) => page.evaluate((n) => window.showAccountPage(n), name)

describe('account pages in Chromium', () => {
  it('earnings: totals per currency, a chart per currency, a sortable table and a refused span', async () => {
    await show('EarningsPage')
    await page.getByRole('heading', { name: /^Totals,/ }).waitFor()
    expect(await page.locator('.acct-total').count()).toBeGreaterThan(0)
    expect(await page.getByRole('img', { name: /earnings by month/ }).count()).toBe(
      await page.locator('.acct-total').count(),
    )
    await page
      .getByRole('img', { name: /earnings by month/ })
      .first()
      .focus()
    await page.keyboard.press('End')
    expect(await page.locator('.acct-chart-readout').first().textContent()).toMatch(/\d{4}: .+ from \d+ jobs?/)
    const jobs = page.getByRole('table', { name: /jobs? — choose a column heading to sort/ })
    await jobs.getByRole('button', { name: /^Amount/ }).click()
    expect(await jobs.getByRole('columnheader', { name: /^Amount/ }).getAttribute('aria-sort')).toBe('descending')
    const byCustomer = page.getByRole('table', { name: 'By customer: earned, booked and offered' })
    expect(await byCustomer.getByRole('row').count()).toBeGreaterThan(1)
    expect(await byCustomer.getByRole('columnheader').allTextContents()).toEqual([
      'Customer',
      'Earned (completed)',
      'Booked (accepted, not finished)',
      'Offered (not accepted yet)',
    ])
    await page.getByText('These customers do not show rates').waitFor()
    expect(await page.getByRole('button', { name: 'Export as CSV' }).isEnabled()).toBe(true)

    await page.getByLabel('From month').fill('2020-01')
    await page
      .getByRole('alert')
      .filter({ hasText: /at most 24 months/ })
      .waitFor()
  })

  it('availability: days named 1 = Monday … 7 = Sunday, the mixed warning, and a save shown as saved', async () => {
    await show('AvailabilityPage')
    await page.getByRole('checkbox', { name: /Sunday/ }).waitFor()
    expect(await page.getByText('Your client profiles have different days today').count()).toBe(1)
    await page.getByRole('checkbox', { name: /Sunday/ }).check()
    await page.getByRole('button', { name: /^Save for all \d+ profiles$/ }).click()
    await page.getByRole('status').filter({ hasText: /Saved/ }).waitFor()
    await page
      .getByRole('row', { name: /every day|Sunday/ })
      .first()
      .waitFor()
    expect(await page.getByText('Your client profiles have different days today').count()).toBe(0)
  })

  it('preferences: switches and a searchable time zone list', async () => {
    await show('PreferencesPage')
    await page.getByRole('switch', { name: /Overdue/ }).waitFor()
    await page.getByRole('switch', { name: /Overdue/ }).uncheck()
    await page.getByRole('combobox', { name: 'Find a time zone' }).fill('tokyo')
    await page.getByRole('option', { name: /Asia\/Tokyo/ }).click()
    await page.getByRole('button', { name: 'Save email and time zone' }).click()
    await page.getByRole('status').filter({ hasText: /Saved/ }).waitFor()
    expect((await rig.handlers.getPreferences({})).preferences).toMatchObject({
      time_zone: 'Asia/Tokyo',
      prefs: { overdue: false },
    })
  })

  it('consent: the confirmation names what changes before anything is saved', async () => {
    await show('ConsentPage')
    await page.getByRole('group', { name: 'AI versions' }).getByRole('radio', { name: /^No/ }).check()
    await page
      .getByRole('group', { name: 'AI word fixes' })
      .getByRole('radio', { name: /^Ask me/ })
      .check()
    await page.getByRole('button', { name: 'Review and save…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Change your AI voice consent?' })
    await dialog.waitFor()
    expect(await dialog.getByRole('list', { name: 'What changes' }).textContent()).toMatch(
      /AI versions: from “not answered” to “No”/,
    )
    expect((await rig.handlers.getConsent({})).consent?.set).toBe(false)
    await dialog.getByRole('button', { name: 'Save my consent' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect((await rig.handlers.getConsent({})).consent).toMatchObject({
      set: true,
      ai_versions: 'no',
      ai_word_fixes: 'ask',
    })
  })

  it('settings: scopes, data folder, notifications and the API assumptions', async () => {
    await show('SettingsPage')
    await page.getByRole('list', { name: 'Permissions of this key' }).waitFor()
    expect(await page.getByRole('list', { name: 'Permissions of this key' }).getByRole('listitem').count()).toBe(9)
    await page.getByRole('switch', { name: 'A job is overdue' }).uncheck()
    await page.getByRole('switch', { name: 'A job is overdue' }).and(page.locator(':not(:checked)')).waitFor()
    await page.getByText('Assumptions Booth makes about the API').click()
    await page.getByLabel('Booth’s assumptions about the API').waitFor()
    expect(await page.getByRole('button', { name: 'Sign out' }).isEnabled()).toBe(true)
  })

  it('logged no errors and no CSP violations', () => {
    expect(problems).toEqual([])
  })
})
