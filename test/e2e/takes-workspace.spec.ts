/**
 * Takes from the desktop to the producer and back: a WAV dropped on the job becomes a take (a text file
 * is refused in words, nothing imported), the trim handles store the trim, delete comes back with Undo,
 * delivering goes storing → processing → delivered with the audio check's result, and a check's issues
 * are marked on the script's words with the issue on focus.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { test, expect, SCREENSHOTS } from './booth-host'
import { bridgeClient, PENDING_ALL, type BridgeClient } from './support/bridge-client'
import { DELIVERED_OR_ANSWERED, dropFiles, openJob, openWorkspace, row } from './support/workspace'
import type { JobDetail } from '../../shared/bridge'

let wav: Buffer
test.beforeAll(() => {
  // A 3 s take: a tone peaking at −12 dBFS (amplitude 0.25). Made by ffmpeg, never committed.
  const dir = mkdtempSync(join(tmpdir(), 'booth-takes-e2e-'))
  const path = join(dir, 'pickup-read.wav')
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'aevalsrc=0.25*sin(2*PI*330*t):s=48000:d=3',
    '-ac',
    '1',
    '-c:a',
    'pcm_s24le',
    path,
  ])
  wav = readFileSync(path)
  rmSync(dir, { recursive: true, force: true })
})

let cached: JobDetail[] | null = null

/** Every pending job in full, read once per file (the demo key's rate limit is shared with the page). */
async function pendingJobs(bridge: BridgeClient): Promise<JobDetail[]> {
  if (cached) return cached
  const list = await bridge.call('listJobs', PENDING_ALL)
  const jobs: JobDetail[] = []
  for (const item of list.items) jobs.push((await bridge.call('getJob', { jobId: item.job_id })).job)
  cached = jobs
  return jobs
}

function pick(jobs: JobDetail[], what: string, ok: (j: JobDetail) => boolean, skip: string[] = []): JobDetail {
  const job = jobs.find((j) => ok(j) && !skip.includes(j.job_id))
  if (!job) throw new Error(`The demo data has no pending job with ${what}.`)
  return job
}

/** The element's box once two reads a frame apart agree (nothing is still laying it out). */
async function settledBox(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  let last = await locator.boundingBox()
  for (let i = 0; i < 50; i++) {
    await locator.page().waitForTimeout(50)
    const now = await locator.boundingBox()
    if (now && last && now.x === last.x && now.y === last.y && now.width === last.width && now.height === last.height)
      return now
    last = now
  }
  throw new Error('The element kept moving on screen.')
}

/** Drops a WAV on the open job and returns the row of the take it became (by the name Booth announces, the one in the list). */
async function dropTake(page: Page, name: string): Promise<Locator> {
  await dropFiles(page, '.script-panel', [{ name, type: 'audio/wav', bytes: wav }])
  const notice = page.locator('.takes-notice').filter({ hasText: `“${name}” is ` })
  await expect(notice).toBeVisible()
  const said = await notice.innerText()
  const prefix = `“${name}” is `
  const rest = said.slice(said.indexOf(prefix) + prefix.length)
  const taken = rest.slice(0, rest.indexOf('.'))
  if (!taken) throw new Error(`Booth did not say which take “${name}” became.`)
  // By its id from here on: delivering it with another label renames it.
  const id = await page.locator(`.take-row[aria-label="${taken}"]`).getAttribute('data-take-id')
  return page.locator(`.take-row[data-take-id="${id}"]`)
}

const deliverable = (j: JobDetail) =>
  j.can.deliver && j.deliver_notice === 'none' && j.script.kind === 'typed' && j.script.text.trim() !== ''

