/**
 * A reload in the middle of a punch-and-roll (issue 41): main lets the punch go (no punched version is made,
 * the take stays as it was) and keeps what the microphone recorded as a pickup take of its own; the page
 * that opens says so at once, with the time the recording reached, and nothing on it says "Recording…".
 * A take read by espeak-ng is imported and read back by Booth (a punch needs its sentence times); the punch is
 * started from the take's "Punch in" with Chromium's fake microphone, and the page reloads once it records
 * from the punch point. At 1280x720 and 1024x768.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test, expect, startBooth, SCREENSHOTS } from './booth-host'
import { startStandaloneSandbox } from './support/standalone-sandbox'
import { bridgeClient } from './support/bridge-client'
import { FAKE_MICROPHONE } from './support/recording'
import { findJob, LAPTOP_SCREENS, openJobPatiently } from './support/reading'
import { openWorkspace } from './support/workspace'
import { speakRead } from '../support/voice-reads'

test.use(FAKE_MICROPHONE)

const DIR = mkdtempSync(join(tmpdir(), 'booth-punch-cut-short-e2e-'))
test.afterAll(() => rmSync(DIR, { recursive: true, force: true }))

/** Sentences as the read-back splits them (a sentence ends at . ! ? before a space, or at a line break). */
function sentencesOf(text: string): string[] {
  return (text.match(/[^.!?\n]+(?:[.!?]+(?=\s|$)|$|(?=\n))/g) ?? [])
    .map((s) => s.trim())
    .filter((s) => /[A-Za-z0-9]/.test(s))
}

/** A name as the window says it: no `.wav`. */
const nameOf = (t: { file_name: string }) => t.file_name.replace(/\.wav$/, '')
/** Text put into a pattern as itself. */
const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

