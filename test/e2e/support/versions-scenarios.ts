/**
 * The two scenarios of the versions specs, run at each laptop size with the jobs list shown:
 * fixing a misread sentence with a pickup on a script Booth's read-back hears clean today (versions,
 * play, undo, restore, the proofer's card, the comp grid), and delivering a fixed take's version.
 */
import { join } from 'node:path'
import { expect, type Page } from '@playwright/test'
import { SCREENSHOTS } from '../booth-host'
import { bridgeClient } from './bridge-client'
import { findJob } from './reading'
import { DELIVERED_OR_ANSWERED, dropFiles, openJob, openWorkspace, screenshot } from './workspace'
import {
  chooseFile,
  deliverVersion,
  placePickups,
  press,
  readsOf,
  takeRow,
  verdictOf,
  wav,
  type Voice,
} from './versions-flow'

const NOT_CLEAN = /Worth a listen|Differs from the script/

export interface Scenario {
  page: Page
  launchUrl: string
  screen: { width: number; height: number }
  voice: Voice
  /** Also drop a pickup that reads no sentence, and see it refused. */
  stray: boolean
  /** Save the README's screenshots. */
  shots: boolean
  /** The page's console errors: an expected refusal's line is taken out of it. */
  consoleErrors: string[]
}

/** Grandpa Joe's two sentences: no figures, heard clean by the read-back in espeak-ng's voices today. */
export async function fixAndComp({
  page,
  launchUrl,
  screen,
  voice,
  stray,
  shots,
  consoleErrors,
}: Scenario): Promise<void> {
  await page.setViewportSize(screen)
  const bridge = bridgeClient(launchUrl)
  const job = await findJob(
    launchUrl,
    'the Sunny Day script',
    (j) => j.script.kind === 'typed' && /^Grandpa Joe here/.test(j.script.text),
  )
  const reads = await readsOf(job, 0, (s) => s.replace(/breakfast!$/, 'dinner!'), voice)

  await openWorkspace(page, launchUrl)
  await openJob(page, job.job_id, job.advertiser)
  // Below 1440 px the open job folds the list into the rail.
  await expect(page.locator('.rail')).toBeVisible()
  await dropFiles(page, '.script-panel', [wav('grandpa-read.wav', reads.take)])
  const row = takeRow(page, 1)
  expect(await verdictOf(row)).toMatch(NOT_CLEAN)
  await expect(row.locator('.ver-mark')).toHaveCount(0)

  // The proofer's list, through the file chooser: a card for sentence 1, not fixed yet.
  const cards = page.locator('.pickup-cards')
  await chooseFile(page, cards.getByRole('button', { name: 'Import pickup list (CSV)…' }), {
    name: 'proofer.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Sentence,Said,Should be\n"Grandpa Joe here, and back in my day",dinner,breakfast\n'),
  })
  const card = cards.locator('.pickup-card[data-sentence="1"]')
  await expect(card).toContainText('Said “dinner”, should be “breakfast”.')
  await expect(card).toHaveAttribute('data-done', 'false')
  await expect(cards).toContainText('0 of 1 fixed')

  const drop = page.locator('.pickup-drop')
  let pickupNumber = 2
  if (stray) {
    // A pickup that reads no sentence of the script: refused in words, naming it; the take stays as it was.
    await dropFiles(page, '.pickup-drop', [wav('stray.wav', reads.stray)])
    await expect(drop.locator('.ver-notice')).toContainText('“stray.wav” is pickup 2.', { timeout: 30_000 })
    await placePickups(page, row, 1)
    await expect(row.locator('.ver-notice[role="alert"]')).toContainText(
      'Pickup 2 reads no sentence of the script, so Booth cannot tell where it goes; nothing was written.',
      { timeout: 180_000 },
    )
    await expect(row.locator('.ver-mark')).toHaveCount(0)
    // The refusal is the bridge call's 409 answer, which Chromium also logs; that one line is expected.
    const refusal = consoleErrors.findIndex((e) => e.includes('status of 409 (Conflict)'))
    expect(refusal).toBeGreaterThanOrEqual(0)
    consoleErrors.splice(refusal, 1)
    expect(
      (await bridge.call('listVersions', { takeId: (await row.getAttribute('data-take-id')) ?? '' })).versions,
    ).toHaveLength(1)
    await press(row.getByRole('button', { name: 'Cancel' }), 'Enter')
    // The stray's row settles before it is deleted: its read-back, then its sentences for "Punch in at" (a
    // call of its own, still on its way in a clean-clone run when Delete moved the take's audio away).
    const strayRow = takeRow(page, 2)
    await verdictOf(strayRow, 60_000)
    await expect(strayRow.locator('.punch-fixes')).toBeVisible({ timeout: 30_000 })
    await press(strayRow.getByRole('button', { name: /^Delete / }), 'Enter')
    await expect(takeRow(page, 2)).toHaveCount(0)
    pickupNumber = 3
  }
  await dropFiles(page, '.pickup-drop', [wav('grandpa-pickup.wav', reads.pickup)])
  await expect(drop.locator('.ver-notice')).toContainText(`“grandpa-pickup.wav” is pickup ${pickupNumber}.`, {
    timeout: 30_000,
  })
  await expect(takeRow(page, pickupNumber).getByLabel(/^Label of /)).toHaveValue('pickup')

  // Place pickups, by keyboard; main's progress shows while it works.
  await placePickups(page, row, 1)
  await expect(row.locator('.ver-progress')).toBeVisible()
  await expect(row.locator('.ver-mark')).toHaveText('· v2', { timeout: 240_000 })
  await expect(row.locator('.ver-notice')).toContainText(
    new RegExp(`^Version 2: Sentence 1 replaced from Pickup ${pickupNumber}, [+−]\\d\\.\\d s\\.`),
  )
  expect(await verdictOf(row, 60_000)).toBe('Matches the script')
  await expect(card).toHaveAttribute('data-done', 'true', { timeout: 30_000 })
  await expect(card).toContainText('Reads clean')
  await expect(cards).toContainText('1 of 1 fixed')

  // The versions, newest first: what changed, reads clean, figures, the name a delivery carries.
  await press(row.getByRole('button', { name: '2 versions' }), 'Enter')
  const v2 = row.locator('.ver-item[data-version="2"]')
  const v1 = row.locator('.ver-item[data-version="1"]')
  await expect(v2).toContainText(`v2 · Sentence 1 replaced from Pickup ${pickupNumber}`)
  await expect(v2.locator('.ver-read')).toHaveText('Reads clean')
  await expect(v2.locator('.ver-facts')).toContainText(/\d\.\d s · −\d+\.\d LUFS · peak −\d+\.\d dBFS/)
  await expect(v2.locator('.ver-delivery')).toHaveText(/^Delivers as \S+_main_01_v2\.wav$/)
  await expect(v1).toContainText('v1 · The file as it was dropped in.')
  await expect(v1.locator('.ver-read')).toContainText('Differs from the script')
  // Any version plays: version 1 from its own file, while version 2 stays the take.
  await press(v1.getByRole('button', { name: /^Play .* version 1$/ }), 'Enter')
  await expect(v1.locator('audio')).toHaveAttribute('src', /\/media\//)
  await expect
    .poll(() => v1.locator('audio').evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0)
  await v1.locator('audio').evaluate((a: HTMLAudioElement) => a.pause())
  await expect(row.locator('.ver-mark')).toHaveText('· v2')
  if (shots) {
    // README's picture in the wide pane: the sidebar and list are folded into the rail below 1440 px.
    await page.setViewportSize({ width: screen.width, height: 1000 })
    await expect(page.getByRole('listbox')).toBeHidden()
    await row.locator('.take-row-head').evaluate((el) => el.scrollIntoView({ block: 'start' }))
    await screenshot(page, 'versions-take-row-window')
    await row.locator('.ver-list').screenshot({ path: join(SCREENSHOTS, 'versions-take-row.png') })
    await page.setViewportSize(screen)
  }

  // Undo is one key inside the take's versions (Ctrl+Z): version 1 is the take again; Restore v2 brings 2 back.
  await v2.getByRole('button', { name: /^Play / }).focus()
  await page.keyboard.press('Control+z')
  await expect(row.locator('.ver-mark')).toHaveText('· v1', { timeout: 60_000 })
  expect(await verdictOf(row, 60_000)).toMatch(NOT_CLEAN)
  await press(row.getByRole('button', { name: /^Restore .* version 2$/ }), 'Enter')
  await expect(row.locator('.ver-mark')).toHaveText('· v2', { timeout: 60_000 })
  expect(await verdictOf(row, 60_000)).toBe('Matches the script')

  // The comp grid: arrow keys walk the cells, Space picks one; Render comp makes a new take.
  await press(page.getByRole('button', { name: 'Build a comp…' }), 'Enter')
  const dialog = page.getByRole('dialog')
  const grid = dialog.getByRole('grid', { name: 'Sentences by take' })
  await expect(grid).toBeVisible({ timeout: 120_000 })
  await expect(grid.getByRole('columnheader')).toHaveCount(3)
  await expect(grid.getByRole('row')).toHaveCount(reads.parts.length + 1)
  // The last clean reading of each sentence is picked to begin with: one pick per sentence.
  await expect(grid.locator('[role="gridcell"][aria-selected="true"]')).toHaveCount(reads.parts.length)
  const first = grid.locator('[role="gridcell"][data-row="0"][data-col="0"]')
  const second = grid.locator('[role="gridcell"][data-row="0"][data-col="1"]')
  await first.focus()
  await page.keyboard.press('ArrowRight')
  await expect(second).toBeFocused()
  await page.keyboard.press('Space')
  await expect(second).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('Space')
  await expect(first).toHaveAttribute('aria-selected', 'true')
  await expect(second).toHaveAttribute('aria-selected', 'false')
  await expect(first).toHaveAttribute(
    'aria-label',
    /^Sentence 1, .+: Clean, −\d+\.\d LUFS · [−]?\d+\.\d dBTP · \d\.\d s, picked$/,
  )
  if (shots) await screenshot(page, 'versions-comp-grid')
  await press(dialog.getByRole('button', { name: 'Render comp' }), 'Enter')
  await expect(dialog.locator('.ver-progress')).toBeVisible()
  await expect(dialog.locator('.ver-notice')).toContainText(/^The comp is take \d+\./, { timeout: 240_000 })
  await press(dialog.getByRole('button', { name: 'Close' }), 'Enter')
  await expect(dialog).toHaveCount(0)
  const comp = (await bridge.call('listTakes', { jobId: job.job_id })).takes.find((t) => t.source === 'comp')
  expect(comp?.preflight?.measured).toBe(true)
  expect(await verdictOf(page.locator(`.take-row[data-take-id="${comp?.id ?? ''}"]`), 60_000)).toBe(
    'Matches the script',
  )
}

