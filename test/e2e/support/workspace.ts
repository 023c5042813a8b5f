/** Small steps the job specs share: open Booth, wait for the list, open a job by its row, drop files, save screenshots. */
import { expect, type Locator, type Page } from '@playwright/test'
import { join } from 'node:path'
import { SCREENSHOTS } from '../booth-host'

export async function openWorkspace(page: Page, launchUrl: string, theme: 'dark' | 'light' = 'dark'): Promise<void> {
  await page.addInitScript((t) => window.localStorage.setItem('booth.theme', t), theme)
  await page.goto(launchUrl)
  await expect(page.getByRole('listbox')).toBeVisible()
  await expect(page.locator('.job-row').first()).toBeVisible()
}

export function row(page: Page, jobId: string): Locator {
  return page.locator(`#job-row-${jobId}`)
}

/** Below 1440 px an open job folds the list into the rail: lay it over the job to reach a row. */
export async function showListIfFolded(page: Page): Promise<void> {
  if (await page.locator('.workspace.is-folded:not(.is-peeking)').count())
    await page.locator('.rail [data-list-toggle]').click()
}

export async function openJob(page: Page, jobId: string, advertiser: string): Promise<void> {
  await showListIfFolded(page)
  await row(page, jobId).click()
  await expect(page.locator('#job-title')).toHaveText(advertiser)
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) })
}

/** Drops files on an element the way the desktop does: a DataTransfer made in the page from bytes. */
export async function dropFiles(
  page: Page,
  selector: string,
  files: Array<{ name: string; type: string; bytes: Buffer }>,
): Promise<void> {
  const payload = files.map((f) => ({ name: f.name, type: f.type, base64: f.bytes.toString('base64') }))
  const dataTransfer = await page.evaluateHandle((list) => {
    const dt = new DataTransfer()
    for (const f of list) {
      const raw = atob(f.base64)
      const bytes = new Uint8Array(raw.length)
      for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i)
      dt.items.add(new File([bytes], f.name, { type: f.type }))
    }
    return dt
  }, payload)
  await page.dispatchEvent(selector, 'dragenter', { dataTransfer })
  await page.dispatchEvent(selector, 'dragover', { dataTransfer })
  await page.dispatchEvent(selector, 'drop', { dataTransfer })
}

/**
 * A take row's state once its delivery is through: "Delivered", or what the demo's simulated producer
 * (acting every 90 s) already answered to it, "Approved" or "Changes requested".
 */
export const DELIVERED_OR_ANSWERED = /Delivered|Approved|Changes requested/