test('a WAV dropped on the job is a take; a text file is refused in words and nothing is imported', async ({
  page,
  booth,
  consoleErrors,
}) => {
  const bridge = bridgeClient(booth.launchUrl)
  const job = pick(await pendingJobs(bridge), 'a typed script that takes deliveries', deliverable)
  await openWorkspace(page, booth.launchUrl)
  await openJob(page, job.job_id, job.advertiser)
  const takes = page.locator('.takes-panel')

  await dropFiles(page, '.script-panel', [
    { name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('Not audio at all.\n') },
  ])
  await expect(takes.getByRole('alert')).toContainText(
    '“notes.txt” is not an audio file. Booth takes WAV, AIFF, FLAC, MP3 or M4A files.',
  )
  expect((await bridge.call('listTakes', { jobId: job.job_id })).takes).toEqual([])

  await dropFiles(page, '.script-panel', [{ name: 'pickup-read.wav', type: 'audio/wav', bytes: wav }])
  // The take is named as the list names it (not "take 1").
  await expect(takes.getByRole('status').filter({ hasText: /“pickup-read\.wav” is \S+_main_01\./ })).toBeVisible()
  const take = takes.locator('.take-row').first()
  await expect(take.locator('.take-number')).toHaveText(/_main_01$/)
  await expect(take.getByText('Imported')).toBeVisible()
  await expect(take.locator('.take-facts')).toContainText('3.0 s')
  await expect(take.locator('.take-facts')).toContainText(/−1[0-9]\.\d LUFS/)
  await expect(take.locator('.take-facts')).toContainText('−12.0 dBFS')
  const stored = (await bridge.call('listTakes', { jobId: job.job_id })).takes
  expect(stored).toHaveLength(1)
  expect(stored[0]).toMatchObject({ source: 'imported', original_name: 'pickup-read.wav', take_number: 1 })
  expect(consoleErrors).toEqual([])
})

test('a WAV dropped on another job’s row becomes a take of that job, which opens to show it', async ({
  page,
  booth,
}) => {
  const bridge = bridgeClient(booth.launchUrl)
  const jobs = await pendingJobs(bridge)
  const open = pick(jobs, 'a typed script that takes deliveries', deliverable)
  const other = pick(jobs, 'a second job', (j) => j.can.deliver, [open.job_id])
  const before = (await bridge.call('listTakes', { jobId: other.job_id })).takes.length
  await openWorkspace(page, booth.launchUrl)
  await openJob(page, open.job_id, open.advertiser)
  await dropFiles(page, `#job-row-${other.job_id}`, [{ name: 'from-finder.wav', type: 'audio/wav', bytes: wav }])
  await expect(page.locator('#job-title')).toHaveText(other.advertiser)
  await expect(page.locator('.takes-notice')).toContainText(/“from-finder\.wav” is \S+_main_\d{2}\./)
  await expect.poll(async () => (await bridge.call('listTakes', { jobId: other.job_id })).takes.length).toBe(before + 1)
  await expect(row(page, other.job_id)).toBeVisible()
})

test('with no job open, a WAV dropped on a row becomes a take of that job, which opens to show it', async ({
  page,
  booth,
}) => {
  const bridge = bridgeClient(booth.launchUrl)
  const jobs = await pendingJobs(bridge)
  const target = pick(jobs, 'a job that takes deliveries', (j) => j.can.deliver)
  const before = (await bridge.call('listTakes', { jobId: target.job_id })).takes.length
  await openWorkspace(page, booth.launchUrl)
  await expect(page.getByText('Choose a job to read its script.')).toBeVisible()
  await dropFiles(page, `#job-row-${target.job_id}`, [{ name: 'no-job-open.wav', type: 'audio/wav', bytes: wav }])
  await expect
    .poll(async () => (await bridge.call('listTakes', { jobId: target.job_id })).takes.length)
    .toBe(before + 1)
  await expect(page.locator('#job-title')).toHaveText(target.advertiser)
  await expect(page.locator('.takes-notice')).toContainText(/“no-job-open\.wav” is \S+_main_\d{2}\./)
})

