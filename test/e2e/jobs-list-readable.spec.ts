/**
 * The job list and the sidebar, readable at 1024x768 (and 1280x720) as Booth opens: in every row the key
 * number is whole and nothing runs into it, the advertiser is whole (up to two lines), and the due label
 * shows, so jobs of the same client (or the same advertiser) are told apart; every sidebar label is whole
 * on one line, also with its key hint shown. The same holds in the list laid over an open job.
 */
import { test, expect } from './booth-host'
import type { Page } from '@playwright/test'
import { join } from 'node:path'
import { LAPTOP_SCREENS, typedDeliverableJob } from './support/reading'
import { openJob, openWorkspace } from './support/workspace'

const DOCS = join(process.cwd(), 'docs', 'screenshots')

interface RowProblem {
  row: string
  problem: string
}

/** What is cut or overlapped in the visible job rows. */
function rowProblems(page: Page): Promise<RowProblem[]> {
  return page.evaluate(() => {
    const out: { row: string; problem: string }[] = []
    const cut = (el: Element) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1
    for (const row of Array.from(document.querySelectorAll<HTMLElement>('.job-row'))) {
      const name = row.id
      const key = row.querySelector<HTMLElement>('.job-key')
      const ad = row.querySelector<HTMLElement>('.job-advertiser')
      if (!key || !ad) {
        out.push({ row: name, problem: 'no key number or advertiser' })
        continue
      }
      if (cut(key)) out.push({ row: name, problem: `key number cut: ${key.textContent}` })
      if (cut(ad)) out.push({ row: name, problem: `advertiser cut: ${ad.textContent}` })
      // Nothing after the key number starts before it ends.
      const k = key.getBoundingClientRect()
      const next = key.nextElementSibling?.nextElementSibling as HTMLElement | null
      if (next && next.getBoundingClientRect().left < k.right - 0.5)
        out.push({ row: name, problem: `"${next.textContent}" runs into the key number ${key.textContent}` })
      // The key's own text lies inside its box (a shrunk box lets the text spill over its neighbour).
      const range = document.createRange()
      range.selectNodeContents(key)
      const text = range.getBoundingClientRect()
      if (text.right > k.right + 0.5)
        out.push({ row: name, problem: `key number ${key.textContent} spills out of its box` })
      const due = row.querySelector<HTMLElement>('.due')
      if (due && cut(due)) out.push({ row: name, problem: `due label cut: ${due.textContent}` })
      const r = row.getBoundingClientRect()
      for (const el of [key, ad, due]) {
        if (!el) continue
        const b = el.getBoundingClientRect()
        if (b.right > r.right + 0.5) out.push({ row: name, problem: `${el.className} runs out of the row` })
      }
    }
    return out
  })
}

/** Sidebar labels that wrap or are cut. */
function sidebarProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = []
    for (const item of Array.from(document.querySelectorAll<HTMLElement>('.sidebar .nav-item'))) {
      const label = item.querySelector<HTMLElement>('span:first-child')
      if (!label) continue
      const lineHeight = Number.parseFloat(getComputedStyle(label).lineHeight) || 21
      if (label.getBoundingClientRect().height > lineHeight * 1.5) out.push(`"${label.textContent}" wraps`)
      if (label.scrollWidth > label.clientWidth + 1) out.push(`"${label.textContent}" is cut`)
      const keys = item.querySelector<HTMLElement>('.nav-keys')
      if (keys) {
        const range = document.createRange()
        range.selectNodeContents(label)
        if (range.getBoundingClientRect().right > keys.getBoundingClientRect().left - 4)
          out.push(`"${label.textContent}" runs under its key hint`)
      }
      const count = item.querySelector<HTMLElement>('.count')
      if (count && count.getBoundingClientRect().right > item.getBoundingClientRect().right + 0.5)
        out.push(`the count of "${label.textContent}" runs out`)
    }
    return out
  })
}

for (const screen of LAPTOP_SCREENS) {
  test.describe(`at ${screen.width}x${screen.height}`, () => {
    test.use({ viewport: screen })

    test('job rows and sidebar labels are whole: key numbers, advertisers, due labels', async ({
      page,
      booth,
      consoleErrors,
    }) => {
      await openWorkspace(page, booth.launchUrl, 'light')
      expect(await rowProblems(page)).toEqual([])
      // With the key hints shown (hover or focus in the sidebar), no label runs under them.
      await page.locator('.sidebar').hover()
      expect(await sidebarProblems(page)).toEqual([])
      // Jobs of one client are told apart: their rows differ in what shows.
      const seen = await page.locator('.job-row').evaluateAll((rows) =>
        rows.map((r) => ({
          party: r.querySelector('.job-party')?.textContent ?? '',
          shown: `${r.querySelector('.job-advertiser')?.textContent} ${r.querySelector('.job-key')?.textContent} ${r.querySelector('.due')?.textContent ?? ''}`,
        })),
      )
      const byParty = new Map<string, Set<string>>()
      for (const s of seen) byParty.set(s.party, (byParty.get(s.party) ?? new Set()).add(s.shown))
      for (const [party, shown] of byParty)
        expect(shown.size, `rows of ${party}`).toBe(seen.filter((s) => s.party === party).length)
      if (screen.width === 1024) await page.screenshot({ path: join(DOCS, 'jobs-list-1024x768.png') })

      // Laid over an open job, the list keeps the same rows.
      const job = await typedDeliverableJob(booth.launchUrl)
      await openJob(page, job.job_id, job.advertiser)
      await page.locator('.rail [data-list-toggle]').click()
      await expect(page.locator('.list-pane')).toBeVisible()
      expect(await rowProblems(page)).toEqual([])
      expect(await sidebarProblems(page)).toEqual([])
      expect(consoleErrors).toEqual([])
    })
  })
}
