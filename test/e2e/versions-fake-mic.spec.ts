/**
 * A pickup recorded in Booth with Chromium's fake microphone (fed, once, a WAV of espeak-ng reading the
 * misread sentence on a room tone): the talent sets the next take's label to Pickup, records it with Space,
 * and places it into the take by keyboard; the new version reads back clean. At 1024x768 with the jobs list
 * shown. The file is made before the browser starts, since Chromium reads it at launch.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import config from '../../playwright.config'
import { test, expect } from './booth-host'
import { findJob, LAPTOP_SCREENS } from './support/reading'
import { dropFiles, openJob, openWorkspace } from './support/workspace'
import { placePickups, readsOf, takeRow, verdictOf, wav } from './support/versions-flow'

const SENTENCE = 'Grandpa Joe here, and back in my day we ate Sunny Day crunch for breakfast!'
const VOICE = { voice: 'en-us+f2', speed: 175 }

/** The microphone's WAV: 0.8 s of room tone, the sentence, 1 s of room tone; 48 kHz, 16-bit mono. */
function micWav(): { path: string; seconds: number } {
  const dir = mkdtempSync(join(tmpdir(), 'booth-fake-mic-'))
  const spoken = join(dir, 'spoken.wav')
  const path = join(dir, 'mic.wav')
  execFileSync('espeak-ng', ['-v', VOICE.voice, '-s', String(VOICE.speed), '-w', spoken, SENTENCE])
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-i',
    spoken,
    '-f',
    'lavfi',
    '-i',
    'anoisesrc=color=pink:amplitude=0.003:sample_rate=48000:seed=7',
    '-filter_complex',
    '[0:a]aresample=48000,adelay=800:all=1,apad=pad_dur=1[v];[1:a][v]amix=inputs=2:duration=shortest:normalize=0',
    '-ac',
    '1',
    '-c:a',
    'pcm_s16le',
    path,
  ])
  const seconds = Number(
    execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path])
      .toString()
      .trim(),
  )
  return { path, seconds }
}

const mic = micWav()
const launch = config.use?.launchOptions ?? {}
test.use({
  launchOptions: {
    ...launch,
    args: [
      ...(launch.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${mic.path}%noloop`,
    ],
  },
})

test('a pickup recorded with the microphone is placed into the take and the version reads clean (1024x768)', async ({
  page,
  booth,
  consoleErrors,
}) => {
  test.setTimeout(600_000)
  const screen = LAPTOP_SCREENS[1]
  await page.setViewportSize(screen)
  const job = await findJob(
    booth.launchUrl,
    'the Sunny Day script',
    (j) => j.script.kind === 'typed' && /^Grandpa Joe here/.test(j.script.text),
  )
  const reads = await readsOf(job, 0, (s) => s.replace(/breakfast!$/, 'dinner!'), VOICE)
  await openWorkspace(page, booth.launchUrl)
  await openJob(page, job.job_id, job.advertiser)
  await dropFiles(page, '.script-panel', [wav('grandpa-read.wav', reads.take)])
  const row = takeRow(page, 1)
  expect(await verdictOf(row)).toMatch(/Worth a listen|Differs from the script/)

  // The next take is a pickup: L cycles the next take's label (its menu is tucked away in this narrow
  // pane); Space records from the microphone and Space stops.
  const recorder = page.locator('.recorder')
  const nextLabel = recorder.getByLabel('Next take')
  await page.locator('.script-panel .section-title').click()
  // One press at a time, each seen in the menu before the next: read too early, a press still on its way
  // counts twice and the cycle runs past "pickup".
  for (let i = 0; i < 5; i++) {
    const label = await nextLabel.inputValue()
    if (label === 'pickup') break
    await page.keyboard.press('l')
    await expect(nextLabel).not.toHaveValue(label)
  }
  await expect(nextLabel).toHaveValue('pickup')
  await page.keyboard.press('Space')
  await expect(recorder).toHaveAttribute('data-phase', 'recording')
  await page.waitForTimeout(Math.ceil((mic.seconds + 1) * 1000))
  await page.keyboard.press('Space')
  await expect(recorder).toHaveAttribute('data-phase', 'idle', { timeout: 30_000 })
  const pickup = takeRow(page, 2)
  await expect(pickup.getByLabel(/^Label of /)).toHaveValue('pickup')
  await expect(pickup.locator('.take-number')).toHaveText(/_pickup_02$/)

  await placePickups(page, row, 1)
  await expect(row.locator('.ver-progress')).toBeVisible()
  await expect(row.locator('.ver-mark')).toHaveText('· v2', { timeout: 240_000 })
  await expect(row.locator('.ver-notice')).toContainText(
    /^Version 2: Sentence 1 replaced from Pickup 2, [+−]\d\.\d s\./,
  )
  expect(await verdictOf(row, 60_000)).toBe('Matches the script')
  expect(consoleErrors).toEqual([])
})