test('the trim handles store the trim; delete comes back with Undo', async ({ page, booth }) => {
  const bridge = bridgeClient(booth.launchUrl)
  // The read-back's result arriving mid-drag would move the take row under the mouse; it has its own tests (readback.spec.ts).
  await bridge.call('setReadbackSettings', { enabled: false })
  const job = pick(await pendingJobs(bridge), 'a typed script that takes deliveries', deliverable)
  await openWorkspace(page, booth.launchUrl)
  await openJob(page, job.job_id, job.advertiser)
  const take = await dropTake(page, 'trim-me.wav')
  await expect(take.locator('.take-facts')).toContainText('3.0 s')
  const takeId = await take.getAttribute('data-take-id')
  if (!takeId) throw new Error('The take row carries no take id.')

  await take.getByRole('button', { name: 'Play / trim' }).click()
  const wave = take.locator('.take-wave-box')
  // The page enforces Trusted Types (wavesurfer's own innerHTML would throw here), and the waveform is drawn all the same.
  expect(
    await page.evaluate(() => {
      try {
        document.createElement('div').innerHTML = ''
        return 'allowed'
      } catch (err) {
        return (err as Error).name
      }
    }),
  ).toBe('TypeError')
  await expect(wave.locator('canvas').first()).toBeAttached()
  const left = wave.locator('[part~="region-handle-left"]')
  const right = wave.locator('[part~="region-handle-right"]')
  await expect(left).toBeAttached()
  await expect(take.getByRole('button', { name: /^Play \S+_\d{2}$/ })).toBeEnabled()
  // Drag the head handle a fifth of the way in, and the tail handle a tenth back. Each handle is measured
  // right before its drag, once the page has settled: storing the head's trim re-renders the row. The
  // waveform is scrolled into view first, as the talent would: the row's tools can push it out of the pane.
  await wave.scrollIntoViewIfNeeded()
  const box = await settledBox(wave)
  const lb = await settledBox(left)
  await page.mouse.move(lb.x + lb.width / 2, lb.y + lb.height / 2)
  await page.mouse.down()
  await page.mouse.move(lb.x + box.width * 0.2, lb.y + lb.height / 2, { steps: 8 })
  await page.mouse.up()
  await expect
    .poll(
      async () =>
        (await bridge.call('listTakes', { jobId: job.job_id })).takes.find((t) => t.id === takeId)?.trim.head_s ?? 0,
    )
    .toBeGreaterThan(0.4)
  const head = (await bridge.call('listTakes', { jobId: job.job_id })).takes.find((t) => t.id === takeId)?.trim.head_s
  await expect(take.getByLabel('Trim from the start, seconds')).toHaveValue(String(head))
  await wave.scrollIntoViewIfNeeded()
  const rb = await settledBox(right)
  await page.mouse.move(rb.x + rb.width / 2, rb.y + rb.height / 2)
  await page.mouse.down()
  await page.mouse.move(rb.x + rb.width / 2 - box.width * 0.1, rb.y + rb.height / 2, { steps: 8 })
  await page.mouse.up()
  await expect
    .poll(
      async () =>
        (await bridge.call('listTakes', { jobId: job.job_id })).takes.find((t) => t.id === takeId)?.trim.tail_s ?? 0,
    )
    .toBeGreaterThan(0.15)
  const trim = (await bridge.call('listTakes', { jobId: job.job_id })).takes.find((t) => t.id === takeId)?.trim
  expect(trim?.head_s).toBeLessThan(0.8)
  expect(trim?.tail_s).toBeLessThan(0.5)
  await expect(take.getByLabel('Trim from the start, seconds')).toHaveValue(String(trim?.head_s))
  await page.screenshot({ path: join(SCREENSHOTS, 'takes-trim.png') })

  // Typing a trim moves the handles and stores it too.
  await take.getByLabel('Trim from the end, seconds').fill('0.5')
  await take.getByLabel('Trim from the end, seconds').press('Enter')
  await expect
    .poll(
      async () =>
        (await bridge.call('listTakes', { jobId: job.job_id })).takes.find((t) => t.id === takeId)?.trim.tail_s,
    )
    .toBe(0.5)

  await take.getByRole('button', { name: /^Delete \S+_\d+$/ }).click()
  await expect(page.locator('.takes-undo')).toContainText('deleted')
  await expect(page.locator(`.take-row[data-take-id="${takeId}"]`)).toHaveCount(0)
  expect((await bridge.call('listTakes', { jobId: job.job_id })).trash.map((t) => t.id)).toContain(takeId)
  await page.locator('.takes-undo').getByRole('button', { name: 'Undo' }).click()
  await expect(page.locator(`.take-row[data-take-id="${takeId}"]`)).toBeVisible()
  const back = await bridge.call('listTakes', { jobId: job.job_id })
  expect(back.takes.map((t) => t.id)).toContain(takeId)
  expect(back.takes.find((t) => t.id === takeId)?.trim.tail_s).toBe(0.5)
})

