/**
 * A full or read-only disk under Booth's takes, said in the page (Debian's Chromium, the web host on a
 * data folder whose takes folder is a small tmpfs of its own, made read-only by a bind remount): the
 * recorder stops at once and says so, keeping the take; a dropped file and a delivery say what happened
 * and what to do. Where this machine refuses to mount, each test is skipped with the reason.
 */
import { test, expect, type Page } from '@playwright/test'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FAKE_MICROPHONE } from './support/recording'
import { typedDeliverableJob } from './support/reading'
import { bridgeClient } from './support/bridge-client'
import { dropFiles, openJob, openWorkspace, screenshot } from './support/workspace'
import { startWebHostOn, type WebHostProcess } from './support/web-host-process'
import { fillUp, makeReadOnly, mountRefusal, mountSmallDisk, type Mounted } from '../support/small-disks'

test.use(FAKE_MICROPHONE)

let dataDir = ''
const hosts: WebHostProcess[] = []
const mounts: Mounted[] = []
let refusal: string | null = null
test.beforeAll(async () => {
  refusal = await mountRefusal()
})
test.beforeEach(() => {
  test.skip(refusal !== null, `SKIPPED: ${refusal ?? ''}`)
  dataDir = mkdtempSync(join(tmpdir(), 'booth-disk-e2e-'))
})
test.afterEach(async () => {
  for (const h of hosts.splice(0)) await h.kill()
  for (const m of mounts.splice(0).reverse()) await m.unmount()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

/** Console errors other than the failed calls the page is expected to show (507 Insufficient Storage). */
function trackErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/507|Failed to load resource/.test(msg.text())) errors.push(msg.text())
  })
  page.on('pageerror', (err) => errors.push(err.message))
  return errors
}

/** Booth on a data folder whose takes folder is a disk of `bytes`, with a job open. */
async function boothOnSmallDisk(page: Page, bytes: number) {
  const takes = join(dataDir, 'takes')
  mounts.push(await mountSmallDisk(takes, bytes))
  const host = await startWebHostOn(dataDir)
  hosts.push(host)
  const job = await typedDeliverableJob(host.launchUrl)
  await openWorkspace(page, host.launchUrl)
  await openJob(page, job.job_id, job.advertiser)
  return { host, job, takes }
}

const FULL = "The disk holding Booth's data is full: \\d+(\\.\\d)? (KB|bytes) free\\."
const READ_ONLY =
  "The disk holding Booth's data is read-only \\(.{1,60}\\): Booth cannot save anything there\\. Make it writable again, then "

test('a disk that fills up under a recording: the recorder stops at once and says so, the take is kept', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 })
  const errors = trackErrors(page)
  // About ten seconds of the microphone fit.
  await boothOnSmallDisk(page, 1_536 * 1024)
  const recorder = page.locator('.recorder')
  await page.locator('.script-panel .section-title').click()
  await page.keyboard.press('Space')
  await expect(recorder).toHaveAttribute('data-phase', 'recording')
  await expect(recorder).toHaveAttribute('data-phase', 'idle', { timeout: 30_000 })
  const alert = recorder.getByRole('alert')
  await expect(alert).toHaveText(
    new RegExp(
      `^Recording stopped\\. ${FULL} Take 1 keeps the \\d+\\.\\d s recorded until then\\. Free some space, then record again\\.$`,
    ),
  )
  // The sentence fits the panel (no path runs out of it).
  expect(await alert.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true)
  await screenshot(page, 'recorder-disk-full-1024x768')
  const take = page.locator('.take-row').first()
  await expect(take).toHaveAttribute('data-take-number', '1', { timeout: 15_000 })
  // The take is what reached the disk: as long as the recorder said it kept.
  const kept = /keeps the (\d+\.\d) s/.exec((await alert.textContent()) ?? '')?.[1] ?? ''
  await expect(take.locator('.take-facts')).toContainText(`Length${kept} s`, { timeout: 15_000 })
  await expect(page.getByText('Recording…')).toHaveCount(0)
  expect(errors).toEqual([])
})

test('a file dropped on a full disk, and a delivery on a read-only one, say what happened and what to do', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 })
  const errors = trackErrors(page)
  const { host, takes } = await boothOnSmallDisk(page, 2 * 1024 * 1024)
  // A spoken take by espeak-ng (not a tone), and a test tone; read-back off, so the delivery dialog is the plain one.
  await bridgeClient(host.launchUrl).call('setReadbackSettings', { enabled: false })
  const work = mkdtempSync(join(tmpdir(), 'booth-disk-files-'))
  execFileSync('espeak-ng', [
    '-v',
    'en-gb',
    '-s',
    '165',
    '-w',
    join(work, 'read.wav'),
    'Spring sale at Hollis and Finch, this weekend only.',
  ])
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=330:sample_rate=48000:duration=2',
    '-c:a',
    'pcm_s24le',
    join(work, 'tone.wav'),
  ])
  const drop = (name: string) =>
    dropFiles(page, '.script-panel', [{ name, type: 'audio/wav', bytes: readFileSync(join(work, name)) }])

  await drop('read.wav')
  await expect(page.locator('.takes-notice')).toContainText(/“read\.wav” is \S+_main_01\./, { timeout: 15_000 })
  await fillUp(takes)
  await drop('tone.wav')
  const notice = page.locator('.takes-notice')
  await expect(notice).toContainText(new RegExp(`^${FULL} Free some space, then drop the file on the job again\\.`), {
    timeout: 15_000,
  })
  await expect(notice).not.toContainText('Something went wrong')
  await expect(page.locator('.take-row')).toHaveCount(1)

  await rm(join(takes, '.filler'))
  mounts.push(await makeReadOnly(takes))
  const take = page.locator('.take-row[data-take-number="1"]')
  await take.getByRole('button', { name: 'Deliver…' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Deliver', exact: true }).click()
  await expect(dialog).toContainText(new RegExp(`${READ_ONLY}deliver it again\\.`), { timeout: 15_000 })
  await screenshot(page, 'deliver-read-only-1280x720')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  // Nothing went out: the take is not queued.
  await expect(take.locator('.take-state')).toHaveCount(0)
  rmSync(work, { recursive: true, force: true })
  expect(errors).toEqual([])
})
