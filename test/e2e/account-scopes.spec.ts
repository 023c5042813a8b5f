/**
 * A key that may only read jobs and earnings (a sandbox of its own, Booth signed in with BOOTH_API_KEY):
 * earnings work; availability, email preferences and consent say which permission is missing instead of
 * failing; Settings marks each scope granted or missing with what it unlocks. A second key may read the
 * account but not change it: the pages show it read-only.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import { test, expect, startBooth } from './booth-host'
import { screenshot } from './support/workspace'

const TOKEN = `e2e_scoped_${randomBytes(8).toString('hex')}`
const READ_ONLY = `e2e_readonly_${randomBytes(8).toString('hex')}`
let sandbox: { url: string; child: ChildProcess }
let booth: Awaited<ReturnType<typeof startBooth>>

/** The sandbox with one key limited to jobs:read and earnings:read (node + tsx, so stopping it stops it). */
async function startScopedSandbox(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'sandbox/cli.ts',
      '--port',
      '0',
      '--key',
      `${TOKEN}=jobs:read,earnings:read`,
      '--key',
      `${READ_ONLY}=jobs:read,account:read`,
      '--no-producer',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The sandbox did not start within 30 s:\n${output}`)), 30_000)
    child.stdout?.on('data', (c: Buffer) => {
      output += c.toString()
      const m = /listening on (\S+)/.exec(output)
      if (m?.[1]) {
        clearTimeout(timer)
        resolve(m[1])
      }
    })
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()))
    child.once('exit', (code) => reject(new Error(`The sandbox exited (${code}) before it was ready:\n${output}`)))
  })
  return { url, child }
}

test.beforeAll(async () => {
  sandbox = await startScopedSandbox()
  booth = await startBooth({ BOOTH_API_KEY: TOKEN }, ['--base-url', sandbox.url])
})
test.afterAll(async () => {
  await booth?.stop()
  if (sandbox && sandbox.child.exitCode === null) {
    const exited = new Promise((r) => sandbox.child.once('exit', r))
    sandbox.child.kill('SIGTERM')
    await exited
  }
})

async function open(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('booth.theme', 'dark'))
  await page.goto(booth.launchUrl)
  await expect(page.getByRole('navigation', { name: 'Money and account' })).toBeVisible()
}

const show = (page: Page, item: string) =>
  page.getByRole('navigation', { name: 'Money and account' }).getByRole('button', { name: item }).click()

test('a key with only jobs:read and earnings:read: earnings show, the account pages explain what is missing', async ({
  page,
  consoleErrors,
}) => {
  await open(page)
  await show(page, 'Earnings')
  await expect(page.locator('.acct-total').first()).toBeVisible()
  await expect(page.getByRole('note', { name: 'What this key cannot do' })).toHaveCount(0)

  for (const [item, what, scope] of [
    ['Availability', 'availability', 'account:read'],
    ['Email and time zone', 'your email preferences', 'account:read'],
    ['AI voice consent', 'your AI voice consent', 'account:read'],
  ] as const) {
    await show(page, item)
    const notice = page.getByRole('note', { name: 'What this key cannot do' })
    await expect(notice).toContainText(`This key cannot show ${what}`)
    await expect(notice).toContainText(`The key lacks ${scope}`)
    // Nothing to change and nothing that could be saved.
    await expect(page.getByRole('button', { name: /^Save|Review and save/ })).toHaveCount(0)
    await expect(page.locator('.form-error')).toHaveCount(0)
  }
  await show(page, 'Availability')
  await screenshot(page, 'account-scoped-availability-dark')

  await show(page, 'Settings')
  const scopes = page.getByRole('list', { name: 'Permissions of this key' }).getByRole('listitem')
  await expect(scopes.filter({ hasText: 'earnings:read' })).toContainText('Granted')
  await expect(scopes.filter({ hasText: 'jobs:read' })).toContainText('Granted')
  for (const missing of ['jobs:write', 'account:read', 'account:write', 'consent:write']) {
    await expect(scopes.filter({ hasText: missing })).toContainText('Missing')
  }
  await screenshot(page, 'account-scoped-settings-dark')
  await page.getByRole('button', { name: 'Switch to the light theme' }).click()
  await screenshot(page, 'account-scoped-settings-light')
  expect(consoleErrors).toEqual([])
})

test('a key with account:read but no account:write or consent:write shows the account read-only', async ({
  page,
  consoleErrors,
}) => {
  const readOnly = await startBooth({ BOOTH_API_KEY: READ_ONLY }, ['--base-url', sandbox.url])
  try {
    await page.addInitScript(() => window.localStorage.setItem('booth.theme', 'dark'))
    await page.goto(readOnly.launchUrl)
    await show(page, 'Availability')
    const notice = page.getByRole('note', { name: 'What this key cannot do' })
    await expect(notice).toContainText('You can look at availability, but not change it')
    await expect(notice).toContainText('account:write')
    await expect(page.getByRole('checkbox', { name: 'Monday' })).toBeDisabled()
    await expect(page.getByRole('button', { name: /^Save for all/ })).toBeDisabled()
    await show(page, 'AI voice consent')
    await expect(page.getByRole('note', { name: 'What this key cannot do' })).toContainText('consent:write')
    await expect(page.getByRole('button', { name: 'Review and save…' })).toBeDisabled()
    await show(page, 'Earnings')
    await expect(page.getByRole('note', { name: 'What this key cannot do' })).toContainText(
      'This key cannot show earnings',
    )
    await screenshot(page, 'account-readonly-earnings-dark')
    expect(consoleErrors).toEqual([])
  } finally {
    // The page leaves first: one left open on a Booth being stopped keeps asking it (refused connections
    // the console logs), which the fixture would count against this test under a slow quit.
    await page.close()
    await readOnly.stop()
  }
})
