/**
 * Launching Booth on a plane, in a real browser: the web host (API key from the environment) talks to
 * a sandbox through Booth's fault proxy. A first launch online saves the jobs and opens one; the second
 * launch happens with the service down (connections refused): Booth is signed in, shows the saved list
 * with an offline notice and its age, opens the saved job and reads its script with the pronunciations;
 * then the service comes back and the list catches up by itself.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test as base, expect } from '@playwright/test'
import { trackConsoleErrors } from './booth-host'
import { findJob } from './support/reading'
import { startStandaloneSandbox, type StandaloneSandbox } from './support/standalone-sandbox'
import { startWebHostOn, type WebHostProcess } from './support/web-host-process'
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy'

const test = base
let sandbox: StandaloneSandbox
let proxy: FaultProxy
let dataDir: string
const hosts: WebHostProcess[] = []

test.beforeAll(async () => {
  sandbox = await startStandaloneSandbox()
  proxy = await startFaultProxy({ upstream: sandbox.url })
  dataDir = mkdtempSync(join(tmpdir(), 'booth-e2e-offline-'))
})
test.afterAll(async () => {
  await Promise.all(hosts.map((h) => h.stop()))
  await proxy.close()
  await sandbox.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

async function launch(): Promise<WebHostProcess> {
  const host = await startWebHostOn(dataDir, { BOOTH_API_KEY: sandbox.apiKey }, ['--base-url', proxy.url])
  hosts.push(host)
  return host
}

test('launched with the service down: signed in, saved jobs readable, then caught up when it is back', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const errors = trackConsoleErrors(page)

  // An earlier day, online: Booth saves the list and the job the talent opened.
  const first = await launch()
  const job = await findJob(
    first.launchUrl,
    'a typed script that carries one of its pronunciations',
    (j) =>
      j.script.kind === 'typed' &&
      j.pronunciations.some((p) => j.script.text.toLowerCase().includes(p.word.toLowerCase())),
  )
  await page.goto(first.launchUrl)
  await expect(page.locator('.job-row').first()).toBeVisible()
  await page.goto('about:blank') // the page leaves before its host quits (no reconnect errors from a stopped host)
  await first.stop()

  // On the plane: the service cannot be reached at all.
  await proxy.down()
  const second = await launch()
  await page.goto(second.launchUrl)
  await expect(page.locator('.job-row').first()).toBeVisible({ timeout: 5_000 })
  await expect(page.getByRole('heading', { name: /sign in/i })).toHaveCount(0)
  await expect(page.getByTestId('offline-banner')).toContainText(
    /Offline — showing jobs saved .*ago|Offline — showing jobs saved just now/,
    { timeout: 15_000 },
  )
  await expect(page.getByTestId('connectivity')).toContainText('Offline')
  await expect(page.getByRole('button', { name: 'Try now' })).toBeVisible()

  await page.locator(`#job-row-${job.job_id}`).click()
  await expect(page.locator('#job-title')).toHaveText(job.advertiser)
  await expect(page.getByTestId('cached-job-note')).toContainText(/Offline — showing this job as saved/)
  const entry = job.pronunciations.find((p) => job.script.text.toLowerCase().includes(p.word.toLowerCase()))
  await expect(
    page
      .locator('.script-read mark.pron')
      .filter({ hasText: new RegExp(entry?.word ?? '', 'i') })
      .first(),
  ).toBeVisible()
  await expect(page.locator('.pron-list')).toContainText(entry?.say ?? '')

  // Landing: the service answers again and the list catches up with no action (back-off is capped at 30 s).
  await proxy.up()
  await expect(page.getByTestId('offline-banner')).toHaveCount(0, { timeout: 40_000 })
  await expect(page.getByTestId('connectivity')).toContainText('Up to date')
  await expect(page.getByTestId('cached-job-note')).toHaveCount(0, { timeout: 10_000 })
  expect(errors).toEqual([])
})
