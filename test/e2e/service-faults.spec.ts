/**
 * A service that answers badly, in the window as Booth opens it (1280x720, the job list shown): Booth's
 * web host talks to a sandbox of its own process through the project's fault proxy. A job whose answer
 * is 50 MiB says the answer was too large (never "cannot reach the service"), and an upload whose PATCH
 * never gets an answer is said in the delivery queue within 90 s, with the real 30 s watchdog, then
 * delivered once; nothing is left open on the service.
 */
import { test, expect, startBooth, type BoothHost } from './booth-host'
import { bridgeClient, PENDING_ALL } from './support/bridge-client'
import { makeWav, typedDeliverableJob } from './support/reading'
import { startStandaloneSandbox, type StandaloneSandbox } from './support/standalone-sandbox'
import { openWorkspace, row } from './support/workspace'
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy'

const MIB = 1024 * 1024
let sandbox: StandaloneSandbox
let proxy: FaultProxy
let booth: BoothHost & { stop(): Promise<void> }

test.beforeAll(async () => {
  sandbox = await startStandaloneSandbox()
  proxy = await startFaultProxy({ upstream: sandbox.url, maxStallMs: 180_000 })
  booth = await startBooth({ BOOTH_API_KEY: sandbox.apiKey }, ['--base-url', proxy.url])
})
test.afterEach(() => proxy.clearRules())
test.afterAll(async () => {
  await booth?.stop()
  await proxy?.close()
  await sandbox?.stop()
})
test.use({ viewport: { width: 1280, height: 720 } })

/** The sandbox's own listing of the key's uploads that no delivery uses (GET /api/v1/uploads). */
async function openUploads(): Promise<unknown[]> {
  const res = await fetch(`${sandbox.url}/api/v1/uploads`, { headers: { authorization: `Bearer ${sandbox.apiKey}` } })
  return ((await res.json()) as { uploads: unknown[] }).uploads
}

// As Booth opens, with the job list shown, at both window sizes; a different pending job for each.
for (const [n, viewport] of [
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
].entries()) {
  test(`a 50 MiB answer for a job is called too large, not "cannot reach" (${viewport.width}x${viewport.height})`, async ({
    page,
    consoleErrors,
  }) => {
    await page.setViewportSize(viewport)
    const list = await bridgeClient(booth.launchUrl).call('listJobs', PENDING_ALL)
    const job = list.items.at(-1 - n)
    if (!job) throw new Error('The demo world has too few pending jobs.')
    proxy.addRule({ method: 'GET', path: `/api/v1/jobs/${job.job_id}`, fault: { type: 'oversized', bytes: 50 * MIB } })
    await openWorkspace(page, booth.launchUrl)
    await page.getByRole('searchbox', { name: 'Search jobs' }).fill(job.key_number)
    await row(page, job.job_id).click()
    const alert = page.locator('.notice-danger[role="alert"]').filter({ hasText: 'larger than Booth accepts' })
    await expect(alert).toContainText('answered, but the answer is larger than Booth accepts (8 MiB)', {
      timeout: 30_000,
    })
    await expect(alert).toContainText('Booth has no saved copy of this job yet.')
    await expect(alert).not.toContainText(/cannot reach/i)
    await expect(alert).toBeInViewport()
    // The refusal is the bridge call's 502 answer (the service's answer was unusable), which Chromium also logs.
    const refusal = consoleErrors.findIndex((e) => e.includes('status of 502 (Bad Gateway)'))
    expect(refusal).toBeGreaterThanOrEqual(0)
    consoleErrors.splice(refusal, 1)
  })
}

test('a 50 MiB answer to the job list: the status line says the answer could not be used, not offline', async ({
  page,
}) => {
  await openWorkspace(page, booth.launchUrl)
  const status = page.getByTestId('connectivity')
  await expect(status).not.toContainText('cannot use what it sent')
  proxy.addRule({
    method: 'GET',
    path: '/api/v1/jobs',
    fault: { type: 'oversized', bytes: 50 * MIB, declareLength: true },
  })
  // The status line's one button: "Check for new jobs now", or "Try now" when the poller met the rule first.
  await status.getByRole('button', { name: /^(Check for new jobs now|Try now)$/ }).click()
  await expect(status).toContainText('The service answered, but Booth cannot use what it sent', { timeout: 30_000 })
  await expect(status).toContainText('larger than Booth accepts')
  await expect(status).not.toContainText('Offline')
})

test('an upload that stalls is said in the delivery queue within 90 s, then delivered once, leaving nothing open', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors
  test.setTimeout(240_000)
  const job = await typedDeliverableJob(booth.launchUrl)
  const wav = makeWav(4, 'stalled-take.wav')
  await openWorkspace(page, booth.launchUrl)
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill(job.key_number)
  await row(page, job.job_id).click()
  await expect(page.locator('#job-title')).toHaveText(job.advertiser, { timeout: 45_000 })
  const bridge = bridgeClient(booth.launchUrl)
  const take = await bridge.call('importTake', { jobId: job.job_id, path: wav })
  const takeRow = page.locator(`.take-row[data-take-number="${take.take_number}"]`)
  await expect(takeRow).toBeVisible({ timeout: 30_000 })

  // The first two PATCHes are read and never answered: the service has stopped answering.
  proxy.addRule({ method: 'PATCH', path: /^\/api\/v1\/uploads\//, times: 2, fault: { type: 'stall' } })
  await takeRow.getByRole('button', { name: 'Deliver…' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Deliver' }).click()
  await expect(dialog).toBeHidden()
  const queue = page.locator('.delivery-queue')
  await expect(queue).toBeVisible()
  const stalledAt = Date.now()
  await expect(queue).toContainText('The service stopped answering; trying again.', { timeout: 90_000 })
  console.log(
    `stall said in the queue ${Math.round((Date.now() - stalledAt) / 1000)} s after the delivery was confirmed`,
  )
  await expect(takeRow.locator('.take-state')).toHaveText(
    /^(Sent, waiting for the service’s answer|Storing|Processing|Delivered)$/,
    { timeout: 120_000 },
  )
  const res = await fetch(`${sandbox.url}/api/v1/jobs/${job.job_id}/deliveries`, {
    headers: { authorization: `Bearer ${sandbox.apiKey}` },
  })
  const { deliveries } = (await res.json()) as { deliveries: Array<{ original_name: string }> }
  expect(deliveries.filter((d) => d.original_name === take.file_name)).toHaveLength(1)
  await expect.poll(openUploads, { timeout: 10_000 }).toEqual([])
})
