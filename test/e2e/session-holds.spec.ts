/**
 * The real session holds: Booth never dies under the talent. A real web host (its own process, so the test
 * can see it live and kill what it runs), Debian's Chromium with a fake microphone playing an espeak-ng read
 * of the script (looped), the prompter following the voice.
 * - The page reloaded three times mid-recording: the host stays up, the page reconnects, and each take
 *   cut off by its page going away is kept (stopped by main once no audio came, then listed as a take).
 * - The prompter's pocketsphinx SIGKILLed mid-take (a real signal, its pid found from the host's process
 *   tree): the prompter says why in one sentence and the script scrolls at the spot's pace instead; the
 *   take records on and is kept, the host lives.
 * - The web host itself SIGKILLed with a job open, mid-take: a banner at the very top of the window says
 *   Booth is not running, at both laptop sizes, and no prompter still says it listens.
 * - The input going away mid-take (its track ends): the take stops, what was recorded is kept, and the
 *   recorder says so.
 * Every host here runs with BOOTH_FAIL_ON_LAST_RESORT=1 (support/web-host-process.ts): anything that
 * reached main's last resort fails the test.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test, expect, type Page } from '@playwright/test'
import { FAKE_MICROPHONE } from './support/recording'
import { findJob, LAPTOP_SCREENS } from './support/reading'
import { openJob, openWorkspace, screenshot } from './support/workspace'
import { startWebHostOn, type WebHostProcess } from './support/web-host-process'
import { SPOTS } from '../../sandbox/domain/seed-catalog'
import { htmlToText } from '../../sandbox/domain/html-text'

const ADVERTISER = 'Lakeside Credit Union'
const spot = SPOTS.find((s) => s.advertiser === ADVERTISER)
if (!spot) throw new Error(`The demo data has no ${ADVERTISER} spot.`)
const SCRIPT = htmlToText(spot.html)

/** The script read by espeak-ng with a breath of room before it, as 48 kHz 16-bit mono (Chromium loops it). */
function readingWav(): string {
  const dir = mkdtempSync(join(tmpdir(), 'booth-holds-e2e-'))
  const raw = join(dir, 'raw.wav')
  const wav = join(dir, 'read.wav')
  execFileSync('espeak-ng', ['-v', 'en-us+m1', '-s', '170', '-w', raw, SCRIPT.replace(/\n+/g, ' ')])
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-i',
    raw,
    '-af',
    'adelay=300,apad=pad_dur=0.5',
    '-ar',
    '48000',
    '-ac',
    '1',
    '-c:a',
    'pcm_s16le',
    wav,
  ])
  return wav
}

const launch = FAKE_MICROPHONE.launchOptions
test.use({ launchOptions: { ...launch, args: [...launch.args, `--use-file-for-fake-audio-capture=${readingWav()}`] } })

let dataDir = ''
const hosts: WebHostProcess[] = []
test.beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'booth-holds-data-'))
})
test.afterEach(async () => {
  for (const h of hosts.splice(0)) await h.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

async function startHost(): Promise<WebHostProcess> {
  const host = await startWebHostOn(dataDir)
  hosts.push(host)
  return host
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** pocketsphinx_continuous runs of the host: in process groups led by a shell the host started. */
function recognisersOf(hostPid: number): number[] {
  const all = execFileSync('ps', ['-eo', 'pid=,ppid=,pgid=,comm='], { encoding: 'utf8' })
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => {
      const [pid, ppid, pgid, ...comm] = l.trim().split(/\s+/)
      return { pid: Number(pid), ppid: Number(ppid), pgid: Number(pgid), comm: comm.join(' ') }
    })
  const leaders = new Set(all.filter((p) => p.ppid === hostPid && p.comm === 'sh').map((p) => p.pid))
  return all.filter((p) => leaders.has(p.pgid) && p.comm.startsWith('pocketsphinx')).map((p) => p.pid)
}

/** Console errors, except the failed requests of a page whose host is gone or that is being reloaded. */
function trackErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (msg) => {
    if (
      msg.type() === 'error' &&
      !/ERR_CONNECTION_REFUSED|ERR_EMPTY_RESPONSE|ERR_CONNECTION_RESET|ERR_ABORTED|Failed to load resource/.test(
        msg.text(),
      )
    )
      errors.push(msg.text())
  })
  page.on('pageerror', (err) => errors.push(err.message))
  return errors
}

