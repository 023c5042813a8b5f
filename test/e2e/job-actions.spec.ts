/**
 * Acting on jobs, always through a confirmation: accept and decline one job from its view, accept several
 * ticked in the list, a scripts PDF that names the scripts it left out, and an attachment download.
 * Runs on its own Booth (demo mode) because it changes the demo's jobs.
 */
import { readFile, stat } from 'node:fs/promises'
import { test, expect, startBooth } from './booth-host'
import { bridgeClient, PENDING_ALL, type BridgeClient } from './support/bridge-client'
import { openJob, openWorkspace, row, screenshot } from './support/workspace'
import type { JobDetail } from '../../shared/bridge'
import type { Page } from '@playwright/test'

let booth: Awaited<ReturnType<typeof startBooth>>
let bridge: BridgeClient
/** The pending jobs as they were before any test acted (fetched once: the API allows 120 calls a minute). */
let before: JobDetail[]

test.beforeAll(async () => {
  booth = await startBooth()
  bridge = bridgeClient(booth.launchUrl)
  before = await pendingDetails()
})
test.afterAll(async () => {
  await booth?.stop()
})

async function pendingDetails(): Promise<JobDetail[]> {
  const list = await bridge.call('listJobs', PENDING_ALL)
  const out: JobDetail[] = []
  for (const item of list.items) out.push((await bridge.call('getJob', { jobId: item.job_id })).job)
  return out
}

const dialog = (page: Page) => page.getByRole('dialog')

/**
 * Each test acts on its own jobs, chosen up front so no test depends on another's changes. Jobs the
 * scripts-PDF and attachment tests read must stay pending, so decline and complete never take them.
 */
function plan() {
  const withPdf = before.find((j) => j.script.kind === 'document' && j.script.document?.pdf_url)
  const noScript = before.find((j) => j.script.kind === 'none')
  const noPdf = before.find((j) => j.script.kind === 'document' && !j.script.document?.pdf_url)
  const withAttachment = before.find((j) => j.attachments_detail.some((a) => a.status === 'attached'))
  const keepPending = [withPdf, noScript, noPdf, withAttachment]
  const free = (j: JobDetail) => !keepPending.includes(j)
  const acceptable = before.filter((j) => j.can.accept)
  const acceptOne = acceptable.find((j) => j.producer)
  const bulk = acceptable.filter((j) => j !== acceptOne)
  const declineOne = before.find((j) => j.can.decline && !j.can.accept && free(j))
  const alreadyAccepted = before.find((j) => j.stage === 'accepted' && j !== declineOne)
  const completeOne = before.find((j) => j.can.complete && free(j) && j !== declineOne && j !== alreadyAccepted)
  if (
    !withPdf ||
    !noScript ||
    !noPdf ||
    !withAttachment ||
    !acceptOne ||
    !declineOne ||
    !alreadyAccepted ||
    !completeOne ||
    bulk.length < 3
  ) {
    throw new Error('The demo data lacks a job this file needs (see plan()).')
  }
  return { withPdf, noScript, noPdf, withAttachment, acceptOne, declineOne, alreadyAccepted, completeOne, bulk }
}

test('accept one job from its view, after a confirmation that names the producer', async ({ page }) => {
  const job = plan().acceptOne
  await openWorkspace(page, booth.launchUrl)
  await openJob(page, job.job_id, job.advertiser)

  await page.getByRole('button', { name: 'Accept…' }).click()
  await expect(dialog(page)).toContainText('Accept this job?')
  await expect(dialog(page)).toContainText(
    `${job.producer?.name} (the producer at ${job.customer.name}) will see that you accepted.`,
  )
  await page.keyboard.press('Escape')
  await expect(dialog(page)).toHaveCount(0)
  expect((await bridge.call('getJob', { jobId: job.job_id })).job.stage).toBe(job.stage)

  await page.getByRole('button', { name: 'Accept…' }).click()
  await screenshot(page, 'job-accept-confirm-dark')
  await dialog(page).getByRole('button', { name: 'Accept job' }).click()
  await expect(page.getByText('Job accepted.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Accept…' })).toHaveCount(0)
  expect((await bridge.call('getJob', { jobId: job.job_id })).job.stage).toBe('accepted')
  await expect(row(page, job.job_id).locator('.stage')).toHaveText('Accepted')
})

