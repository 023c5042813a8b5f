/**
 * The page when Booth itself goes away and comes back: a real web host process SIGKILLed while the page
 * records (Debian's Chromium, its fake microphone), then started again on the same data folder and port.
 * The page says Booth is not running within seconds, stops the take and says why, never shows
 * "Recording…" or "Up to date" meanwhile. The Booth started again has a new key (issue 44): the old page
 * stops trying and says to open Booth from its address, and the page opened from the new address offers
 * the cut-off take back.
 */
import { test, expect, type Page } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FAKE_MICROPHONE } from './support/recording'
import { typedDeliverableJob } from './support/reading'
import { openJob, openWorkspace, screenshot } from './support/workspace'
import { startWebHostOn, type WebHostProcess } from './support/web-host-process'

test.use(FAKE_MICROPHONE)

let dataDir = ''
const hosts: WebHostProcess[] = []
test.beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'booth-gone-e2e-'))
})
test.afterEach(async () => {
  for (const h of hosts.splice(0)) await h.kill()
  rmSync(dataDir, { recursive: true, force: true })
})

/** Console errors, except the failed requests a page logs while its host is down (that is the test). */
function trackErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (msg) => {
    if (
      msg.type() === 'error' &&
      !/ERR_CONNECTION_REFUSED|ERR_EMPTY_RESPONSE|ERR_CONNECTION_RESET|Failed to load resource/.test(msg.text())
    )
      errors.push(msg.text())
  })
  page.on('pageerror', (err) => errors.push(err.message))
  return errors
}

async function startRecording(page: Page): Promise<void> {
  const recorder = page.locator('.recorder')
  await page.locator('.script-panel .section-title').click()
  await page.keyboard.press('Space')
  await expect(recorder).toHaveAttribute('data-phase', 'recording')
  await expect(recorder.getByRole('timer')).not.toContainText('0:00.0')
}

test(
  'a web host SIGKILLed during a recording: the page says Booth is gone and stops the take; ' +
    "opened from the new Booth's address, the take is offered back",
  async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 })
    const errors = trackErrors(page)
    const first = await startWebHostOn(dataDir)
    hosts.push(first)
    const port = new URL(first.launchUrl).port
    const job = await typedDeliverableJob(first.launchUrl)
    await openWorkspace(page, first.launchUrl)
    await openJob(page, job.job_id, job.advertiser)
    const recorder = page.locator('.recorder')
    const status = page.getByTestId('connectivity')
    await expect(status).toContainText('Up to date')
    await startRecording(page)
    await page.waitForTimeout(2000)

    await first.kill()
    // Within a few seconds: the take stopped, why, and the status line says Booth is gone.
    await expect(recorder).toHaveAttribute('data-phase', 'idle', { timeout: 5_000 })
    await expect(recorder.getByRole('alert')).toHaveText(
      /^Recording stopped: Booth is not running any more\. What reached the disk until then is kept; Booth offers the take back when it is started again\.$/,
    )
    await expect(status).toHaveAttribute('data-host', 'down', { timeout: 5_000 })
    await expect(status).toContainText('Booth is not running')
    await screenshot(page, 'booth-gone-1280x720')
    // Nothing on the page claims a Booth that is not there, however long it stays gone.
    await page.waitForTimeout(3000)
    await expect(page.getByText('Up to date')).toHaveCount(0)
    await expect(page.getByText('Recording…')).toHaveCount(0)
    await expect(recorder).toHaveAttribute('data-phase', 'idle')

    // Booth started again on the same folder and port: a new key, so the old page stops trying and says so.
    const second = await startWebHostOn(dataDir, {}, ['--port', port])
    hosts.push(second)
    expect(second.launchUrl, 'the restarted Booth has a key of its own').not.toBe(first.launchUrl)
    await expect(status).toHaveAttribute('data-host', 'lost', { timeout: 30_000 })
    await expect(page.getByTestId('host-gone')).toContainText(
      'Open Booth from its window or from the address it printed when it started.',
    )
    // The new address pasted into this tab (only its fragment differs): the page loads afresh and is Booth's again.
    await Promise.all([page.waitForEvent('load'), page.goto(second.launchUrl)])
    await expect(page.locator('.job-row').first()).toBeVisible()
    await expect(status).not.toHaveAttribute('data-host', /down|lost/, { timeout: 15_000 })
    await expect(status).toContainText(/Up to date|Checking the service/, { timeout: 15_000 })
    await openJob(page, job.job_id, job.advertiser)
    // The take cut off by the kill is offered back (repaired by the new Booth), with what was recorded.
    const take = page.locator('.take-row').first()
    await expect(take).toHaveAttribute('data-take-number', '1', { timeout: 15_000 })
    await expect(take.locator('.take-recovered')).toBeVisible()
    await expect(take.locator('.take-facts')).toContainText(/Length\s*(0\.[1-9]|[1-9]\.\d) s/, { timeout: 15_000 })
    // And it records again.
    await startRecording(page)
    await page.keyboard.press('Space')
    await expect(recorder).toHaveAttribute('data-phase', 'idle', { timeout: 15_000 })
    await expect(page.locator('.take-row')).toHaveCount(2, { timeout: 15_000 })
    expect(errors).toEqual([])
  },
)

test('a tab from a Booth that quit stops trying and is told to open Booth from its address', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 })
  const first = await startWebHostOn(dataDir)
  hosts.push(first)
  const port = new URL(first.launchUrl).port
  await openWorkspace(page, first.launchUrl)
  await first.stop()
  const status = page.getByTestId('connectivity')
  await expect(status).toHaveAttribute('data-host', 'down', { timeout: 5_000 })
  const second = await startWebHostOn(dataDir, {}, ['--port', port])
  hosts.push(second)
  expect(second.launchUrl).not.toBe(first.launchUrl)
  await expect(status).toHaveAttribute('data-host', 'lost', { timeout: 30_000 })
  await expect(status).toContainText('This page has stopped trying to reach Booth')
})