async function startRecording(page: Page): Promise<void> {
  const recorder = page.locator('.recorder')
  await page.locator('.script-panel .section-title').click()
  await page.keyboard.press('Space')
  await expect(recorder).toHaveAttribute('data-phase', 'recording')
  await expect(page.locator('.prompter-status')).toHaveText(/Listening…|Following your voice/, { timeout: 20_000 })
}

test('reloading the page three times mid-recording keeps the host and every take; a killed recogniser gives way to the pace prompter', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await page.setViewportSize(LAPTOP_SCREENS[0])
  const errors = trackErrors(page)
  const host = await startHost()
  const job = await findJob(
    host.launchUrl,
    `the ${ADVERTISER} script`,
    (j) => j.advertiser === ADVERTISER && j.script.kind === 'typed' && j.script.text === SCRIPT,
  )
  // A large script size, so the script scrolls and the pace prompter has somewhere to go.
  await page.addInitScript(() => window.localStorage.setItem('booth.scriptSize', '44'))
  await openWorkspace(page, host.launchUrl)
  await openJob(page, job.job_id, job.advertiser)
  await expect(page.getByRole('combobox', { name: 'Prompter' })).toHaveValue('voice')

  for (let reload = 1; reload <= 3; reload++) {
    await startRecording(page)
    // The recogniser is listening to an utterance under way when the page goes.
    await expect.poll(() => recognisersOf(host.pid).length, { timeout: 15_000 }).toBeGreaterThan(0)
    await page.waitForTimeout(1200)
    await page.reload()
    expect(alive(host.pid), `the host is up after reload ${reload}`).toBe(true)
    await expect(page.locator('.job-row').first()).toBeVisible({ timeout: 15_000 })
    await expect(page.getByTestId('host-gone')).toHaveCount(0)
    await openJob(page, job.job_id, job.advertiser)
  }

  // Each take whose page went away is stopped by main with what was recorded, and listed as a take.
  const rows = page.locator('.take-row')
  await expect(rows).toHaveCount(3, { timeout: 30_000 })
  await expect(page.locator('.take-row').getByText(/Recording…|Saving…/)).toHaveCount(0, { timeout: 30_000 })
  for (const n of [1, 2, 3]) {
    await expect(page.locator(`.take-row[data-take-number="${n}"] .take-facts`)).toContainText(
      /Length\s*([1-9]\.\d|\d\d?\.\d) s/,
      { timeout: 20_000 },
    )
  }
  // The recognisers of the gone pages were stopped with their takes.
  await expect.poll(() => recognisersOf(host.pid).length, { timeout: 10_000 }).toBe(0)
  expect(alive(host.pid)).toBe(true)

  // A take, and its recogniser killed from outside with a real SIGKILL while the voice goes on.
  await startRecording(page)
  await expect
    .poll(
      () => {
        // Whichever runs are listening now (an utterance may end between looking and killing: look again).
        let killed = 0
        for (const pid of recognisersOf(host.pid)) {
          try {
            process.kill(pid, 'SIGKILL')
            killed++
          } catch {
            // Ended on its own meanwhile.
          }
        }
        return killed
      },
      { timeout: 15_000, intervals: [100] },
    )
    .toBeGreaterThan(0)
  const status = page.locator('.prompter-status')
  await expect(status).toHaveText(
    'The prompter stopped following the voice: its speech engine (pocketsphinx) stopped ' +
      'unexpectedly. The script scrolls at the spot’s pace instead; the take records on.',
    { timeout: 15_000 },
  )
  await expect(status).toHaveAttribute('data-fallback', 'pace')
  // The pace prompter stands in: the script area scrolls by itself.
  await expect(page.locator('.reading-script.is-prompting')).toHaveCount(1)
  const scrolled = await page.locator('.reading-script').evaluate((el) => el.scrollTop)
  await expect
    .poll(() => page.locator('.reading-script').evaluate((el) => el.scrollTop), { timeout: 10_000 })
    .toBeGreaterThan(scrolled)
  await screenshot(page, 'session-holds-recogniser-killed-1280x720')
  // The take records on and is kept; the pace prompter stops with it.
  await expect(page.locator('.recorder')).toHaveAttribute('data-phase', 'recording')
  await page.keyboard.press('Space')
  await expect(page.locator('.recorder')).toHaveAttribute('data-phase', 'idle', { timeout: 15_000 })
  await expect(rows).toHaveCount(4, { timeout: 15_000 })
  await expect(page.locator('.reading-script.is-prompting')).toHaveCount(0)
  expect(alive(host.pid)).toBe(true)
  expect(host.lastResort()).toEqual([])

  // The next take listens again.
  await startRecording(page)
  await page.keyboard.press('Space')
  await expect(rows).toHaveCount(5, { timeout: 15_000 })
  expect(host.lastResort()).toEqual([])
  expect(errors).toEqual([])
})

