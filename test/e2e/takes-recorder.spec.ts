/**
 * The recorder beside the script, in Debian's Chromium with its fake microphone (a steady beep): Space
 * starts, the meter moves, Space stops, and the take is in the takes list at once with its preflight.
 * The chosen input and count-in are remembered.
 */
import { test, expect, SCREENSHOTS } from './booth-host'
import { FAKE_MICROPHONE } from './support/recording'
import { bridgeClient } from './support/bridge-client'
import { typedDeliverableJob } from './support/reading'
import { openJob, openWorkspace } from './support/workspace'
import { join } from 'node:path'

test.use(FAKE_MICROPHONE)

test('Space records a take and stops it; the take shows its preflight at once', async ({
  page,
  booth,
  consoleErrors,
}) => {
  const job = await typedDeliverableJob(booth.launchUrl)
  await openWorkspace(page, booth.launchUrl)
  await openJob(page, job.job_id, job.advertiser)
  const recorder = page.locator('.recorder')
  await expect(recorder.getByRole('heading', { name: 'Record' })).toBeVisible()
  // The spot length stands beside the clock.
  await expect(recorder.getByRole('timer')).toContainText('0:00.0')

  // Focus leaves the jobs list (where Space ticks a job): the script is where the talent reads.
  await page.locator('.script-panel .section-title').click()
  await page.keyboard.press('Space')
  await expect(recorder).toHaveAttribute('data-phase', 'recording')
  await expect(recorder.getByRole('button', { name: 'Stop' })).toHaveAttribute('aria-pressed', 'true')
  // The fake microphone beeps: the meter rises above its floor and the clock runs.
  await expect
    .poll(
      async () => Number(await recorder.getByRole('meter', { name: 'Input level' }).getAttribute('aria-valuenow')),
      { timeout: 5000 },
    )
    .toBeGreaterThan(-60)
  // The live loudness meters beside it follow main's running measurement (BS.1770 momentary, true peak).
  await expect
    .poll(async () => Number(await recorder.getByRole('meter', { name: 'M LUFS' }).getAttribute('aria-valuenow')), {
      timeout: 5000,
    })
    .toBeGreaterThan(-50)
  await expect(recorder.getByRole('meter', { name: 'True peak' })).toHaveAttribute(
    'aria-valuetext',
    /dBTP, highest [+−]?\d+\.\d dBTP/,
  )
  await expect(recorder.getByRole('timer')).not.toContainText('0:00.0')
  // The bars are drawn as they move: the input bar shows the beep, and the spot bar fills as the take runs.
  const drawnWidth = (selector: string) => recorder.locator(selector).evaluate((e) => e.getBoundingClientRect().width)
  await expect.poll(() => drawnWidth('.rec-meter-bar')).toBeGreaterThan(0)
  await expect.poll(() => drawnWidth('.rec-spot-fill')).toBeGreaterThan(0)
  const filled = await drawnWidth('.rec-spot-fill')
  await expect.poll(() => drawnWidth('.rec-spot-fill')).toBeGreaterThan(filled)
  expect(await drawnWidth('.rec-spot-fill')).toBeLessThan(await drawnWidth('.rec-spot-bar'))
  await page.waitForTimeout(1500)
  await page.screenshot({ path: join(SCREENSHOTS, 'takes-recorder-recording.png') })
  await page.keyboard.press('Space')
  await expect(recorder).toHaveAttribute('data-phase', 'idle', { timeout: 15_000 })

  const take = page.locator('.take-row').first()
  await expect(take).toHaveAttribute('data-take-number', '1')
  await expect(take.locator('.take-number')).toHaveText(/_main_01$/)
  await expect(take.locator('.take-facts')).toContainText(/Length\s*[1-9]\.\d s/, { timeout: 15_000 })
  await expect(take.locator('.take-facts')).toContainText('LUFS')
  await expect(take.locator('.take-facts')).toContainText('dBFS')
  // The demo spot is far longer than two seconds: the take runs short, in words.
  await expect(take.locator('.take-warning[data-code="runs_short"]')).toContainText(
    /^⚠ Runs short: \d+\.\d s for a :\d\d/,
  )
  // The findings, judged by the job's profile, say the same in full sentences with the rule.
  await expect(take.locator('.take-findings li[data-code="runs_short"]')).toContainText(
    /runs \d+\.\d s; the spot is \d+\.\d s/,
  )
  await expect(take.locator('.take-findings')).toContainText(/True peak [+−-]?\d+\.\d dBTP/)

  // main has the same take, finished, with the same number.
  const snap = await bridgeClient(booth.launchUrl).call('listTakes', { jobId: job.job_id })
  expect(snap.takes).toHaveLength(1)
  expect(snap.takes[0]).toMatchObject({ take_number: 1, source: 'recorded', state: 'ready' })
  expect(snap.takes[0]?.preflight?.measured).toBe(true)
  await page.screenshot({ path: join(SCREENSHOTS, 'takes-recorder-take.png') })
  expect(consoleErrors).toEqual([])
})

test('the input and the count-in are remembered; the count-in counts before recording starts', async ({
  page,
  booth,
}) => {
  const job = await typedDeliverableJob(booth.launchUrl)
  await openWorkspace(page, booth.launchUrl)
  await openJob(page, job.job_id, job.advertiser)
  const recorder = page.locator('.recorder')
  const input = recorder.getByLabel('Input', { exact: true })
  await expect.poll(async () => await input.locator('option').count()).toBeGreaterThan(1)
  const second = await input.locator('option').nth(1).getAttribute('value')
  await input.selectOption(second ?? '')
  await recorder.getByLabel('Count-in').selectOption('2')
  await page.reload()
  await openJob(page, job.job_id, job.advertiser)
  await expect(recorder.getByLabel('Input', { exact: true })).toHaveValue(second ?? '')
  await expect(recorder.getByLabel('Count-in')).toHaveValue('2')

  await recorder.getByRole('button', { name: 'Record' }).click()
  await expect(recorder).toHaveAttribute('data-phase', 'count_in')
  await expect(recorder.locator('.rec-beat')).toHaveText('2')
  await expect(recorder).toHaveAttribute('data-phase', 'recording', { timeout: 5000 })
  // Discard asks first; the take goes on recording until it is confirmed.
  await recorder.getByRole('button', { name: 'Discard' }).click()
  await expect(recorder).toHaveAttribute('data-phase', 'recording')
  await recorder.getByRole('button', { name: 'Discard take' }).click()
  await expect(recorder).toHaveAttribute('data-phase', 'idle')
  const snap = await bridgeClient(booth.launchUrl).call('listTakes', { jobId: job.job_id })
  expect(snap.takes.filter((t) => t.state === 'recording')).toEqual([])
})
