/**
 * Answers Booth cannot read, in a real browser: the web host talks to a sandbox through Booth's fault
 * proxy, which mangles the sandbox's real answers. One job with a required field null is one row saying
 * its details could not be read (with its id) and every other job works; a job list that is not a list is
 * named on the connection line as the service's answer, never "Offline"; a job kind the API document does
 * not name reads "Kind unknown" and the recorder shows no developer's sentence. At the window sizes Booth
 * opens at on a 13-inch screen, with the job list shown.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test as base, expect, type Page } from '@playwright/test'
import { trackConsoleErrors } from './booth-host'
import { expectPartlyInView, LAPTOP_SCREENS } from './support/reading'
import { startStandaloneSandbox, type StandaloneSandbox } from './support/standalone-sandbox'
import { startWebHostOn, type WebHostProcess } from './support/web-host-process'
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy'
import { nullAt, setAt } from '../support/answer-mangling'
import type { JobSummary } from '../../shared/bridge'

const test = base
let sandbox: StandaloneSandbox
let proxy: FaultProxy
const hosts: Array<{ host: WebHostProcess; dataDir: string }> = []

test.beforeAll(async () => {
  sandbox = await startStandaloneSandbox()
  proxy = await startFaultProxy({ upstream: sandbox.url })
})
test.afterEach(async ({ page }) => {
  await page.goto('about:blank') // the page leaves before its host quits
  proxy.clearRules()
  for (const { host, dataDir } of hosts.splice(0)) {
    await host.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
})
test.afterAll(async () => {
  await proxy.close()
  await sandbox.stop()
})

async function launch(): Promise<WebHostProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'booth-e2e-mangle-'))
  const host = await startWebHostOn(dataDir, { BOOTH_API_KEY: sandbox.apiKey }, ['--base-url', proxy.url])
  hosts.push({ host, dataDir })
  return host
}

/** The first page of pending jobs as the sandbox itself answers it (not through the proxy). */
async function pendingJobs(): Promise<JobSummary[]> {
  const res = await fetch(`${sandbox.url}/api/v1/jobs?tab=pending&page_size=25`, {
    headers: { authorization: `Bearer ${sandbox.apiKey}` },
  })
  return ((await res.json()) as { items: JobSummary[] }).items
}

const connectivity = (page: Page) => page.getByTestId('connectivity')
/** GET /jobs itself (a string path would match /jobs/{id} too). */
const JOB_LIST = /^\/api\/v1\/jobs$/

for (const screen of LAPTOP_SCREENS) {
  test.describe(`at ${screen.width}x${screen.height} with the job list shown`, () => {
    test.use({ viewport: screen })

    test('one malformed job is one row that says so, with its id; every other job works; the service is up to date', async ({
      page,
    }) => {
      const errors = trackConsoleErrors(page)
      const jobs = await pendingJobs()
      const bad = jobs[1]
      const other = jobs[2]
      if (!bad || !other) throw new Error('the seed world has fewer than three pending jobs')
      proxy.addRule({
        method: 'GET',
        path: JOB_LIST,
        fault: { type: 'mangle', mangles: [nullAt('/items/1/advertiser')] },
      })

      const host = await launch()
      await page.goto(host.launchUrl)
      const unreadable = page.getByTestId('unreadable-job')
      await expect(unreadable).toHaveCount(1)
      await expect(unreadable).toContainText(`Job ${bad.job_id}: its details could not be read`)
      await expect(unreadable).toContainText('"advertiser" is empty (null) where text is expected')
      await expectPartlyInView(page, unreadable, 'the unreadable job', 20)
      // Its title (with the id) is read whole, never cut short by an ellipsis.
      expect(await unreadable.locator('.job-advertiser').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
      await expect(page.locator('.job-row:not(.job-row-unreadable)')).toHaveCount(jobs.length - 1)
      await expect(page.locator(`#job-row-${bad.job_id}`)).toHaveCount(0)
      await expect(connectivity(page)).toContainText('Up to date')
      await expect(connectivity(page)).not.toContainText('Offline')

      // The rest of the list works: another job opens.
      await page.locator(`#job-row-${other.job_id}`).click()
      await expect(page.locator('#job-title')).toHaveText(other.advertiser)
      await expect(page.getByText('Something went wrong')).toHaveCount(0)
      expect(errors).toEqual([])
    })

    test('a job list that is not a list is named as the service\'s answer, never "Offline"; the saved list stays', async ({
      page,
    }) => {
      const errors = trackConsoleErrors(page)
      const host = await launch()
      await page.goto(host.launchUrl)
      await expect(connectivity(page)).toContainText('Up to date')
      const rows = await page.locator('.job-row').count()
      expect(rows).toBeGreaterThan(0)

      proxy.addRule({
        method: 'GET',
        path: JOB_LIST,
        fault: { type: 'mangle', mangles: [setAt('/items', { 0: 'not a list' })] },
      })
      await page.getByRole('button', { name: 'Check for new jobs now' }).click()
      await expect(connectivity(page)).toContainText('The service answered, but Booth cannot use what it sent')
      await expect(connectivity(page)).toContainText(
        'The service sent a job list Booth cannot read: "items" is a group of fields where a list is expected.',
      )
      await expect(connectivity(page)).not.toContainText('Offline')
      await expect(page.locator('.job-row')).toHaveCount(rows)

      // Opened again, the window shows the saved list and says why, not that it is offline.
      await page.reload()
      await expect(page.getByTestId('offline-banner')).toContainText(
        /Showing jobs saved .*: the service's latest answer could not be used/,
      )
      await expect(page.getByTestId('offline-banner')).not.toContainText('Offline')
      await expect(page.locator('.job-row')).toHaveCount(rows)
      expect(errors).toEqual([])
    })

    test('a job kind the API does not name reads "Kind unknown"; the recorder shows no developer\'s sentence', async ({
      page,
    }) => {
      const errors = trackConsoleErrors(page)
      const [job] = await pendingJobs()
      if (!job) throw new Error('the seed world has no pending job')
      proxy.addRule({
        method: 'GET',
        path: JOB_LIST,
        fault: { type: 'mangle', mangles: [setAt('/items/0/kind', 'radio_jingle')] },
      })
      proxy.addRule({
        method: 'GET',
        path: `/api/v1/jobs/${job.job_id}`,
        fault: { type: 'mangle', mangles: [setAt('/job/kind', 'radio_jingle'), setAt('/job/stage', 'on_hold')] },
      })

      const host = await launch()
      await page.goto(host.launchUrl)
      await expect(page.locator(`#job-row-${job.job_id}`)).toContainText('Kind unknown')
      await page.locator(`#job-row-${job.job_id}`).click()
      await expect(page.locator('#job-title')).toHaveText(job.advertiser)
      await expect(page.getByRole('button', { name: 'Record' })).toBeVisible()
      // The recorder asked for the job's delivery profile and got one (its choice opens), and no argument check spoke.
      await expect(page.locator('.live-profile select')).toBeEnabled()
      await expect(page.locator('.live-profile .tone-danger')).toHaveCount(0)
      await expect(page.getByText(/must be one of|is not one of|kind must/i)).toHaveCount(0)
      await expect(page.getByText('Something went wrong')).toHaveCount(0)
      expect(errors).toEqual([])
    })
  })
}