for (const screen of LAPTOP_SCREENS) {
  test(`the web host SIGKILLed with a job open: the banner at the top says Booth is not running (${screen.width}x${screen.height})`, async ({
    page,
  }) => {
    await page.setViewportSize(screen)
    const host = await startHost()
    const job = await findJob(
      host.launchUrl,
      `the ${ADVERTISER} script`,
      (j) => j.advertiser === ADVERTISER && j.script.kind === 'typed',
    )
    await openWorkspace(page, host.launchUrl)
    await openJob(page, job.job_id, job.advertiser)
    const banner = page.getByTestId('host-gone')
    await expect(banner).toHaveCount(0)
    // Mid-take, the prompter listening.
    await startRecording(page)

    await host.kill()
    await expect(banner).toBeVisible({ timeout: 10_000 })
    await expect(banner).toHaveText(
      'Booth is not running. Its background process stopped (closed, crashed or not answering). ' +
        'Start Booth again and open it from its window or the address it prints.',
    )
    // At the very top of the window, across it, with the job still open under it.
    const box = await banner.boundingBox()
    expect(box?.y).toBe(0)
    expect(box?.width).toBe(screen.width)
    await expect(page.locator('#job-title')).toHaveText(job.advertiser)
    await expect(page.locator('#job-title')).toBeInViewport()
    // Nothing claims a Booth that is not there: the take stopped, no prompter says it is listening.
    await expect(page.locator('.recorder')).toHaveAttribute('data-phase', 'idle')
    await expect(page.locator('.prompter-status')).toHaveCount(0)
    // The window does not scroll: the screen under the banner keeps the rest of it.
    expect(await page.evaluate(() => document.scrollingElement?.scrollHeight ?? 0)).toBeLessThanOrEqual(screen.height)
    await screenshot(page, `session-holds-host-gone-${screen.width}x${screen.height}`)
  })
}

test('the input going away mid-take stops the take with what was recorded kept, and says so', async ({ page }) => {
  await page.setViewportSize(LAPTOP_SCREENS[1])
  const errors = trackErrors(page)
  // The page's own streams, so the test can end the input's track as an unplugged device does ('ended').
  await page.addInitScript(() => {
    const md = navigator.mediaDevices
    const original = md.getUserMedia.bind(md)
    const w = window as unknown as { boothStreams: MediaStream[] }
    w.boothStreams = []
    md.getUserMedia = async (c) => {
      const stream = await original(c)
      w.boothStreams.push(stream)
      return stream
    }
  })
  const host = await startHost()
  const job = await findJob(
    host.launchUrl,
    `the ${ADVERTISER} script`,
    (j) => j.advertiser === ADVERTISER && j.script.kind === 'typed',
  )
  await openWorkspace(page, host.launchUrl)
  await openJob(page, job.job_id, job.advertiser)
  const recorder = page.locator('.recorder')
  await page.locator('.script-panel .section-title').click()
  await page.keyboard.press('Space')
  await expect(recorder).toHaveAttribute('data-phase', 'recording')
  await page.waitForTimeout(1500)
  // The device goes: its track ends (what the browser does when it is unplugged).
  await page.evaluate(() => {
    for (const s of (window as unknown as { boothStreams: MediaStream[] }).boothStreams) {
      for (const t of s.getAudioTracks()) {
        t.stop()
        t.dispatchEvent(new Event('ended'))
      }
    }
  })
  await expect(recorder).toHaveAttribute('data-phase', 'idle', { timeout: 5_000 })
  await expect(recorder.getByRole('alert')).toHaveText(
    /^Recording stopped: the input \(.+\) went away — unplugged or switched off\. What was recorded until then is kept as the take\./,
  )
  const take = page.locator('.take-row').first()
  await expect(take).toHaveAttribute('data-take-number', '1', { timeout: 10_000 })
  await expect(take.locator('.take-facts')).toContainText(/Length\s*[1-9]\.\d s/, { timeout: 15_000 })
  await screenshot(page, 'session-holds-input-gone-1024x768')
  expect(alive(host.pid)).toBe(true)
  expect(host.lastResort()).toEqual([])
  expect(errors).toEqual([])
})
