/**
 * Things that must not happen silently: leaving a job while it records asks first (and the take is kept);
 * a job's error stays with that job and names no internal id; trimming a take measures the trimmed take
 * again (its length warning goes); leaving the demo asks first. At 1280x720 and 1024x768.
 */
import { test, expect } from './booth-host'
import { FAKE_MICROPHONE } from './support/recording'
import { bridgeClient } from './support/bridge-client'
import { dropFiles, openJob, openWorkspace, row, showListIfFolded } from './support/workspace'
import { LAPTOP_SCREENS, makeWav, typedDeliverableJob } from './support/reading'

test.use(FAKE_MICROPHONE)

for (const screen of LAPTOP_SCREENS) {
  test.describe(`at ${screen.width}x${screen.height}`, () => {
    test.use({ viewport: screen })

    test('switching job while recording asks first; staying keeps recording, going keeps the take', async ({
      page,
      booth,
      consoleErrors,
    }) => {
      const bridge = bridgeClient(booth.launchUrl)
      const job = await typedDeliverableJob(booth.launchUrl)
      const other = await typedDeliverableJob(booth.launchUrl, [job.job_id])
      const before = (await bridge.call('listTakes', { jobId: job.job_id })).takes.length
      await openWorkspace(page, booth.launchUrl)
      await openJob(page, job.job_id, job.advertiser)
      const recorder = page.locator('.recorder')
      await page.locator('.script-panel .section-title').click()
      await page.keyboard.press('Space')
      await expect(recorder).toHaveAttribute('data-phase', 'recording')

      // The open job folded the list into the rail (below 1440 px): lay it over the job to reach the row.
      await showListIfFolded(page)
      await row(page, other.job_id).click()
      const ask = page.getByRole('dialog', { name: 'Stop recording?' })
      await expect(ask).toBeVisible()
      await expect(ask).toContainText(`A take of ${job.advertiser} is recording`)
      await ask.getByRole('button', { name: 'Cancel' }).click()
      await expect(ask).toBeHidden()
      await expect(page.locator('#job-title')).toHaveText(job.advertiser)
      // Staying folds the list laid over the job: the script being read is in view again.
      await expect(page.locator('.script-read')).toBeInViewport()
      await expect(page.locator('.workspace.is-peeking')).toHaveCount(0)
      await expect(recorder).toHaveAttribute('data-phase', 'recording')

      // Esc never closes a job with a take under way (the innermost layer rule): no question, the job and
      // the take stay.
      await page.locator('.script-panel .section-title').click()
      await page.keyboard.press('Escape')
      await expect(ask).toHaveCount(0)
      await expect(page.locator('#job-title')).toHaveText(job.advertiser)
      await expect(recorder).toHaveAttribute('data-phase', 'recording')

      await showListIfFolded(page)
      await row(page, other.job_id).click()
      await ask.getByRole('button', { name: 'Stop and keep the take' }).click()
      await expect(page.locator('#job-title')).toHaveText(other.advertiser)
      await expect
        .poll(
          async () =>
            (await bridge.call('listTakes', { jobId: job.job_id })).takes.filter((t) => t.state === 'ready').length,
          { timeout: 15_000 },
        )
        .toBe(before + 1)
      expect(consoleErrors).toEqual([])
    })

    test('a job’s error stays with that job and names no internal id', async ({ page, booth }) => {
      const job = await typedDeliverableJob(booth.launchUrl)
      const other = await typedDeliverableJob(booth.launchUrl, [job.job_id])
      await openWorkspace(page, booth.launchUrl)
      await openJob(page, job.job_id, job.advertiser)
      await dropFiles(page, '.script-panel', [
        { name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('Not audio at all.\n') },
      ])
      const notice = page.locator('.takes-notice')
      await expect(notice).toContainText('“notes.txt” is not an audio file.')
      await expect(notice).not.toContainText(job.job_id)
      await openJob(page, other.job_id, other.advertiser)
      await expect(page.locator('.takes-notice')).toHaveCount(0)
      await expect(page.locator('.job-pane')).not.toContainText(job.job_id)
      await openJob(page, job.job_id, job.advertiser)
      await expect(notice).toContainText('“notes.txt” is not an audio file.')
    })

    test('trimming a take measures it again: a take that ran long fits once trimmed', async ({ page, booth }) => {
      const bridge = bridgeClient(booth.launchUrl)
      const job = await typedDeliverableJob(booth.launchUrl)
      // A steady tone six seconds longer than the spot: it runs long.
      const take = await bridge.call('importTake', {
        jobId: job.job_id,
        path: makeWav(job.length_s + 6, 'long-read.wav'),
      })
      await openWorkspace(page, booth.launchUrl)
      await openJob(page, job.job_id, job.advertiser)
      const rowOf = page.locator(`.take-row[data-take-id="${take.id}"]`)
      await expect(rowOf.locator('.take-warning[data-code="runs_long"]')).toBeVisible({ timeout: 15_000 })
      await bridge.call('setTakeTrim', { takeId: take.id, head_s: 6, tail_s: 0 })
      await expect(rowOf.locator('.take-warning[data-code="runs_long"]')).toHaveCount(0, { timeout: 15_000 })
      await expect(rowOf.locator('.take-facts')).toContainText(`${job.length_s.toFixed(1)} s`)
      // Undoing the trim brings the whole take's check back.
      await bridge.call('setTakeTrim', { takeId: take.id, head_s: 0, tail_s: 0 })
      await expect(rowOf.locator('.take-warning[data-code="runs_long"]')).toBeVisible({ timeout: 15_000 })
    })

    test('leaving the demo asks first, and Cancel keeps the session', async ({ page, booth }) => {
      await openWorkspace(page, booth.launchUrl)
      await page.locator('.sidebar').getByRole('button', { name: 'Leave the demo' }).click()
      const ask = page.getByRole('dialog', { name: 'Leave the demo?' })
      await expect(ask).toContainText('goes back to the sign-in screen')
      await ask.getByRole('button', { name: 'Cancel' }).click()
      await expect(ask).toBeHidden()
      await expect(page.locator('.job-row').first()).toBeVisible()
    })
  })
}
