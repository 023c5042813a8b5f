/**
 * Issue 44, a real attack: Booth's web host is killed (SIGKILL) or quits (SIGTERM) with its page open, and another process
 * takes its port and answers like Booth would (a made-up proof, a 'session' event saying the key was
 * rejected, calls answering the same). The page sends it nothing keyed (the tab key is in no header,
 * cookie, query or body of any request it records), shows no sign-in form, and says in words to open
 * Booth again from its window or the address it printed. Then the real Booth started again has a new key:
 * the old page cannot use it, and the page opened from the new address works.
 */
import { test, expect } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openWorkspace, screenshot } from './support/workspace'
import { startWebHostOn, type WebHostProcess } from './support/web-host-process'
import { startImpostor, type Impostor } from './support/impostor-host'

let dataDir = ''
const hosts: WebHostProcess[] = []
const impostors: Impostor[] = []
test.beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'booth-impostor-e2e-'))
})
test.afterEach(async () => {
  for (const i of impostors.splice(0)) await i.close()
  for (const h of hosts.splice(0)) await h.kill()
  rmSync(dataDir, { recursive: true, force: true })
})

// After a kill (a crash) and after a quit (Ctrl-C, SIGTERM: Booth says goodbye to its page first): the same.
for (const [how, end] of [
  ['a kill', (h: WebHostProcess) => h.kill()],
  ['a quit', (h: WebHostProcess) => h.stop()],
] as const) {
  test(`an impostor on Booth’s port after ${how} is sent nothing keyed, and the page says to reopen Booth`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    const errors: string[] = []
    page.on('pageerror', (err) => errors.push(err.message))
    const host = await startWebHostOn(dataDir)
    hosts.push(host)
    const port = Number(new URL(host.launchUrl).port)
    const key = /#t=([A-Za-z0-9_-]+)$/.exec(host.launchUrl)?.[1] ?? ''
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/)
    await openWorkspace(page, host.launchUrl)
    await expect(page.getByTestId('connectivity')).toContainText(/Up to date|Checking the service/)

    await end(host)
    const impostor = await startImpostor(port)
    impostors.push(impostor)

    // The page asks the impostor to prove itself, gets no proof, and stops trying.
    const banner = page.getByTestId('host-gone')
    await expect(banner).toHaveAttribute('data-host', 'lost', { timeout: 30_000 })
    await expect(banner).toHaveText(
      'This page has stopped trying to reach Booth. Nothing at its address proved to be the Booth ' +
        'this page was opened from (a Booth started again has a new key). Open Booth from its ' +
        'window or from the address it printed when it started.',
    )
    await expect(page.getByTestId('connectivity')).toContainText('This page has stopped trying to reach Booth')
    const asked = impostor.seen.length
    // What the impostor said about the session changed nothing: no sign-in form, the jobs still shown.
    await page.waitForTimeout(2_000)
    await expect(page.locator('.sign-in')).toHaveCount(0)
    await expect(page.getByText('Sign in to Booth')).toHaveCount(0)
    await expect(page.locator('.job-row').first()).toBeVisible()
    expect(impostor.seen.length, 'once stopped, the page asks nothing more').toBe(asked)

    // It was asked (the test exercised the proof), and no request carried the key anywhere.
    expect(impostor.seen.length).toBeGreaterThanOrEqual(1)
    for (const r of impostor.seen) {
      expect(JSON.stringify(r), `${r.method} ${r.url}`).not.toContain(key)
      expect(r.headers['x-booth-token']).toBeUndefined()
      expect(r.url).not.toMatch(/^\/bridge\/(events|call|upload)/)
    }
    // The page forgot its key: a reload (the impostor serves no page) has nothing to send.
    expect(await page.evaluate(() => window.sessionStorage.getItem('booth.token'))).toBeNull()
    expect(errors).toEqual([])
  })
}

test('Booth started again after a kill has a new key: the old page stops trying, the new address works', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 })
  const first = await startWebHostOn(dataDir)
  hosts.push(first)
  const port = new URL(first.launchUrl).port
  await openWorkspace(page, first.launchUrl)
  await first.kill()
  const second = await startWebHostOn(dataDir, {}, ['--port', port])
  hosts.push(second)
  expect(second.launchUrl).not.toBe(first.launchUrl)
  const banner = page.getByTestId('host-gone')
  await expect(banner).toHaveAttribute('data-host', 'lost', { timeout: 30_000 })
  await expect(page.locator('.sign-in')).toHaveCount(0)
  // Said across the top of the window; the window does not scroll for it.
  expect((await banner.boundingBox())?.y).toBe(0)
  expect(await page.evaluate(() => document.scrollingElement?.scrollHeight ?? 0)).toBeLessThanOrEqual(768)
  await screenshot(page, 'host-lost-1024x768')
  // The old key opens nothing on the new Booth.
  const oldKey = /#t=([A-Za-z0-9_-]+)$/.exec(first.launchUrl)?.[1] ?? ''
  const refused = await page.request.post(`http://127.0.0.1:${port}/bridge/call/getSession`, {
    headers: { 'content-type': 'application/json', 'x-booth-token': oldKey },
    data: { args: {} },
  })
  expect(refused.status()).toBe(401)
  // Its new address pasted into this tab (only the fragment differs): the page loads afresh and works.
  await Promise.all([page.waitForEvent('load'), page.goto(second.launchUrl)])
  await expect(page.locator('.job-row').first()).toBeVisible()
  await expect(page.getByTestId('host-gone')).toHaveCount(0)
  await expect(page.getByTestId('connectivity')).toContainText(/Up to date|Checking the service/)
})