test('decline needs a reason, counts its characters live, and sends it', async ({ page }) => {
  const job = plan().declineOne
  await openWorkspace(page, booth.launchUrl)
  await openJob(page, job.job_id, job.advertiser)
  await page.getByRole('button', { name: 'Decline…' }).click()
  const confirm = dialog(page).getByRole('button', { name: 'Decline job' })
  await expect(dialog(page)).toContainText('Your reason is sent to')
  await expect(confirm).toBeDisabled()
  const reason = dialog(page).getByRole('textbox', { name: /Reason/ })
  await expect(reason).toBeFocused()
  await expect(dialog(page).getByTestId('char-count')).toHaveText('0 / 500 characters')
  await reason.fill('x'.repeat(600))
  await expect(dialog(page).getByTestId('char-count')).toHaveText('500 / 500 characters')
  await reason.fill('   ')
  await expect(confirm).toBeDisabled()
  const words = 'Booked for a session that day, sorry.'
  await reason.fill(words)
  await expect(dialog(page).getByTestId('char-count')).toHaveText(`${words.length} / 500 characters`)
  await screenshot(page, 'job-decline-confirm-dark')
  await confirm.click()
  await expect(page.getByText('Job declined.')).toBeVisible()
  const after = (await bridge.call('getJob', { jobId: job.job_id })).job
  expect(after.status).toBe('declined')
  expect(after.decline?.reason).toBe(words)
  await expect(page.getByRole('note', { name: 'Job declined' })).toBeVisible()
})

test('mark a job complete with an optional note', async ({ page }) => {
  const job = plan().completeOne
  await openWorkspace(page, booth.launchUrl)
  await openJob(page, job.job_id, job.advertiser)
  await page.getByRole('button', { name: 'Mark complete…' }).click()
  await expect(dialog(page)).toContainText('This does not choose which take becomes the spot’s audio.')
  await expect(dialog(page).getByTestId('char-count')).toHaveText('0 / 1000 characters')
  await dialog(page).getByRole('textbox', { name: /Note/ }).fill('Final take is the second one.')
  await dialog(page).getByRole('button', { name: 'Mark complete' }).click()
  await expect(page.getByText('Job marked complete.')).toBeVisible()
  const after = (await bridge.call('getJob', { jobId: job.job_id })).job
  expect(after.status).toBe('completed')
  expect(after.completion?.note).toBe('Final take is the second one.')
})

test('tick several jobs (click, Ctrl-click, Shift-click, x) and accept them together; each result is listed', async ({
  page,
}) => {
  const { bulk, alreadyAccepted: done } = plan()
  const [a, b, c] = bulk
  if (!a || !b || !c) throw new Error('unreachable: plan() checks there are three')
  await openWorkspace(page, booth.launchUrl)
  // Shift-click ticks every row between the last ticked one and the clicked one.
  const rows = page.locator('.job-row')
  await rows.nth(1).getByRole('checkbox').click()
  await rows.nth(4).click({ modifiers: ['Shift'] })
  await expect(page.locator('.job-row[aria-checked="true"]')).toHaveCount(4)
  await expect(page.locator('.selection-bar')).toContainText('4 jobs selected')
  await page.locator('.selection-bar').getByRole('button', { name: 'Clear' }).click()
  await expect(page.locator('.job-row[aria-checked="true"]')).toHaveCount(0)
  await row(page, a.job_id).getByRole('checkbox').click()
  await row(page, b.job_id).click({ modifiers: ['Control'] })
  await expect(page.locator('.selection-bar')).toContainText('2 jobs selected')
  // Keyboard: move the highlight to c and tick it with x, then untick with x again.
  await page.getByRole('listbox').focus()
  await page.evaluate(() => document.getElementById('job-list')?.focus())
  for (let i = 0; i < 20; i++) {
    if ((await page.getByRole('listbox').getAttribute('aria-activedescendant')) === `job-row-${c.job_id}`) break
    await page.keyboard.press('j')
  }
  await page.keyboard.press('x')
  await expect(row(page, c.job_id)).toHaveAttribute('aria-checked', 'true')
  await page.keyboard.press('x')
  await expect(row(page, c.job_id)).toHaveAttribute('aria-checked', 'false')
  await expect(page.locator('.selection-bar')).toContainText('2 jobs selected')
  await row(page, done.job_id).click({ modifiers: ['Control'] })

  // Bulk accept offers only the jobs it applies to: the accepted one is left out, in words.
  await expect(page.locator('.selection-bar .bulk-left-out[data-action="accept"]')).toHaveText(
    'Accept: 1 left out: already accepted or not open to accepting',
  )
  await page.locator('.selection-bar').getByRole('button', { name: 'Accept…' }).click()
  await expect(dialog(page)).toContainText('Accept 2 jobs?')
  await expect(dialog(page).getByRole('list', { name: 'Selected jobs' })).toContainText(a.key_number)
  await expect(dialog(page).getByRole('list', { name: 'Selected jobs' })).toContainText(b.key_number)
  await expect(dialog(page).getByRole('list', { name: 'Selected jobs' })).not.toContainText(done.key_number)
  await expect(dialog(page)).toContainText('will see that you accepted')
  await screenshot(page, 'bulk-accept-confirm-dark')
  await dialog(page).getByRole('button', { name: 'Accept 2 jobs' }).click()
  const result = page.getByRole('status', { name: 'Result of the last action' })
  await expect(result).toContainText('Accept: 2 jobs')
  await expect(result).toContainText(`${a.advertiser} (${a.key_number}) — accepted`)
  await expect(result).toContainText(`${b.advertiser} (${b.key_number}) — accepted`)
  // The job left out stays ticked: nothing was done to it.
  await expect(page.locator('.selection-bar')).toContainText('1 job selected')
  for (const j of [a, b]) expect((await bridge.call('getJob', { jobId: j.job_id })).job.stage).toBe('accepted')
})

