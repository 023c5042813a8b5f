/**
 * Hostile and oversized input in the real renderer (Chromium, web host, a sandbox whose saved world was
 * edited first): a 300-character unbroken job title, customer and account name, names with right-to-left
 * override characters, pronunciations that once built broken patterns, and a 100,000-character script
 * change, and a dropped file whose name carries a right-to-left override. At 1024x768 nothing may be
 * wider than the window, names show without their bidi controls, and
 * the change's diff shows within a second with no long task over 200 ms.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { test, expect, startBooth } from './booth-host'
import { startStandaloneSandbox, type StandaloneSandbox } from './support/standalone-sandbox'
import { dropFiles, openWorkspace, row, screenshot, showListIfFolded } from './support/workspace'
import { makeWav } from './support/reading'
import { loremScript as lorem } from '../support/lorem-script'

const LONG_TITLE = `Megacorp${'W'.repeat(292)}`
const LONG_CUSTOMER = `Customer${'C'.repeat(292)}`
const LONG_TALENT = `Talent${'T'.repeat(294)}`
const SPOOFED_VOICE = 'Voice \u202Egnp.exe'
const RTL_PRODUCER = '\u2067שלום\u2069 Cohen\u200F'
/** An attachment's name that would read "invoiceexe.pdf" with its override honoured. */
const SPOOFED_ATTACHMENT = 'invoice\u202Efdp.exe'
const HOSTILE_WORDS = ['Coca-Cola', "Dr. O'Neil", '$9.99', '(a+)+', '🍺', 'שלום', 'naïve', `Long${'g'.repeat(296)}`]

interface WorldFile {
  next_id: number
  talent: { name: string }
  customers: Array<{ id: string; name: string }>
  voices: Array<{ id: string; name: string }>
  jobs: Array<{
    job_id: string
    status: string
    customer_id: string
    voice_id: string
    advertiser: string
    key_number: string
    producer: { name: string; email: string | null } | null
    script: { kind: string; html: string | null; text: string }
    pronunciations: Array<{ word: string; say: string }>
    script_change: unknown
    attachments: Array<{ attachment_id: string; original_name: string; ext: string }>
  }>
}

let sandbox: StandaloneSandbox
let booth: Awaited<ReturnType<typeof startBooth>>
let dataDir: string
let target: { jobId: string; key: string }

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'booth-hostile-world-'))
  const first = await startStandaloneSandbox({ dataDir })
  const file = join(dataDir, 'world.json')
  for (let i = 0; i < 100 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 100))
  await first.stop()
  const world = JSON.parse(readFileSync(file, 'utf8')) as WorldFile
  const job = world.jobs.find((j) => j.status === 'pending' && j.script.kind === 'typed')
  if (!job) throw new Error('The demo world has no pending job with a typed script.')
  const previous = `${HOSTILE_WORDS.join(' and ')}. ${lorem(100_000, 1)}`
  const current = `${HOSTILE_WORDS.join(' and ')}. ${lorem(100_000, 2)}`
  job.advertiser = LONG_TITLE
  job.producer = { name: RTL_PRODUCER, email: null }
  job.script = { ...job.script, html: null, text: current }
  job.pronunciations = HOSTILE_WORDS.map((word) => ({ word, say: `say ${word}` }))
  job.script_change = {
    since: 'seen',
    previous_text: previous,
    current_text: current,
    directions_changed: false,
    document_replaced: false,
    changed_at: Date.now() - 60_000,
  }
  const attached = world.jobs.flatMap((j) => j.attachments)[0]
  if (!attached) throw new Error('The demo world has no attachment to copy.')
  job.attachments = [
    ...job.attachments,
    { ...attached, attachment_id: String(world.next_id++), original_name: SPOOFED_ATTACHMENT, ext: '\u202Eexe' },
  ]
  const customer = world.customers.find((c) => c.id === job.customer_id)
  const voice = world.voices.find((v) => v.id === job.voice_id)
  if (!customer || !voice) throw new Error('The job’s customer or voice is missing from the world.')
  customer.name = LONG_CUSTOMER
  voice.name = SPOOFED_VOICE
  world.talent.name = LONG_TALENT
  writeFileSync(file, JSON.stringify(world))
  target = { jobId: job.job_id, key: job.key_number }
  sandbox = await startStandaloneSandbox({ dataDir, apiKey: first.apiKey })
  booth = await startBooth({ BOOTH_API_KEY: sandbox.apiKey }, ['--base-url', sandbox.url])
})

