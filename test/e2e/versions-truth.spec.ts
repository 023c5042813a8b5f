/**
 * Versions tell the truth, in the window at 1280x720, on a real web host process (Debian's Chromium):
 * - a take whose version 2 record is damaged on disk is listed with versions 1 and 3, the damage named in
 *   words ("Version 2 could not be read; versions 1 and 3 are fine"), and the versions folder beside the
 *   takes is never listed as a take without a record;
 * - a delivered take's waveform says its trim can no longer change, and offers no trim fields;
 * - Booth SIGKILLed while pickups are placed and started again: the take row's "Booth is not running"
 *   gives way to what did not finish and the version the take is at, and no render temp file is left;
 *   that sentence is main's (its work journal on disk), so it is there again after the page is RELOADED,
 *   said once, until Dismiss, which removes it for good (a second reload shows nothing).
 */
import { expect, test, type Page } from '@playwright/test'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { findJob, typedDeliverableJob } from './support/reading'
import { placePickups, readsOf, takeRow, verdictOf, wav } from './support/versions-flow'
import { dropFiles, openJob, openWorkspace, screenshot } from './support/workspace'
import { startWebHostOn, type WebHostProcess } from './support/web-host-process'
import { versionedTake } from '../unit/versions/helpers/versioned-take'

let dataDir = ''
const hosts: WebHostProcess[] = []
test.beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'booth-versions-truth-'))
})
test.afterEach(async () => {
  for (const h of hosts.splice(0)) await h.kill()
  rmSync(dataDir, { recursive: true, force: true })
})

/** Reloads the page (a real reload: the page forgets all it held) and shows the job again. */
async function reloadOnJob(page: Page, jobId: string, advertiser: string): Promise<void> {
  await page.reload()
  // The page comes back on the job it showed, or on the list.
  await expect(page.locator('#job-title').or(page.locator('.job-row').first()).first()).toBeVisible({ timeout: 15_000 })
  if (await page.locator('#job-title').filter({ hasText: advertiser }).isVisible()) return
  await openJob(page, jobId, advertiser)
}

async function screen(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 720 })
}

test('a damaged version hides only itself, no false orphan, and a delivered take keeps its trim (1280x720)', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await screen(page)
  const host = await startWebHostOn(dataDir)
  hosts.push(host)
  const job = await typedDeliverableJob(host.launchUrl)
  // Two takes written on the host's data folder as Booth writes them: take 1 with three versions (a
  // real render each), take 2 trimmed and delivered.
  const fixed = await versionedTake(join(dataDir), { jobId: job.job_id })
  await fixed.commitCut(2.5)
  await fixed.commitCut(2)
  const record = fixed.store.folders.metaPath('takes', job.job_id, fixed.take.id)
  const onDisk = JSON.parse(readFileSync(record, 'utf8')) as { versions: Array<Record<string, unknown>> }
  onDisk.versions[1] = { ...onDisk.versions[1], render_key: 'not a hash' }
  writeFileSync(record, JSON.stringify(onDisk))
  const sent = await versionedTake(join(dataDir), { jobId: job.job_id })
  await sent.store.setTrim(sent.take.id, { head_s: 0.5, tail_s: 0 })
  await sent.store.setDelivery(sent.take.id, {
    status: 'delivered',
    delivery_id: null,
    idempotency_key: 'truth-key-0001',
  })

  await openWorkspace(page, host.launchUrl)
  await openJob(page, job.job_id, job.advertiser)
  const one = takeRow(page, fixed.take.take_number)
  await expect(one).toBeVisible({ timeout: 15_000 })
  await expect(one.locator('.ver-unreadable')).toHaveText('Version 2 could not be read; versions 1 and 3 are fine.')
  await expect(page.getByText(/has no take record Booth can read/)).toHaveCount(0)
  await expect(page.getByText(/'versions'|“versions”/)).toHaveCount(0)
  // The row as it settles: the current version's read-back (v3, a 2 s cut, so "nine" is not heard) comes
  // with main's answer, and adds lines above the versions. A click while they came in missed the button
  // (a clean-clone run: the list never opened).
  await expect(one.locator('.rb-verdict')).toHaveText('Differs from the script')
  await one.getByRole('button', { name: '3 versions' }).click()
  const v2 = one.locator('.ver-item[data-version="2"]')
  await expect(v2).toContainText('Version 2 could not be read.')
  await expect(v2.getByRole('button')).toHaveCount(0)
  await expect(one.locator('.ver-item[data-version="1"]').getByRole('button', { name: /^Restore / })).toBeVisible()
  await one.scrollIntoViewIfNeeded()
  await screenshot(page, 'versions-truth-unreadable-1280x720')

  const two = takeRow(page, sent.take.take_number)
  await two.getByRole('button', { name: 'Play / trim' }).click()
  await expect(two.locator('.take-trim-off')).toHaveText(
    /^ACME_main_\d+ was delivered as it is; its trim can no longer change\.$/,
  )
  await expect(two.getByLabel('Trim from the start, seconds')).toHaveCount(0)
  await expect(two.getByLabel('Trim from the end, seconds')).toHaveCount(0)
  await two.scrollIntoViewIfNeeded()
  await screenshot(page, 'versions-truth-delivered-trim-1280x720')
  // What main holds is unchanged: the trim the take was delivered with.
  expect((await sent.fresh()).trim).toEqual({ head_s: 0.5, tail_s: 0 })
})