for (const screen of LAPTOP_SCREENS) {
  const size = `${screen.width}x${screen.height}`
  test.describe(`at ${size}`, () => {
    test.use({ viewport: screen })

    test('a reload mid-punch says the take is unchanged and the punch is kept as a pickup; nothing says "Recording…"', async ({
      page,
      consoleErrors,
    }) => {
      test.setTimeout(300_000)
      // Its own sandbox without the simulated producer (which could complete the job while the test runs).
      const sandbox = await startStandaloneSandbox()
      const booth = await startBooth({ BOOTH_API_KEY: sandbox.apiKey }, ['--base-url', sandbox.url])
      try {
        const bridge = bridgeClient(booth.launchUrl)
        const job = await findJob(
          booth.launchUrl,
          'Brightwater Festival’s typed script',
          (j) => j.advertiser === 'Brightwater Festival' && j.script.kind === 'typed',
        )
        const read = await speakRead(mkdtempSync(join(DIR, 'take-')), 'take', sentencesOf(job.script.text), {
          voice: 'en-us+m3',
          speed: 170,
          pausesS: 0.8,
          leadS: 0.6,
          tailS: 0.8,
          roomDbfs: -62,
          sampleRate: 48_000,
        })
        const imported = await bridge.call('importTake', {
          jobId: job.job_id,
          path: read.path,
          script: { revision_id: job.script.revision_id, text: job.script.text },
        })
        // The read-back gives the sentence times a punch is planned on; its state is named if it never ends.
        await expect
          .poll(
            async () => {
              const rb = await bridge.call('getReadback', { takeId: imported.id })
              return rb.status === 'done' ? 'done' : `${rb.status}: ${rb.message ?? ''}`
            },
            { timeout: 180_000, intervals: [1_000] },
          )
          .toBe('done')
        const into = nameOf(imported)
        const versionsBefore = await bridge.call('listVersions', { takeId: imported.id })

        await openWorkspace(page, booth.launchUrl)
        await openJobPatiently(page, job.job_id, job.advertiser)
        const takeRow = page.locator(`.take-row[data-take-id="${imported.id}"]`)
        const punchIn = takeRow.getByRole('button', { name: /^Punch in before sentence (\d+) of / })
        await expect(punchIn).toBeVisible({ timeout: 60_000 })
        const sentence = Number(/sentence (\d+) of/.exec((await punchIn.getAttribute('aria-label')) ?? '')?.[1])
        await punchIn.click()
        const panel = page.locator('.punch-panel')
        await expect(panel).toHaveAttribute('data-phase', 'armed', { timeout: 60_000 })
        await panel.getByRole('button', { name: 'Start punch' }).click()
        // Recording from the punch point: the pre-roll played (2 s or more), so the recording has a length.
        await expect(panel).toHaveAttribute('data-phase', 'punch', { timeout: 60_000 })
        await expect(panel).toContainText('Recording from the punch point')
        const recording = (await bridge.call('listTakes', { jobId: job.job_id })).takes.filter(
          (t) => t.state === 'recording',
        )
        expect(recording.map((t) => t.label)).toEqual(['pickup'])

        const cut = Date.now()
        await page.reload()
        const said = page.getByTestId('cut-short-take')
        await expect(said).toHaveCount(1, { timeout: 8_000 })
        expect(Date.now() - cut, 'said well before main would have stopped the punch by itself').toBeLessThan(12_000)
        await expect(said.locator('.notice-title')).toHaveText('A punch-and-roll was recording when the page reloaded')
        const text = (await said.locator('p').textContent()) ?? ''
        const words = new RegExp(
          `^The punch into ${literal(into)} at sentence ${sentence} was cut short by the reload at (\\d+:\\d\\d\\.\\d): ` +
            `${literal(into)} is unchanged \\(no punched version was made\\), and what it recorded is kept as its own take (\\S+)\\.$`,
        ).exec(text)
        expect(words, text).not.toBeNull()
        const [, at, keptAs] = words as RegExpExecArray
        await page.screenshot({ path: join(SCREENSHOTS, `punch-cut-short-${size}.png`) })

        // What main did is what the notice says: the take unchanged, the punch kept as a pickup of the time said.
        const versionsAfter = await bridge.call('listVersions', { takeId: imported.id })
        expect(versionsAfter.current).toBe(versionsBefore.current)
        expect(versionsAfter.versions.map((v) => v.operation)).toEqual(versionsBefore.versions.map((v) => v.operation))
        const takes = (await bridge.call('listTakes', { jobId: job.job_id })).takes
        expect(takes.filter((t) => t.state === 'recording')).toEqual([])
        const pickup = takes.find((t) => t.id === recording[0]!.id)
        expect(pickup && nameOf(pickup)).toBe(keptAs)
        expect(pickup?.label).toBe('pickup')
        const seconds = pickup?.preflight?.duration_s ?? 0
        expect(seconds).toBeGreaterThan(0)
        const [min, sec] = (at as string).split(':').map(Number) as [number, number]
        expect(Math.abs(min * 60 + sec - seconds), `${at} is the pickup's ${seconds} s`).toBeLessThanOrEqual(0.1)

        // Nothing on the page says "Recording…": not the take punched into, not the pickup, not the recorder.
        await openJobPatiently(page, job.job_id, job.advertiser)
        await expect(takeRow).toBeVisible()
        await expect(page.locator(`.take-row[data-take-id="${pickup!.id}"]`)).toBeVisible()
        await expect(takeRow).not.toContainText('Recording…')
        await expect(page.locator('.recorder')).toHaveAttribute('data-phase', 'idle')
        await expect(page.locator('.punch-panel')).toHaveCount(0)
        await expect(page.getByText('Recording…')).toHaveCount(0)
        expect((await bridge.call('listVersions', { takeId: imported.id })).current).toBe(versionsBefore.current)

        // Read, and gone.
        await said.getByRole('button', { name: 'OK' }).click()
        await expect(said).toHaveCount(0)
        expect(consoleErrors).toEqual([])
      } finally {
        await page.close()
        await booth.stop()
        await sandbox.stop()
      }
    })
  })
}
