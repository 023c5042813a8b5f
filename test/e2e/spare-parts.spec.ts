/**
 * A job with a bad part still opens, in a real browser: the web host talks to a sandbox through Booth's
 * fault proxy, which mangles the sandbox's real answer. A job whose first pronunciation has no word and
 * whose directions' formatting is not text opens with its script, its directions (as plain text) and the
 * plain notes of what was left out; a job that cannot be read at all says so in its pane, in plain words,
 * with the job list still there. At the window sizes Booth opens at on a 13-inch screen.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test, expect } from '@playwright/test'
import { SCREENSHOTS, trackConsoleErrors } from './booth-host'
import { expectPartlyInView, LAPTOP_SCREENS } from './support/reading'
import { startStandaloneSandbox, type StandaloneSandbox } from './support/standalone-sandbox'
import { startWebHostOn, type WebHostProcess } from './support/web-host-process'
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy'
import { nullAt, setAt } from '../support/answer-mangling'
import type { JobDetail, JobSummary } from '../../shared/bridge'

let sandbox: StandaloneSandbox
let proxy: FaultProxy
const hosts: Array<{ host: WebHostProcess; dataDir: string }> = []

test.beforeAll(async () => {
  sandbox = await startStandaloneSandbox()
  proxy = await startFaultProxy({ upstream: sandbox.url })
})
test.afterEach(async ({ page }) => {
  await page.goto('about:blank')
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
  const dataDir = mkdtempSync(join(tmpdir(), 'booth-e2e-spare-'))
  const host = await startWebHostOn(dataDir, { BOOTH_API_KEY: sandbox.apiKey }, ['--base-url', proxy.url])
  hosts.push({ host, dataDir })
  return host
}

async function sandboxGet<T>(path: string): Promise<T> {
  const res = await fetch(`${sandbox.url}/api/v1${path}`, { headers: { authorization: `Bearer ${sandbox.apiKey}` } })
  return (await res.json()) as T
}

/** A pending job with two pronunciations or more, directions and a typed script, as the sandbox sends it. */
async function jobWithPronunciations(): Promise<JobDetail> {
  const { items } = await sandboxGet<{ items: JobSummary[] }>('/jobs?tab=pending&page_size=25')
  for (const item of items) {
    const { job } = await sandboxGet<{ job: JobDetail }>(`/jobs/${item.job_id}`)
    if (job.pronunciations.length > 1 && job.directions.text.trim() !== '' && job.script.kind === 'typed') return job
  }
  throw new Error('the seed world has no pending job with two pronunciations, directions and a typed script')
}

const firstLine = (text: string) => text.trim().split(/\s+/).slice(0, 4).join(' ')

for (const screen of LAPTOP_SCREENS) {
  test.describe(`at ${screen.width}x${screen.height}`, () => {
    test.use({ viewport: screen })

    test('a job with a pronunciation with no word and directions that are not text opens with its script, its directions and the plain notes', async ({
      page,
    }) => {
      const errors = trackConsoleErrors(page)
      const job = await jobWithPronunciations()
      proxy.addRule({
        method: 'GET',
        path: `/api/v1/jobs/${job.job_id}`,
        fault: { type: 'mangle', mangles: [nullAt('/job/pronunciations/0/word'), setAt('/job/directions/html', 7)] },
      })
      const host = await launch()
      await page.goto(host.launchUrl)
      await page.locator(`#job-row-${job.job_id}`).click()
      await expect(page.locator('#job-title')).toHaveText(job.advertiser)

      // The script and the directions show.
      await expect(page.locator('.script-text')).toContainText(firstLine(job.script.text))
      await expectPartlyInView(page, page.locator('.script-text'), 'the script')
      await expect(page.locator('.script-directions')).toContainText(firstLine(job.directions.text))

      // One folded line says what was left out; opened, each plain note.
      const note = page.locator('.left-out-note')
      await expect(note).toBeVisible()
      await expect(note.locator('summary')).toContainText('2 parts of this job could not be read')
      await note.locator('summary').click()
      const notes = page.getByTestId('left-out-notes')
      await expect(notes).toContainText('One pronunciation from the producer could not be read and is not shown.')
      await expect(notes).toContainText("The directions' formatting could not be read; they are shown as plain text.")
      await expect(page.locator('.job-pane')).not.toContainText(
        /job\.\w+\[|\[0\]|where text is expected|empty \(null\)/,
      )

      // The other pronunciations are listed.
      const second = job.pronunciations[1]
      if (second) await expect(page.locator('.pron-list')).toContainText(second.say)
      await expect(page.locator('.pron-item')).toHaveCount(job.pronunciations.length - 1)
      await page.screenshot({ path: join(SCREENSHOTS, `spare-parts-${screen.width}x${screen.height}.png`) })
      await expect(page.getByText('Something went wrong')).toHaveCount(0)
      expect(errors).toEqual([])
    })

    test('a job that cannot be read at all says so in its pane in plain words, and the job list is still there', async ({
      page,
    }) => {
      const errors = trackConsoleErrors(page)
      const { items } = await sandboxGet<{ items: JobSummary[] }>('/jobs?tab=pending&page_size=25')
      const bad = items[0]
      const other = items[1]
      if (!bad || !other) throw new Error('the seed world has fewer than two pending jobs')
      proxy.addRule({
        method: 'GET',
        path: `/api/v1/jobs/${bad.job_id}`,
        fault: { type: 'mangle', mangles: [nullAt('/job/script')] },
      })
      const host = await launch()
      await page.goto(host.launchUrl)
      await page.locator(`#job-row-${bad.job_id}`).click()

      const pane = page.locator('.job-pane [role="alert"]')
      await expect(pane).toContainText('This job cannot be shown: the service sent it in a form Booth cannot read.')
      await expect(pane).toContainText('Your takes of it and the job list are kept.')
      await expect(pane).not.toContainText(/job\.|null|"script"/)
      await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible()

      // The list is still there (not folded away), and another job opens from it.
      await expect(page.locator('.workspace')).not.toHaveClass(/is-folded/)
      await expect(page.locator(`#job-row-${other.job_id}`)).toBeVisible()
      await page.locator(`#job-row-${other.job_id}`).click()
      await expect(page.locator('#job-title')).toHaveText(other.advertiser)
      await expect(page.getByText('Something went wrong')).toHaveCount(0)
      // The failed GET is the one console error a browser logs for it, if any: none is Booth's own.
      expect(errors.filter((e) => !/status of 502/.test(e))).toEqual([])
    })
  })
}