/**
 * A deliverable job: its take with sentence 2 misread, a pickup placed, and version 2 delivered; the
 * sandbox receives the render under the take's name with its version mark, and the versions lock.
 */
export async function fixAndDeliver({ page, launchUrl, screen, voice }: Scenario): Promise<void> {
  await page.setViewportSize(screen)
  const bridge = bridgeClient(launchUrl)
  const job = await findJob(
    launchUrl,
    'the Hollis & Finch script, deliverable',
    (j) =>
      j.can.deliver &&
      j.deliver_notice === 'none' &&
      j.script.kind === 'typed' &&
      /Book your free eye test today\./.test(j.script.text),
  )
  const reads = await readsOf(job, 1, (s) => s.replace(/today\.$/, 'tomorrow.'), voice)
  await openWorkspace(page, launchUrl)
  await openJob(page, job.job_id, job.advertiser)
  await dropFiles(page, '.script-panel', [wav('hollis-read.wav', reads.take)])
  const row = takeRow(page, 1)
  await verdictOf(row)
  await dropFiles(page, '.pickup-drop', [wav('hollis-pickup.wav', reads.pickup)])
  await expect(takeRow(page, 2).getByLabel(/^Label of /)).toHaveValue('pickup', { timeout: 30_000 })
  await placePickups(page, row, 1)
  await expect(row.locator('.ver-mark')).toHaveText('· v2', { timeout: 240_000 })
  await expect(row.locator('.ver-notice')).toContainText(
    /^Version 2: Sentence 2 replaced from Pickup 2, [+−]\d\.\d s\./,
  )
  await verdictOf(row, 60_000)

  // The confirmation names the version it sends.
  await deliverVersion(row, /Deliver \S+_main_01, version 2 \(pickup placed\)\?/)
  // Delivered, or already approved or sent back by the demo's simulated producer (it acts every 90 s).
  await expect(row.locator('.take-state')).toContainText(DELIVERED_OR_ANSWERED, { timeout: 120_000 })
  const server = (await bridge.call('getJob', { jobId: job.job_id })).job.deliveries_detail
  expect(server.map((d) => d.original_name)).toEqual([expect.stringMatching(/_main_01_v2\.wav$/)])
  const v2 = (await bridge.call('listTakes', { jobId: job.job_id })).takes.find((t) => t.take_number === 1)
  expect(server[0]?.preflight).toEqual(v2?.preflight)
  await press(row.getByRole('button', { name: '2 versions' }), 'Enter')
  await expect(row.locator('.ver-item[data-version="2"] .ver-delivery')).toHaveText(
    /^Delivered as \S+_main_01_v2\.wav$/,
  )
  await expect(row.getByRole('button', { name: /^Restore / })).toHaveCount(0)
  await expect(row.getByRole('button', { name: /^Undo/ })).toHaveCount(0)
}
