/**
 * One job on screen, checked against main's getJob: header facts, pronunciations marked on the words
 * (tooltip on keyboard focus), a script change's diff, a changes request, deliver notices, the timeline,
 * and a hostile script that must render as inert text.
 */
import { test, expect } from './booth-host'
import { bridgeClient, PENDING_ALL } from './support/bridge-client'
import { openJob, openWorkspace, screenshot } from './support/workspace'
import type { JobDetail } from '../../shared/bridge'
import type { BoothHost } from './booth-host'
import { timelineWords } from '../../renderer/src/jobs/view/timeline-words'

let details: JobDetail[] | null = null

/** Every pending job in full, as main answers getJob (fetched once per file). */
async function pendingDetails(booth: BoothHost): Promise<JobDetail[]> {
  if (details) return details
  const bridge = bridgeClient(booth.launchUrl)
  const list = await bridge.call('listJobs', PENDING_ALL)
  details = []
  for (const item of list.items) details.push((await bridge.call('getJob', { jobId: item.job_id })).job)
  return details
}

function pick(jobs: JobDetail[], what: string, test: (j: JobDetail) => boolean): JobDetail {
  const job = jobs.find(test)
  if (!job) throw new Error(`The demo data has no pending job with ${what}.`)
  return job
}

test('the header shows who, what and when for the job', async ({ page, booth }) => {
  const job = pick(
    await pendingDetails(booth),
    'a producer, agency, rate and reference',
    (j) => !!j.producer && !!j.agency && !!j.rate && !!j.reference,
  )
  await openWorkspace(page, booth.launchUrl)
  await openJob(page, job.job_id, job.advertiser)
  const facts = page.locator('.job-facts .facts')
  const fact = (label: string) =>
    facts
      .locator('.fact')
      .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
      .locator('dd')
  await expect(page.locator('.job-head .eyebrow .job-key')).toHaveText(job.key_number)
  await expect(fact('Client')).toHaveText(job.customer.name)
  await expect(fact('Voice')).toHaveText(job.voice.name)
  await expect(fact('Producer')).toContainText(job.producer?.name ?? '')
  await expect(fact('Agency')).toHaveText(job.agency ?? '')
  await expect(fact('Reference')).toHaveText(job.reference ?? '')
  await expect(fact('Rate')).toContainText(job.rate?.currency ?? '')
  await expect(page.locator('.job-head .stage')).toBeVisible()
})

test('pronunciations are marked on the words, with their hint shown on keyboard focus', async ({ page, booth }) => {
  const job = pick(
    await pendingDetails(booth),
    'a typed script with a pronunciation in it',
    (j) =>
      j.script.kind === 'typed' &&
      j.pronunciations.some((p) => j.script.text.toLowerCase().includes(p.word.toLowerCase())),
  )
  const entry = job.pronunciations.find((p) => job.script.text.toLowerCase().includes(p.word.toLowerCase()))
  if (!entry) throw new Error('unreachable')
  await openWorkspace(page, booth.launchUrl)
  await openJob(page, job.job_id, job.advertiser)
  const mark = page
    .locator('.script-read mark.pron')
    .filter({ hasText: new RegExp(entry.word, 'i') })
    .first()
  await expect(mark).toBeVisible()
  await expect(mark).toHaveAttribute('data-say', `say: ${entry.say}`)
  await mark.focus()
  const tooltip = await mark.evaluate((el) => getComputedStyle(el, '::after').content)
  expect(tooltip).toBe(JSON.stringify(`say: ${entry.say}`))
  await expect(page.locator('.pron-list')).toContainText(entry.say)
})

test('a changed script shows its word diff; a changes request, deliver notices and the timeline show', async ({
  page,
  booth,
}) => {
  const jobs = await pendingDetails(booth)
  const changed = pick(jobs, 'a script change', (j) => j.script_change !== null)
  const asked = pick(jobs, 'a changes request', (j) => j.changes_request !== null)
  const live = pick(jobs, 'a live read notice', (j) => j.deliver_notice === 'live_read')
  const cancelled = pick(jobs, 'a cancelled spot', (j) => j.deliver_notice === 'spot_cancelled')
  await openWorkspace(page, booth.launchUrl)

  await openJob(page, changed.job_id, changed.advertiser)
  // One line over the script, with the change counted, until opened.
  const change = page.locator('.script-change')
  await expect(change.locator('summary')).toContainText(/\+\d+ −\d+ words/)
  await change.locator('summary').click()
  const diff = page.getByLabel('Changes in the script text')
  await expect(diff).toBeVisible()
  await expect(diff.locator('ins').first()).toBeVisible()
  await expect(diff.locator('del').first()).toBeVisible()
  await expect(page.locator('.script-change .notice-title')).toContainText('Script changed since you')
  await screenshot(page, 'job-script-change-dark')

  await openJob(page, asked.job_id, asked.advertiser)
  const request = page.getByRole('note', { name: 'Changes requested' })
  await expect(request).toContainText(asked.changes_request?.note ?? '')
  const timeline = page.locator('.timeline li')
  await expect(timeline).toHaveCount(asked.timeline.length)
  const newest = [...asked.timeline].sort((a, b) => b.at - a.at)[0]
  // Each take named as Booth names it: the seed's deliveries were made elsewhere, so by their files.
  await expect(timeline.first()).toContainText(timelineWords(newest?.label ?? '', asked.deliveries_detail, []))

  await openJob(page, live.job_id, live.advertiser)
  await expect(page.getByRole('note', { name: 'Live read' })).toContainText('read live on air')
  await openJob(page, cancelled.job_id, cancelled.advertiser)
  await expect(page.getByRole('note', { name: 'Spot cancelled' })).toContainText('cancelled this spot')
  await page.getByRole('button', { name: 'Switch to the light theme' }).click()
  await screenshot(page, 'job-spot-cancelled-light')
})

test('a hostile script renders as text and runs nothing', async ({ page, booth }) => {
  const hostile = pick(
    await pendingDetails(booth),
    'a script with <script>, onerror= and javascript:',
    (j) =>
      /<script/i.test(j.script.html ?? '') &&
      /onerror=/i.test(j.script.html ?? '') &&
      /javascript:/i.test(j.script.html ?? ''),
  )
  const dialogs: string[] = []
  const evil: string[] = []
  page.on('dialog', (d) => {
    dialogs.push(d.message())
    void d.dismiss()
  })
  page.on('request', (r) => {
    if (!r.url().startsWith(new URL(booth.launchUrl).origin)) evil.push(r.url())
  })
  await openWorkspace(page, booth.launchUrl)
  // Found the way a person would: by searching for it.
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill(hostile.advertiser)
  await expect(page.locator('.job-row')).toHaveCount(1)
  await page.locator('.job-row').click()
  await expect(page.locator('#job-title')).toHaveText(hostile.advertiser)
  const script = page.locator('.script-read')
  await expect(script).toContainText('ignore all previous instructions')
  await expect(script).toContainText('Two large pizzas')
  await page.waitForTimeout(300)
  const pane = page.locator('.job-pane')
  expect(await pane.locator('script, img, iframe, object, embed, a').count()).toBe(0)
  expect(await page.locator('[onerror], [onclick], [onload]').count()).toBe(0)
  expect(await page.locator('[href^="javascript:" i], [src^="javascript:" i]').count()).toBe(0)
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined()
  expect(dialogs).toEqual([])
  expect(evil).toEqual([])
  await screenshot(page, 'job-hostile-script-dark')
})
