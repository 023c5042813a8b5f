/**
 * A document script's PDF drawn in <canvas> by pdf.js under Booth's CSP, zoomed with the text-size
 * control, and still readable after the talent API stops answering (main's offline copy is what shows).
 */
import { test, expect, startBooth } from './booth-host'
import { bridgeClient, PENDING_ALL } from './support/bridge-client'
import { startStandaloneSandbox, type StandaloneSandbox } from './support/standalone-sandbox'
import { openJob, openWorkspace, screenshot } from './support/workspace'
import type { Page } from '@playwright/test'

let sandbox: StandaloneSandbox
let booth: Awaited<ReturnType<typeof startBooth>>

test.beforeAll(async () => {
  sandbox = await startStandaloneSandbox()
  booth = await startBooth({ BOOTH_API_KEY: sandbox.apiKey }, ['--base-url', sandbox.url])
})

test.afterAll(async () => {
  await booth?.stop()
  await sandbox?.stop()
})

/** How many pixels of the first page are not paper-white: the page has really been drawn. */
async function inkedPixels(page: Page): Promise<number> {
  return page
    .locator('canvas.pdf-canvas')
    .first()
    .evaluate((el) => {
      const canvas = el as HTMLCanvasElement
      const data =
        canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? new Uint8ClampedArray()
      let n = 0
      for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 200 && (data[i + 3] ?? 0) > 0) n++
      return n
    })
}

test('the script PDF is drawn in canvas, zooms, and is still there once the service is unreachable', async ({
  page,
  consoleErrors,
}) => {
  const warnings: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text())
  })
  const workers: string[] = []
  page.on('worker', (w) => workers.push(w.url()))
  const bridge = bridgeClient(booth.launchUrl)
  const list = await bridge.call('listJobs', PENDING_ALL)
  let docJob = null
  for (const item of list.items) {
    const { job } = await bridge.call('getJob', { jobId: item.job_id })
    if (job.script.kind === 'document' && job.script.document?.pdf_url) {
      docJob = job
      break
    }
  }
  if (!docJob) throw new Error('The sandbox has no pending job with a document script PDF.')

  await openWorkspace(page, booth.launchUrl)
  await openJob(page, docJob.job_id, docJob.advertiser)
  expect(await page.locator('iframe').count()).toBe(0)
  const canvas = page.locator('canvas.pdf-canvas').first()
  await expect(canvas).toHaveAttribute('data-rendered', 'true')
  await expect(page.locator('.pdf-meta')).toContainText(/\d+ pages?/)
  expect(await inkedPixels(page)).toBeGreaterThan(200)
  const before = (await canvas.boundingBox())?.width ?? 0
  await page.getByRole('button', { name: 'Bigger script text' }).click()
  await page.getByRole('button', { name: 'Bigger script text' }).click()
  await expect.poll(async () => (await canvas.boundingBox())?.width ?? 0).toBeGreaterThan(before + 10)
  await screenshot(page, 'job-script-pdf-dark')
  // pdf.js ran in its own worker from Booth's origin (no "fake worker" fallback on the page's thread).
  expect(workers.some((u) => u.startsWith(new URL(booth.launchUrl).origin) && /pdf\.worker/.test(u))).toBe(true)
  expect(warnings.filter((w) => /fake worker|eval|Trusted Type/i.test(w))).toEqual([])

  // The service goes away; a fresh window must still show the PDF, from main's offline copy.
  await sandbox.stop()
  await page.reload()
  await expect(page.locator('.job-row').first()).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText(/Offline — showing jobs saved/)).toBeVisible({ timeout: 30_000 })
  await openJob(page, docJob.job_id, docJob.advertiser)
  await expect(page.getByText(/Offline — showing this job as saved/)).toBeVisible({ timeout: 30_000 })
  await expect(page.locator('canvas.pdf-canvas').first()).toHaveAttribute('data-rendered', 'true', { timeout: 30_000 })
  await expect(page.locator('.pdf-meta')).toContainText(/Offline copy from/)
  expect(await inkedPixels(page)).toBeGreaterThan(200)
  await page.getByRole('button', { name: 'Switch to the light theme' }).click()
  await screenshot(page, 'job-script-pdf-offline-light')
  expect(consoleErrors).toEqual([])
})
