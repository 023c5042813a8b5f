/** Shared steps of the workspace specs: the two laptop screen sizes, takes made by ffmpeg, "in view" checks. */
import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, type Locator, type Page } from '@playwright/test'
import { bridgeClient, PENDING_ALL } from './bridge-client'
import { row, showListIfFolded } from './workspace'
import type { JobDetail } from '../../../shared/bridge'

/** The 13-inch screens reading mode is designed for. */
export const LAPTOP_SCREENS = [
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
] as const

/** A short WAV (a tone at −12 dBFS) made by ffmpeg in a fresh folder; returns its path. */
export function makeWav(seconds = 2, name = 'read.wav'): string {
  const dir = mkdtempSync(join(tmpdir(), 'booth-reading-e2e-'))
  const path = join(dir, name)
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `aevalsrc=0.25*sin(2*PI*330*t):s=48000:d=${seconds}`,
    '-ac',
    '1',
    '-c:a',
    'pcm_s24le',
    path,
  ])
  return path
}

/** Whether the element's box lies wholly inside the window (not scrolled away, not cut off). */
export async function expectWhollyInView(page: Page, locator: Locator, what: string): Promise<void> {
  const box = await locator.boundingBox()
  const viewport = page.viewportSize()
  expect(box, `${what} has a box`).not.toBeNull()
  if (!box || !viewport) return
  expect(box.y, `${what} starts inside the window`).toBeGreaterThanOrEqual(0)
  expect(box.x, `${what} starts inside the window`).toBeGreaterThanOrEqual(0)
  expect(box.y + box.height, `${what} ends inside the window (height ${viewport.height})`).toBeLessThanOrEqual(
    viewport.height + 0.5,
  )
  expect(box.x + box.width, `${what} ends inside the window (width ${viewport.width})`).toBeLessThanOrEqual(
    viewport.width + 0.5,
  )
}

/** Whether at least `px` pixels of the element show inside the window. */
export async function expectPartlyInView(page: Page, locator: Locator, what: string, px = 80): Promise<void> {
  const box = await locator.boundingBox()
  const viewport = page.viewportSize()
  expect(box, `${what} has a box`).not.toBeNull()
  if (!box || !viewport) return
  const shown = Math.min(box.y + box.height, viewport.height) - Math.max(box.y, 0)
  expect(shown, `${what} shows at least ${px} px`).toBeGreaterThanOrEqual(px)
}

const readJobs = new Map<string, Map<string, JobDetail>>()
/** The first pending job that fits, read one by one (the demo key's rate limit is shared with the page); per Booth. */
export async function findJob(launchUrl: string, what: string, fits: (j: JobDetail) => boolean): Promise<JobDetail> {
  const details = readJobs.get(launchUrl) ?? new Map<string, JobDetail>()
  readJobs.set(launchUrl, details)
  for (const j of details.values()) if (fits(j)) return j
  const bridge = bridgeClient(launchUrl)
  const list = await bridge.call('listJobs', PENDING_ALL)
  for (const item of list.items) {
    if (details.has(item.job_id)) continue
    const job = (await bridge.call('getJob', { jobId: item.job_id })).job
    details.set(job.job_id, job)
    if (fits(job)) return job
  }
  throw new Error(`The demo data has no pending job with ${what}.`)
}

/** Opens a job by its row, waiting out a rate-limit pause of the demo key if one comes. */
export async function openJobPatiently(page: Page, jobId: string, advertiser: string): Promise<void> {
  await showListIfFolded(page)
  await row(page, jobId).click()
  await expect(page.locator('#job-title')).toHaveText(advertiser, { timeout: 45_000 })
}

const takesTypedDeliveries = (j: JobDetail) =>
  j.can.deliver &&
  j.deliver_notice === 'none' &&
  j.script.kind === 'typed' &&
  j.script.text.trim() !== '' &&
  j.length_s > 0

/**
 * A pending job with a typed script to record on (not one of `skip`): one that takes no deliveries first, so
 * a spec that only records leaves the few deliverable jobs of a world to the tests that deliver; a
 * deliverable one when there is no other.
 */
export async function typedJobToRecord(launchUrl: string, skip: readonly string[] = []): Promise<JobDetail> {
  const typed = (j: JobDetail) =>
    !skip.includes(j.job_id) && j.script.kind === 'typed' && j.script.text.trim() !== '' && j.length_s > 0
  try {
    return await findJob(
      launchUrl,
      'a typed script that takes no deliveries',
      (j) => typed(j) && !takesTypedDeliveries(j),
    )
  } catch {
    return typedDeliverableJob(launchUrl, skip)
  }
}

/** The first pending job with a typed script that takes deliveries (not one of `skip`), through findJob's per-Booth cache. */
export function typedDeliverableJob(launchUrl: string, skip: readonly string[] = []): Promise<JobDetail> {
  return findJob(
    launchUrl,
    'a typed script that takes deliveries',
    (j) => !skip.includes(j.job_id) && takesTypedDeliveries(j),
  )
}
