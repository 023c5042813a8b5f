/**
 * Finish for delivery in the window (issue 33): Chromium's fake microphone reads a spot's script (a dry voice
 * or a finished spot of the demo, whichever is ready first) with
 * slow pauses (espeak-ng, a voice no other spec uses at a rate fitted to the script, on a room tone), so the take runs past the
 * job's spot; Finish plays the finished audio as soon as it is written (before its version is measured and
 * read back: the time is noted on the test, the 1 s figure is the bench's), shows before and after, and delivering sends it: the
 * sandbox holds the finished file (v2) with Booth's preflight of it, and its own facts of that file give
 * the length verdict "pass". At 1280x720 and
 * 1024x768, each on its own Booth. The microphone's file is made before the browser starts (Chromium
 * reads it at launch), for a job found on a Booth of this file's own.
 */
import { mkdtempSync } from 'node:fs'
import { copyFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test as base, expect } from '@playwright/test'
import type { JobDetail } from '../../shared/bridge'
import { speakRead } from '../support/voice-reads'
import { startBooth, trackConsoleErrors } from './booth-host'
import { bridgeClient } from './support/bridge-client'
import { micPlaying } from './support/mic-file'
import { findJob, LAPTOP_SCREENS } from './support/reading'
import { deliverVersion, press, sentences, takeRow, verdictOf } from './support/versions-flow'
import { DELIVERED_OR_ANSWERED, openJob, openWorkspace } from './support/workspace'

const VOICE = { voice: 'en-us+m3', speed: 168 }
const dir = mkdtempSync(join(tmpdir(), 'booth-finish-e2e-'))
const MIC = join(dir, 'mic.wav')
const HEAD_S = 0.8
const TAIL_S = 1
/** How far the read's file runs past the spot: its words alone (what Booth judges for a dry voice) still run long. */
const OVER_S = 3.5

/**
 * The demo job and the slow read of its script, written to MIC: read at a rate that gives the words about
 * 60 % of the spot, then with pauses long enough to run OVER_S past it.
 */
async function slowRead(launchUrl: string): Promise<{ job: JobDetail; seconds: number }> {
  // Not a job waiting on the producer (stage delivered): the demo's simulated producer, acting every 90 s,
  // may approve it and complete the job before the finished take is delivered.
  const job = await findJob(
    launchUrl,
    'a spot of 15 to 30 s, deliverable and not waiting on the producer, with a typed script of three sentences or more',
    (j) =>
      (j.kind === 'finished_spot' || j.kind === 'dry_voice') &&
      j.can.deliver &&
      j.deliver_notice === 'none' &&
      j.stage !== 'delivered' &&
      j.script.kind === 'typed' &&
      j.length_s >= 15 &&
      j.length_s <= 30 &&
      sentences(j.script.text).length >= 3,
  )
  const lines = sentences(job.script.text)
  const speechOf = async (speed: number) =>
    (await speakRead(dir, `probe-${speed}`, lines, { ...VOICE, speed, pausesS: 0.3 })).sentences.reduce(
      (a, s) => a + s.endS - s.startS,
      0,
    )
  const probed = await speechOf(VOICE.speed)
  const speed = Math.round(Math.min(240, Math.max(110, (VOICE.speed * probed) / (0.6 * job.length_s))))
  const speechS = await speechOf(speed)
  const pause = (job.length_s + OVER_S - speechS - HEAD_S - TAIL_S) / (lines.length - 1)
  if (!(pause > 0.6 && pause < 6))
    throw new Error(
      `the read of job ${job.job_id} (${speechS.toFixed(1)} s of words at ${speed} wpm for a ${job.length_s} s spot) cannot be made to run long in its pauses`,
    )
  const read = await speakRead(dir, 'mic', lines, {
    ...VOICE,
    speed,
    pausesS: pause,
    leadS: HEAD_S,
    tailS: TAIL_S,
    roomDbfs: -58,
    codec: 'pcm_s16le',
  })
  await copyFile(read.path, MIC)
  return { job, seconds: read.durationS }
}

type Host = Awaited<ReturnType<typeof startBooth>>
const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => use(trackConsoleErrors(page)),
})
test.use(micPlaying(MIC))

let first: Host
let read: { job: JobDetail; seconds: number }
test.beforeAll(async () => {
  first = await startBooth()
  read = await slowRead(first.launchUrl)
})
test.afterAll(async () => {
  await first?.stop()
})

