/** Small steps the job specs share: open Booth, wait for the list, open a job by its row, save screenshots. */
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

export async function openJob(page: Page, jobId: string, advertiser: string): Promise<void> {
  await row(page, jobId).click()
  await expect(page.locator('#job-title')).toHaveText(advertiser)
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) })
}
