/**
 * Nothing stale on screen (issue 41): a line about a take is about that take, current, or gone.
 * - A reload mid-take: the page says at once what became of the take (cut short, kept, at what time), and no
 *   take says "Recording…" while no recorder writes it — not before main's own watch (15 s) would have
 *   stopped it, and not beside the next take the talent records.
 * - The producer's change request, then an approval: the bell gets both; the job's "Changes requested …
 *   needed by" goes once the take is approved; the job's timeline names the takes as Booth does
 *   (`…_alt_02`), never the service's ordinal ("alt take 1").
 * - The take's one verdict line says what each part checked, and is not green beside a read-back that is not clean.
 * Booth runs against a sandbox in its own process whose producer acts when the test says. Chromium's fake
 * microphone records. At 1280x720 and 1024x768.
 */
import { expect, SCREENSHOTS } from './booth-host'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { bridgeClient } from './support/bridge-client'
import { FAKE_MICROPHONE, recordTake } from './support/recording'
import { LAPTOP_SCREENS, openJobPatiently, typedDeliverableJob, typedJobToRecord } from './support/reading'
import { openWorkspace } from './support/workspace'
import { ownProducerWorld, testWithProducer as test } from './support/controlled-sandbox'

test.use(FAKE_MICROPHONE)
// This spec approves and sends back four of the demo's deliverable jobs: its own world, so the worker's shared
// one keeps enough for the specs after it (workspace-script-revision found none left).
const own = ownProducerWorld()

/** A deliverable job of the spec's own world opened, and a take of it recording for two seconds or more. */
async function recordingTwoSeconds(page: Page) {
  const world = own.world()
  const bridge = bridgeClient(world.booth.launchUrl)
  // Recording only: a job that takes no deliveries if the world has one (the world's deliverable jobs are few).
  const job = await typedJobToRecord(world.booth.launchUrl, world.claimed)
  world.claimed.push(job.job_id)
  await openWorkspace(page, world.booth.launchUrl)
  await openJobPatiently(page, job.job_id, job.advertiser)
  const recorder = page.locator('.recorder')
  await page.locator('.script-panel .section-title').click()
  await page.keyboard.press('Space')
  await expect(recorder).toHaveAttribute('data-phase', 'recording')
  await expect(recorder.getByRole('timer')).toContainText(/0:0[2-9]\.\d/, { timeout: 10_000 })
  return { world, bridge, job, recorder }
}