test('Scripts PDF of ticked jobs lists the scripts it left out, in words, and downloads the file', async ({ page }) => {
  const { withPdf, noScript, noPdf } = plan()
  await openWorkspace(page, booth.launchUrl)
  for (const j of [withPdf, noScript, noPdf]) await row(page, j.job_id).getByRole('checkbox').click()
  await expect(page.locator('.selection-bar')).toContainText('3 jobs selected')
  await page.locator('.selection-bar').getByRole('button', { name: 'Scripts PDF…' }).click()
  await expect(dialog(page)).toContainText('Scripts PDF of 3 jobs?')
  await expect(dialog(page)).toContainText('Nobody is notified.')
  const download = page.waitForEvent('download', { timeout: 15_000 })
  await dialog(page).getByRole('button', { name: 'Make the PDF' }).click()
  // Main fetched the merged PDF; the browser saves it from Booth's own address, as a download.
  const saved = await download
  expect(saved.url()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/.+\?download=1$/)
  expect(saved.suggestedFilename()).toMatch(/\.pdf$/)
  expect((await readFile((await saved.path())!)).subarray(0, 5).toString()).toBe('%PDF-')
  const result = page.getByRole('status', { name: 'Result of the last action' })
  await expect(result).toContainText('Scripts PDF: 1 of 3 jobs included')
  const left = result.getByRole('list', { name: 'Scripts left out' })
  await expect(left).toContainText(`${noScript.advertiser} (${noScript.key_number}) — no script yet`)
  await expect(left).toContainText(`${noPdf.advertiser} (${noPdf.key_number}) — script has no PDF`)
  await expect(result).toContainText('Your browser is downloading')
  await screenshot(page, 'bulk-scripts-pdf-result-dark')
})

test('an attachment downloads through a short-lived link main fetched', async ({ page }) => {
  const job = plan().withAttachment
  const attachment = job.attachments_detail.find((a) => a.status === 'attached')
  if (!attachment) throw new Error('unreachable: plan() picked a job with an attachment')
  await openWorkspace(page, booth.launchUrl)
  await openJob(page, job.job_id, job.advertiser)
  const download = page.waitForEvent('download', { timeout: 15_000 })
  await page.getByRole('button', { name: `Download ${attachment.original_name}` }).click()
  const saved = await download
  expect(saved.url()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/.+\?download=1$/)
  expect(saved.suggestedFilename()).toBe(attachment.original_name)
  expect((await stat((await saved.path())!)).size).toBe(attachment.size_bytes)
  await expect(page.getByText(`Your browser is downloading ${attachment.original_name}.`)).toBeVisible()
})