test('Booth stopped while pickups are placed: once it is back, the row says the pickup was not finished and where the take is (1280x720)', async ({
  page,
}) => {
  test.setTimeout(420_000)
  await screen(page)
  const first = await startWebHostOn(dataDir)
  hosts.push(first)
  const port = new URL(first.launchUrl).port
  const job = await findJob(
    first.launchUrl,
    'the Sunny Day script',
    (j) => j.script.kind === 'typed' && /^Grandpa Joe here/.test(j.script.text),
  )
  const reads = await readsOf(job, 0, (s) => s.replace(/breakfast!$/, 'dinner!'), { voice: 'en-us+f2', speed: 175 })
  await openWorkspace(page, first.launchUrl)
  await openJob(page, job.job_id, job.advertiser)
  await dropFiles(page, '.script-panel', [wav('grandpa-read.wav', reads.take)])
  const row = takeRow(page, 1)
  await verdictOf(row)
  await dropFiles(page, '.pickup-drop', [wav('grandpa-pickup.wav', reads.pickup)])
  await expect(page.locator('.pickup-drop .ver-notice')).toContainText('is pickup 2.', { timeout: 30_000 })

  await placePickups(page, row, 1)
  // Killed once main itself reports the work under way (not only the page's own "placing…").
  await expect(row.locator('.ver-progress:not([data-stage="starting"])')).toBeVisible({ timeout: 30_000 })
  await first.kill()
  // Main's journal held the job when it was killed.
  expect(readdirSync(join(dataDir, 'version-work')).filter((n) => /^[^.]+\.json$/.test(n))).toHaveLength(1)
  await expect(row.locator('.ver-notice')).toContainText('Booth is not running', { timeout: 10_000 })

  const second = await startWebHostOn(dataDir, {}, ['--port', port])
  hosts.push(second)
  // A Booth started again has a key of its own (issue 44): the talent opens it from the address it printed.
  expect(second.launchUrl).not.toBe(first.launchUrl)
  await Promise.all([page.waitForEvent('load'), page.goto(second.launchUrl)])
  await expect(page.locator('.job-row').first()).toBeVisible({ timeout: 15_000 })
  await expect(page.getByTestId('connectivity')).not.toHaveAttribute('data-host', /down|lost/, { timeout: 15_000 })
  await openJob(page, job.job_id, job.advertiser)
  // As soon as Booth answers: what did not finish, and the version the take is at.
  const said =
    /^The pickup placed (before Booth stopped was not finished|was finished just before Booth stopped); take 1 is at version [12]\.$/
  // The job was under way in main when it was killed, so main's journal names it: said once, not twice.
  await expect(row.locator('.ver-unfinished p')).toHaveText(said, { timeout: 15_000 })
  await expect(row.getByText(said)).toHaveCount(1)
  await expect(row.getByText('Booth is not running')).toHaveCount(0)
  await row.scrollIntoViewIfNeeded()
  await screenshot(page, 'versions-truth-restart-1280x720')
  // The new Booth cleared what a render cut off by the kill left.
  const renders = join(dataDir, 'takes', job.job_id, 'versions', 'renders')
  const left = (() => {
    try {
      return readdirSync(renders).filter((n) => n.endsWith('.rendering'))
    } catch {
      return []
    }
  })()
  expect(left).toEqual([])

  // A reloaded page (or a new desktop window) knows nothing of the stop; main's note is still said on the row.
  await reloadOnJob(page, job.job_id, job.advertiser)
  const again = takeRow(page, 1)
  await expect(again.locator('.ver-unfinished p')).toHaveText(said, { timeout: 15_000 })
  await expect(again.locator('.ver-notice')).toHaveCount(1)
  await again.locator('.ver-unfinished').scrollIntoViewIfNeeded()
  await screenshot(page, 'versions-truth-reloaded-1280x720')
  await again.locator('.ver-unfinished').getByRole('button', { name: 'Dismiss' }).click()
  await expect(again.locator('.ver-unfinished')).toHaveCount(0)
  // Dismissed on disk too: main removes its note.
  await expect
    .poll(() => readdirSync(join(dataDir, 'version-work')).filter((n) => n.endsWith('.unfinished.json')), {
      timeout: 10_000,
    })
    .toEqual([])
  await reloadOnJob(page, job.job_id, job.advertiser)
  await expect(takeRow(page, 1)).toBeVisible()
  await expect(takeRow(page, 1).locator('.ver-unfinished')).toHaveCount(0)
})