for (const screen of LAPTOP_SCREENS) {
  const size = `${screen.width}x${screen.height}`
  test.describe(`at ${size}`, () => {
    test.use({ viewport: screen })

    test('a reload mid-take says at once what became of the take; no idle take says "Recording…"', async ({
      page,
      consoleErrors,
    }) => {
      const { bridge, job, recorder } = await recordingTwoSeconds(page)
      const cut = Date.now()
      await page.reload()

      // Said at once (main's own watch would take 15 s), over whatever screen the page opens on.
      const said = page.getByTestId('cut-short-take')
      await expect(said).toContainText(
        /^A take was recording when the page reloaded\s*The take \S+_main_01 was cut short by the reload at 0:0\d\.\d and is kept\.OK$/,
        { timeout: 8_000 },
      )
      expect(Date.now() - cut, 'said well before main would have stopped the take by itself').toBeLessThan(12_000)
      await page.screenshot({ path: join(SCREENSHOTS, `stale-lines-cut-short-${size}.png`) })
      // Main keeps the take, stopped: nothing of the job is recording.
      const after = await bridge.call('listTakes', { jobId: job.job_id })
      expect(after.takes.map((t) => [t.take_number, t.state])).toEqual([[1, 'ready']])
      await said.getByRole('button', { name: 'OK' }).click()
      await expect(said).toHaveCount(0)

      await openJobPatiently(page, job.job_id, job.advertiser)
      const rows = page.locator('.take-row')
      await expect(rows).toHaveCount(1)
      await expect(rows.first()).not.toContainText('Recording…')
      await expect(rows.first().locator('.take-facts')).toContainText(/Length\s*[1-9]\.\d s/, { timeout: 15_000 })
      // One verdict for the take, saying what each part checked: the beep is no speech, so it is never green.
      const verdict = rows.first().locator('.take-verdict')
      await expect(verdict).toHaveText(/^Level and length: (no problems|\d+ warnings?) · Read-back: heard no speech$/, {
        timeout: 90_000,
      })
      await expect(verdict).not.toHaveAttribute('data-tone', 'success')
      await expect(rows.first()).not.toContainText('No problems found')

      // Recording again: exactly one take says "Recording…", the one being recorded.
      await page.locator('.script-panel .section-title').click()
      await page.keyboard.press('Space')
      await expect(recorder).toHaveAttribute('data-phase', 'recording')
      await expect(page.locator('.take-row[data-take-number="2"]')).toContainText('Recording…')
      await expect(page.locator('.take-row').filter({ hasText: 'Recording…' })).toHaveCount(1)
      await page.keyboard.press('Space')
      await expect(recorder).toHaveAttribute('data-phase', 'idle', { timeout: 15_000 })
      await expect(page.locator('.take-row').filter({ hasText: 'Recording…' })).toHaveCount(0)
      expect(consoleErrors).toEqual([])
    })

    test('a window closed mid-take: the window opened next says at once what became of the take', async ({ page }) => {
      const { world, bridge, job } = await recordingTwoSeconds(page)
      const next = await page.context().newPage()
      await page.close()

      // A new window (no tab storage shared with the old one) is handed main's word: the take was stopped
      // because its window went ("closed or reloaded": the tab's beacon or its event stream), not by main's
      // last-resort watch after a silence ("heard nothing from its window"), and it is kept, not recording.
      await openWorkspace(next, world.booth.launchUrl)
      const said = next.getByTestId('cut-short-take')
      await expect(said).toContainText(
        /^A take was cut short\s*The take \S+_main_01 was cut short when the window recording it closed or reloaded at 0:0\d\.\d and is kept\.OK$/,
      )
      const after = await bridge.call('listTakes', { jobId: job.job_id })
      expect(after.takes.map((t) => [t.take_number, t.state])).toEqual([[1, 'ready']])
      await next.screenshot({ path: join(SCREENSHOTS, `stale-lines-window-closed-${size}.png`) })
      // Read on one window, gone from every window: a window opened after that says nothing.
      await said.getByRole('button', { name: 'OK' }).click()
      await expect(said).toHaveCount(0)
      await next.reload()
      await expect(next.locator('.job-row').first()).toBeVisible()
      await expect(next.getByTestId('cut-short-take')).toHaveCount(0)
      await next.close()
    })

    test('a change request, then an approval: both reach the bell, the request goes, and the timeline names takes as Booth does', async ({
      page,
      consoleErrors,
    }) => {
      const world = own.world()
      test.setTimeout(180_000)
      const bridge = bridgeClient(world.booth.launchUrl)
      const job = await typedDeliverableJob(world.booth.launchUrl, world.claimed)
      world.claimed.push(job.job_id)
      const before = (label: string) => job.deliveries_detail.filter((d) => d.take_label === label).length
      await openWorkspace(page, world.booth.launchUrl)
      await openJobPatiently(page, job.job_id, job.advertiser)
      await page.locator('.script-panel .section-title').click()
      await recordTake(page)
      await recordTake(page)
      const takes = (await bridge.call('listTakes', { jobId: job.job_id })).takes
      const [first, second] = [takes.find((t) => t.take_number === 1)!, takes.find((t) => t.take_number === 2)!]
      const nameOf = (t: { file_name: string }) => t.file_name.replace(/\.wav$/, '')
      // The second take is labelled as Booth suggests (alt after a main): Booth names it …_alt_02.
      expect(nameOf(second)).toMatch(new RegExp(`_${second.label}_02$`))

      /** Delivers a take through main and waits until the service has it delivered (awaiting the producer). */
      const deliver = async (takeId: string, label: (typeof takes)[number]['label']) => {
        await expect
          .poll(
            async () =>
              (await bridge.call('listTakes', { jobId: job.job_id })).takes.find((t) => t.id === takeId)?.preflight
                ?.measured,
            { timeout: 20_000 },
          )
          .toBe(true)
        await bridge.call('deliverTake', { takeId, label, note: null })
        await expect
          .poll(
            async () =>
              (await bridge.call('listTakes', { jobId: job.job_id })).takes.find((t) => t.id === takeId)?.delivery
                .delivery_id ?? null,
            { timeout: 60_000 },
          )
          .not.toBeNull()
        const deliveryId = (await bridge.call('listTakes', { jobId: job.job_id })).takes.find((t) => t.id === takeId)!
          .delivery.delivery_id
        await expect
          .poll(
            async () =>
              (await bridge.call('getJob', { jobId: job.job_id })).job.deliveries_detail.find(
                (d) => d.delivery_id === deliveryId,
              )?.status,
            { timeout: 30_000 },
          )
          .toBe('delivered')
      }
      const bell = page.locator('.notice-bell')
      const panel = page.getByRole('region', { name: 'Notifications' })
      const noticeOf = (kind: string) =>
        panel.locator(`.notice-item[data-kind="${kind}"]`).filter({ hasText: job.advertiser })

      // Take 2 goes first: the service counts it as its label's take (before + 1), Booth names it …_02.
      const serviceWords = `${second.label} take ${before(second.label) + 1}`
      await deliver(second.id, second.label)
      expect(await world.sandbox.requestChanges(job.job_id), 'the producer asked for changes').not.toBeNull()
      await bridge.call('refreshNow', {})
      const request = page.getByRole('note', { name: 'Changes requested' })
      await expect(request).toContainText(/needed by/, { timeout: 15_000 })
      await bell.click()
      await expect(noticeOf('changes_requested')).toHaveCount(1, { timeout: 15_000 })
      await bell.click()

      // Take 1 answers the request; the producer approves it.
      await deliver(first.id, first.label)
      expect(await world.sandbox.approve(job.job_id), 'the producer approved').not.toBeNull()
      await bridge.call('refreshNow', {})
      // The approved job leaves the pending list; its approval still reaches the bell.
      await bell.click()
      await expect(noticeOf('delivery_approved')).toHaveCount(1, { timeout: 20_000 })
      await expect(noticeOf('delivery_approved')).toContainText(`${nameOf(first)} was approved`)
      await bell.click()
      // The job on screen follows: no "Changes requested … needed by" once approved.
      await expect(request).toHaveCount(0, { timeout: 20_000 })
      await expect(page.locator('.fact').filter({ hasText: 'Changes due' })).toHaveCount(0)
      const timeline = page.locator('.timeline')
      await timeline.scrollIntoViewIfNeeded()
      await expect(timeline).toContainText(`approved ${nameOf(first)}`)
      await expect(timeline).toContainText(`on ${nameOf(second)}`)
      await expect(timeline).toContainText(`Delivered ${nameOf(second)}`)
      await expect(timeline).not.toContainText(serviceWords)
      await page.screenshot({ path: join(SCREENSHOTS, `stale-lines-approved-${size}.png`) })
      expect(consoleErrors).toEqual([])
    })
  })
}