test('delivering a dropped take: confirm, upload, storing → processing → delivered, and the check’s result', async ({
  page,
  booth,
  consoleErrors,
}) => {
  test.setTimeout(90_000)
  const bridge = bridgeClient(booth.launchUrl)
  // The dropped take is a test tone, not a read of the script: Booth's read-back (readback.spec.ts) would
  // rightly ask before delivering it, so it is turned off here to see the ordinary delivery dialog.
  await bridge.call('setReadbackSettings', { enabled: false })
  const jobs = await pendingJobs(bridge)
  const job = pick(
    jobs,
    'a typed script that takes deliveries and has no delivery yet',
    (j) => deliverable(j) && j.deliveries_detail.length === 0,
  )
  await openWorkspace(page, booth.launchUrl)
  await openJob(page, job.job_id, job.advertiser)
  const take = await dropTake(page, 'final-read.wav')
  await expect(take.locator('.take-facts')).toContainText('3.0 s')
  await take.getByRole('button', { name: 'Deliver…' }).click()

  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText(/Deliver \S+_main_\d{2}\?/)
  await expect(dialog).toContainText('is notified that a take arrived')
  // The preflight and its warnings come along into the confirmation.
  await expect(dialog.locator('.take-facts')).toContainText('3.0 s')
  await expect(dialog.locator('.take-warning').first()).toBeVisible()
  await dialog.getByLabel('Label').selectOption('alt')
  await dialog.getByLabel('Note to the producer (optional)').fill('Warmer read, as asked.')
  await page.screenshot({ path: join(SCREENSHOTS, 'takes-deliver-confirm.png') })
  await dialog.getByRole('button', { name: 'Deliver' }).click()
  await expect(dialog).toBeHidden()

  // Delivered, or already approved or sent back by the demo's simulated producer (it acts every 90 s).
  await expect(take.locator('.take-state')).toContainText(DELIVERED_OR_ANSWERED, { timeout: 30_000 })
  const delivered = page.locator('.deliveries-panel .delivery-item').first()
  await expect(delivered.locator('.delivery-status')).toHaveText(/Storing|Processing|Delivered/)
  await expect(delivered.locator('.delivery-status')).toHaveText('Delivered', { timeout: 30_000 })
  await expect(delivered).toContainText('alt')
  await expect(delivered).toContainText('“Warmer read, as asked.”')
  await expect(delivered.locator('.delivery-facts')).toContainText(/3\.0 s for a :\d\d spot — runs short/)
  await expect(delivered.locator('.check-verdict')).toHaveText(
    /Matches the script|Worth a listen|Does not match the script/,
    { timeout: 30_000 },
  )
  await expect(delivered).toContainText('Audio check done')
  await expect(delivered).toContainText('% of the words heard')

  const server = (await bridge.call('getJob', { jobId: job.job_id })).job.deliveries_detail
  expect(server).toHaveLength(1)
  expect(server[0]).toMatchObject({ take_label: 'alt', note: 'Warmer read, as asked.', status: 'delivered' })
  await expect(delivered.locator('.check-summary')).toHaveText(server[0]?.check.summary ?? '')

  // Listen asks main for the audio only now, and plays it from a local URL.
  await delivered.getByRole('button', { name: 'Listen' }).click()
  await expect(delivered.locator('audio')).toHaveAttribute('src', /\/media\//)
  await page.screenshot({ path: join(SCREENSHOTS, 'takes-delivered.png') })
  expect(consoleErrors).toEqual([])
})

test('a check’s issues are marked on the script’s words, with the issue on focus', async ({ page, booth }) => {
  const bridge = bridgeClient(booth.launchUrl)
  const jobs = await pendingJobs(bridge)
  const job = pick(jobs, 'a delivery whose check found issues', (j) =>
    j.deliveries_detail.some((d) => d.check.issues.length > 0),
  )
  const delivery = job.deliveries_detail.find((d) => d.check.issues.length > 0)!
  await openWorkspace(page, booth.launchUrl)
  await openJob(page, job.job_id, job.advertiser)
  const item = page.locator(`.delivery-item[data-delivery-id="${delivery.delivery_id}"]`)
  await expect(item.locator('.check-summary')).toHaveText(delivery.check.summary)
  const marks = item.locator('.checked-script .check-mark')
  const expected = delivery.check.issues.filter((i) => i.expected).map((i) => i.expected as string)
  await expect(marks).toHaveCount(expected.length)
  for (const [n, word] of expected.entries()) {
    await expect(marks.nth(n)).toContainText(word)
  }
  const first = delivery.check.issues[0]!
  const firstMark = marks.first()
  const tip = firstMark.getByRole('tooltip')
  await expect(tip).toBeHidden()
  await firstMark.focus()
  await expect(tip).toBeVisible()
  await expect(tip).toContainText(
    first.kind === 'missing' ? `“${first.expected}” missing` : `“${first.expected}” heard as “${first.heard}”`,
  )
  if (first.legal) await expect(tip).toContainText('legal line')
  await page.screenshot({ path: join(SCREENSHOTS, 'takes-check-on-script.png') })
})