test.afterAll(async () => {
  await booth?.stop()
  await sandbox?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

/**
 * What is wider than the window: elements whose right edge is past it unless an ancestor that hides its
 * overflow (an ellipsis, a clamp) holds them in, and boxes that scroll sideways because of their content.
 */
function widerThanWindow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const out: string[] = []
    const name = (el: Element) => `${el.tagName.toLowerCase()}.${String(el.className).replace(/\s+/g, '.')}`
    if (document.documentElement.scrollWidth > width + 1)
      out.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`)
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const style = getComputedStyle(el)
      if ((style.overflowX === 'auto' || style.overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1) {
        out.push(`${name(el)} scrolls sideways: ${el.scrollWidth} > ${el.clientWidth}`)
      }
      const r = el.getBoundingClientRect()
      if (r.width === 0 || r.height === 0 || r.right <= width + 1) continue
      let clipped = false
      for (let a = el.parentElement; a; a = a.parentElement) {
        const o = getComputedStyle(a).overflowX
        if ((o === 'hidden' || o === 'clip') && a.getBoundingClientRect().right <= width + 1) {
          clipped = true
          break
        }
      }
      if (!clipped) out.push(`${name(el)} right=${Math.round(r.right)}`)
    }
    return out
  })
}

async function findTarget(page: Page): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill(target.key)
  await expect(row(page, target.jobId)).toBeVisible()
}

test.describe('at 1024x768', () => {
  test.use({ viewport: { width: 1024, height: 768 } })

  test('long unbroken names and right-to-left overrides keep the layout and show as what they are', async ({
    page,
    consoleErrors,
  }) => {
    void consoleErrors
    await openWorkspace(page, booth.launchUrl)
    await findTarget(page)
    const advertiser = row(page, target.jobId).locator('.job-advertiser')
    await expect(advertiser).toHaveText(LONG_TITLE)
    await expect(advertiser).toHaveAttribute('title', LONG_TITLE)
    await expect(row(page, target.jobId)).toContainText('Voice gnp.exe')
    await expect(row(page, target.jobId).locator('mark.search-hit')).toHaveText(target.key) // the search's hit, marked by scanning
    expect(await row(page, target.jobId).textContent()).not.toContain('\u202E')
    await expect(page.locator('.account-name')).toContainText(LONG_TALENT)
    expect(await widerThanWindow(page)).toEqual([])

    await row(page, target.jobId).click()
    await expect(page.locator('#job-title')).toHaveText(LONG_TITLE)
    expect((await page.locator('#job-title').boundingBox())?.height ?? 999).toBeLessThan(200) // clamped to three lines
    await expect(page.locator('#job-title .shown-name')).toHaveAttribute('title', LONG_TITLE)
    const facts = page.locator('.job-facts .facts')
    await expect(facts).toContainText(LONG_CUSTOMER)
    await expect(facts).toContainText('Voice gnp.exe')
    await expect(facts).toContainText('שלום Cohen')
    expect(await facts.textContent()).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/)
    // An attachment's name shows as the name it is, not reversed by its override.
    const attachment = page.locator('.attachment').filter({ hasText: 'invoice' })
    await expect(attachment.locator('.attachment-name')).toHaveText('invoicefdp.exe')
    expect(await attachment.textContent()).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/)
    await expect(attachment.getByRole('button', { name: 'Download invoicefdp.exe' })).toBeVisible()
    // The pronunciations that once built broken patterns are marked on their words.
    const marked = await page
      .locator('.script-read mark.pron')
      .evaluateAll((ms) => ms.slice(0, 8).map((m) => m.firstChild?.textContent ?? ''))
    expect(marked).toEqual(HOSTILE_WORDS)
    // The change is one line over the script until opened.
    await page.locator('.script-change summary').click()
    await expect(page.locator('.script-change .diff')).toBeVisible()
    expect(await widerThanWindow(page)).toEqual([])
    await screenshot(page, 'hostile-job-1024')

    await showListIfFolded(page)
    await page
      .getByRole('link', { name: /Earnings/ })
      .or(page.getByRole('button', { name: /Earnings/ }))
      .first()
      .click()
    const picker = page.locator('select.long-choice')
    await expect(picker.locator('option', { hasText: LONG_CUSTOMER })).toHaveCount(1)
    await picker.selectOption({ label: LONG_CUSTOMER })
    await expect(picker).toHaveAttribute('title', LONG_CUSTOMER)
    expect(await widerThanWindow(page)).toEqual([])
    await screenshot(page, 'hostile-earnings-1024')
  })

  test('a dropped file with a 200-character name and a right-to-left override becomes a take shown as its real name', async ({
    page,
    consoleErrors,
  }) => {
    void consoleErrors
    const name = `${'A'.repeat(200)}\u202Egnp.wav`
    const shown = `${'A'.repeat(200)}gnp.wav`
    await openWorkspace(page, booth.launchUrl)
    await findTarget(page)
    await row(page, target.jobId).click()
    await expect(page.locator('#job-title')).toHaveText(LONG_TITLE)
    await dropFiles(page, '.script-panel', [{ name, type: 'audio/wav', bytes: readFileSync(makeWav(1, 'tone.wav')) }])
    const notice = page.locator('.takes-notice').filter({ hasText: `“${shown}” is ` })
    // Named as the takes list names it.
    await expect(notice).toContainText(/” is \S+_main_\d{2}\./)
    expect(await notice.textContent()).not.toContain('\u202E')
    const take = page.locator('.take-row').first()
    // main keeps its own form of the original name; whatever it is, it is shown without bidi controls.
    const original = (await take.locator('.tag', { hasText: 'Imported' }).getAttribute('title')) ?? ''
    expect(original).toMatch(/^A{100}/)
    expect(original).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/)
    expect(await widerThanWindow(page)).toEqual([])
  })
})

test('a 100,000-character script change is diffed in a worker and shows folded over the script, its timings logged', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors
  const workers: string[] = []
  page.on('worker', (w) => workers.push(w.url()))
  await page.addInitScript(() => {
    const w = window as unknown as { longTasks: number[]; longStarts: number[]; changeAt?: number; diffAt?: number }
    w.longTasks = []
    w.longStarts = []
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        w.longTasks.push(e.duration)
        w.longStarts.push(e.startTime)
      }
    }).observe({ type: 'longtask' })
    new MutationObserver(() => {
      if (w.changeAt === undefined && document.querySelector('.script-change')) w.changeAt = performance.now()
      if (w.diffAt === undefined && document.querySelector('.script-change .diff ins')) w.diffAt = performance.now()
    }).observe(document, { childList: true, subtree: true })
  })
  await openWorkspace(page, booth.launchUrl)
  await findTarget(page)
  const before = await page.evaluate(() => {
    const w = window as unknown as { longTasks: number[]; longStarts: number[] }
    w.longTasks.length = 0
    w.longStarts.length = 0
    return performance.now()
  })
  await row(page, target.jobId).click()
  // Waited for by the page's own MutationObserver: Playwright's expect() polling walks the page's
  // accessibility tree on the page's thread (tens of ms per poll on a 100,000-character script), which
  // would be counted as the window's long tasks.
  await page.waitForFunction(() => (window as unknown as { diffAt?: number }).diffAt !== undefined, undefined, {
    timeout: 5_000,
    polling: 100,
  })
  await page.waitForTimeout(300) // long tasks are reported after they end
  const seen = await page.evaluate(() => {
    const w = window as unknown as { longTasks: number[]; longStarts: number[]; changeAt: number; diffAt: number }
    return { longTasks: w.longTasks, longStarts: w.longStarts, changeAt: w.changeAt, diffAt: w.diffAt }
  })
  const figures = {
    clickToDiffMs: Math.round(seen.diffAt - before),
    panelToDiffMs: Math.round(seen.diffAt - seen.changeAt),
    longTasksMs: seen.longTasks.map(Math.round),
    longTasksAtMs: seen.longStarts.map((t) => Math.round(t - before)),
    panelAtMs: Math.round(seen.changeAt - before),
  }
  console.log('100k script change:', JSON.stringify(figures))
  // Logged, not asserted: the project's tests assert no wall-clock times (on this shared 2-core machine
  // the same page's tasks vary twofold between runs); the goals (the change within a second of the job
  // view, no long task over 200 ms) are docs/measurements.md's figures, and `npm run bench -- script-diff` times the diff.
  expect(workers.some((u) => /word-diff\.worker/.test(u))).toBe(true)
  // Folded to one line over the script, with the change counted; opened, the diff shows.
  await expect(page.locator('.script-change summary')).toContainText(/\+\d+ −\d+ words/)
  await page.locator('.script-change summary').click()
  await expect(page.locator('.script-change .diff ins').first()).toBeVisible()
  await expect(page.locator('.script-change')).toContainText(/Shown (sentence|line) by (sentence|line)/)
  // At most 30,000 characters of the change go on screen until the person asks for the rest.
  const rest = page.getByRole('button', { name: /Show the whole change/ })
  await expect(rest).toBeVisible()
  const shownBefore = ((await page.locator('.script-change .diff').textContent()) ?? '').length
  await rest.click()
  await expect(rest).toHaveCount(0)
  expect(((await page.locator('.script-change .diff').textContent()) ?? '').length).toBeGreaterThan(2 * shownBefore)
})
