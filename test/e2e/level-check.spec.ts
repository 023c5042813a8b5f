/**
 * A level check before recording, in Chromium with its fake microphone (a steady beep), at 1280x720 and
 * 1024x768: the input meter rests until the talent asks; "Check level" makes it move with nothing
 * recorded (no take, no take file); pressed again, or on leaving the job, the microphone is let go (every
 * track the page opened has ended) and the meter falls back to rest.
 */
import { test, expect } from './booth-host'
import { FAKE_MICROPHONE } from './support/recording'
import { bridgeClient } from './support/bridge-client'
import { LAPTOP_SCREENS, typedDeliverableJob } from './support/reading'
import { openJob, openWorkspace } from './support/workspace'
import type { Page } from '@playwright/test'

test.use(FAKE_MICROPHONE)
const used: string[] = []

/** Every microphone track the page opens, kept so the test can ask whether any is still live. */
async function watchMicrophone(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const tracks: MediaStreamTrack[] = []
    ;(window as unknown as { __micTracks: MediaStreamTrack[] }).__micTracks = tracks
    const md = navigator.mediaDevices
    const open = md.getUserMedia.bind(md)
    md.getUserMedia = async (constraints) => {
      const stream = await open(constraints)
      tracks.push(...stream.getAudioTracks())
      return stream
    }
  })
}
const liveTracks = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __micTracks: MediaStreamTrack[] }).__micTracks.filter((t) => t.readyState === 'live')
        .length,
  )
const openedTracks = (page: Page) =>
  page.evaluate(() => (window as unknown as { __micTracks: MediaStreamTrack[] }).__micTracks.length)

for (const screen of LAPTOP_SCREENS) {
  test(`at ${screen.width}x${screen.height}: Check level moves the meter, records nothing, and lets the microphone go`, async ({
    page,
    booth,
    consoleErrors,
  }) => {
    await page.setViewportSize(screen)
    await watchMicrophone(page)
    const job = await typedDeliverableJob(booth.launchUrl, used)
    used.push(job.job_id)
    const bridge = bridgeClient(booth.launchUrl)
    const takesBefore = (await bridge.call('listTakes', { jobId: job.job_id })).takes.length
    await openWorkspace(page, booth.launchUrl)
    await openJob(page, job.job_id, job.advertiser)
    const recorder = page.locator('.recorder')
    const meter = recorder.getByRole('meter', { name: 'Input level' })
    const check = recorder.getByRole('button', { name: 'Check level' })

    // At rest until asked: the meter is silent and no microphone is open.
    await expect(check).toBeVisible()
    await expect(meter).toHaveAttribute('aria-valuenow', '-60')
    expect(await openedTracks(page)).toBe(0)

    await check.click()
    await expect(check).toHaveAttribute('aria-pressed', 'true')
    await expect
      .poll(async () => Number(await meter.getAttribute('aria-valuenow')), { timeout: 5000 })
      .toBeGreaterThan(-40)
    expect(await liveTracks(page)).toBe(1)
    await expect(recorder).toHaveAttribute('data-phase', 'idle')
    await expect(recorder.getByRole('timer')).toContainText('0:00.0')

    // Pressed again: the microphone is let go and the meter rests.
    await check.click()
    await expect(check).toHaveAttribute('aria-pressed', 'false')
    await expect.poll(() => liveTracks(page)).toBe(0)
    await expect(meter).toHaveAttribute('aria-valuenow', '-60')

    // Leaving the job mid-check lets it go too.
    await check.click()
    await expect.poll(() => liveTracks(page)).toBe(1)
    await page.locator('.script-panel .section-title').click()
    await page.keyboard.press('Escape')
    await expect(page.locator('#job-title')).toHaveCount(0)
    await expect.poll(() => liveTracks(page)).toBe(0)

    // Nothing was recorded: no take, in the window or in main.
    const after = await bridge.call('listTakes', { jobId: job.job_id })
    expect(after.takes.length).toBe(takesBefore)
    expect(consoleErrors).toEqual([])
  })
}