for (const [i, screen] of LAPTOP_SCREENS.entries()) {
  test(`a take that runs long, finished for delivery: before and after, played, delivered with a passing length (${screen.width}x${screen.height})`, async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(480_000)
    const host = i === 0 ? first : await startBooth()
    try {
      const { job, seconds } = read
      const bridge = bridgeClient(host.launchUrl)
      await page.setViewportSize(screen)
      await openWorkspace(page, host.launchUrl)
      await openJob(page, job.job_id, job.advertiser)
      await page.locator('.script-panel .section-title').click()
      const recorder = page.locator('.recorder')
      await expect(recorder).toHaveAttribute('data-phase', 'idle')
      await page.keyboard.press('Space')
      await expect(recorder).toHaveAttribute('data-phase', 'recording')
      await page.waitForTimeout(Math.ceil((seconds + 0.4) * 1000))
      await page.keyboard.press('Space')
      await expect(recorder).toHaveAttribute('data-phase', 'idle', { timeout: 30_000 })
      const row = takeRow(page, 1)
      await verdictOf(row)
      const before = (await bridge.call('listTakes', { jobId: job.job_id })).takes.find((t) => t.take_number === 1)
      expect(before?.preflight?.duration_s).toBeGreaterThan(job.length_s + 1)
      expect(before?.preflight?.warnings).toContain('runs_long')

      // Finish: the choices as they come (breaths lowered, up to 4 % tempo, pauses from 0.25 s).
      const panel = row.getByRole('region', { name: /^Finish .* for delivery$/ })
      await press(panel.getByRole('button', { name: 'Finish for delivery…' }), 'Enter')
      await press(
        panel.getByRole('button', { name: `Finish for delivery (${job.length_s.toFixed(1)} s spot)` }),
        'Enter',
      )
      const pressed = Date.now()
      // The finished audio starts playing by itself as soon as main has written it (it offers it before the
      // version is measured and read back; on a quick machine the version may land first).
      const audio = panel.locator('audio')
      await expect
        .poll(() => audio.evaluate((a: HTMLAudioElement) => !a.paused && a.currentTime > 0), {
          timeout: 120_000,
          intervals: [100],
        })
        .toBe(true)
      test.info().annotations.push({ type: 'finished audio playing after', description: `${Date.now() - pressed} ms` })
      await expect(panel.getByRole('radio', { name: /^B · finished/ })).toHaveAttribute('aria-checked', 'true')
      await expect(row.locator('.ver-mark')).toHaveText('· v2', { timeout: 240_000 })
      const table = panel.getByRole('table', { name: /^Before and after the finish, for / })
      await expect(table).toBeVisible()
      const lengthRow = table.getByRole('row', { name: /^Length/ })
      await expect(lengthRow).toContainText(`${job.length_s.toFixed(1)} s`)
      const after = (await bridge.call('listTakes', { jobId: job.job_id })).takes.find((t) => t.take_number === 1)
      expect(Math.abs((after?.preflight?.duration_s ?? 0) - job.length_s)).toBeLessThanOrEqual(0.05)
      expect(after?.preflight?.warnings).not.toContain('runs_long')
      expect(after?.preflight?.warnings).not.toContain('runs_short')
      // Nothing scrolls sideways at this size.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1),
      ).toBe(true)

      // Play the finished version, then the one before at the same place.
      const ab = panel.getByRole('group', { name: /^Compare .* before and after the finish$/ })
      await press(ab.getByRole('radio', { name: /^B · finished \(v2\)$/ }), 'Enter')
      // It may still be playing from the finish: paused first (the toggle then offers Play again), instead
      // of waiting the rest of the spot out.
      await expect(async () => {
        const pause = ab.getByRole('button', { name: 'Pause' })
        if (await pause.isVisible()) await press(pause, 'Enter')
        await expect(ab.getByRole('button', { name: 'Play finished' })).toBeVisible({ timeout: 1000 })
      }).toPass({ timeout: 20_000 })
      await press(ab.getByRole('button', { name: 'Play finished' }), 'Enter')
      await expect
        .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 20_000 })
        .toBeGreaterThan(0.3)
      await press(ab.getByRole('radio', { name: /^A · before \(v1\)$/ }), 'Enter')
      await expect(audio).toHaveAttribute('aria-label', /version 1 \(before\)$/)

      // Delivered: the finished version, its own measurement, a passing length verdict at the service.
      await deliverVersion(row, /Deliver \S+_main_01, version 2 \(finished for delivery\)\?/)
      // Delivered, or already approved or sent back by the demo's simulated producer (it acts every 90 s).
      await expect(row.locator('.take-state')).toContainText(DELIVERED_OR_ANSWERED, { timeout: 120_000 })
      const server = (await bridge.call('getJob', { jobId: job.job_id })).job.deliveries_detail
      const ours = server.filter((d) => /_main_01_v2\.wav$/.test(d.original_name ?? ''))
      expect(ours).toHaveLength(1)
      expect(ours[0]?.preflight).toEqual(after?.preflight)
      // The service's own facts of the file it holds.
      expect(ours[0]?.facts?.length_verdict).toBe('pass')
      expect(Math.abs((ours[0]?.facts?.length_s ?? 0) - job.length_s)).toBeLessThanOrEqual(0.05)
      expect(consoleErrors).toEqual([])
    } finally {
      if (host !== first) await host.stop()
    }
  })
}
