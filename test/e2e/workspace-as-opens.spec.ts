/**
 * The window as Booth opens on a laptop (1280x720 and 1024x768), in demo mode, with the job list shown and
 * nothing chosen yet: a job opened from the list gets the script first. Lines of script in view are
 * measured on the page (support/script-lines.ts) at the default size: at least 8, together with the record
 * button, the Input / Next take / Count-in row and the directions; also under a "Changes requested" or
 * "Script changed" notice, and while recording, when the record button does not move. The demo world's
 * scripts are lengthened with its own text (support/long-script-world.ts); a job of the seed as it is
 * shows all its lines.
 */
import { test, expect } from './booth-host'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { FAKE_MICROPHONE } from './support/recording'
import { LAPTOP_SCREENS, expectWhollyInView } from './support/reading'
import { scriptLinesInView } from './support/script-lines'
import { startLongScriptBooth, type LongScriptBooth, type LongScriptJob } from './support/long-script-world'
import { openWorkspace, row } from './support/workspace'

const DOCS = join(process.cwd(), 'docs', 'screenshots')
const DEFAULT_SIZE = 26

test.use(FAKE_MICROPHONE)

let booth: LongScriptBooth
test.beforeAll(async () => {
  booth = await startLongScriptBooth()
})
test.afterAll(async () => {
  await booth?.stop()
})

/** Opens Booth as a new talent would (nothing remembered), checks the list shows, and opens the job from it. */
async function openAsBoothOpens(page: Page, job: LongScriptJob): Promise<void> {
  await openWorkspace(page, booth.launchUrl, 'light')
  await expect(page.locator('.sidebar')).toBeVisible()
  await expect(page.locator('.list-pane')).toBeVisible()
  await row(page, job.jobId).click()
  await expect(page.locator('#job-title')).toHaveText(job.advertiser, { timeout: 45_000 })
  await expect(page.locator('.script-read')).toBeVisible()
}

/** At least 8 lines of the script in view at the default size, with the record button and the settings row. */
async function expectScriptFirst(page: Page, label: string): Promise<number> {
  const lines = await scriptLinesInView(page)
  expect(lines.fontSize, `${label}: the script at its default size`).toBe(DEFAULT_SIZE)
  expect(lines.total, `${label}: the script is long enough to tell`).toBeGreaterThan(12)
  expect(lines.inView, `${label}: lines of script in view (${lines.total} in all)`).toBeGreaterThanOrEqual(8)
  await expectWhollyInView(page, page.getByRole('button', { name: /^(Record|Stop)$/ }), `${label}: the record button`)
  const recorder = (await page.locator('.recorder').boundingBox())!
  for (const name of ['Input', 'Next take', 'Count-in']) {
    const field = page.locator('.rec-settings .rec-field').filter({ has: page.getByText(name, { exact: true }) })
    await expectWhollyInView(page, field, `${label}: the ${name} field`)
    const box = (await field.boundingBox())!
    expect(box.x + box.width, `${label}: the ${name} field inside the recorder`).toBeLessThanOrEqual(
      recorder.x + recorder.width,
    )
  }
  // The input's name is not cut short inside its own box.
  const input = page.getByLabel('Input', { exact: true })
  expect(
    await input.evaluate((el) => el.scrollWidth <= el.clientWidth + 1),
    `${label}: the input's name fits its box`,
  ).toBe(true)
  return lines.inView
}

for (const screen of LAPTOP_SCREENS) {
  test.describe(`at ${screen.width}x${screen.height}`, () => {
    test.use({ viewport: screen })

    test('a job opened from the list: 8 lines of script, the record control and the directions in view', async ({
      page,
      consoleErrors,
    }) => {
      await openAsBoothOpens(page, booth.jobs.plain)
      // The list folded into the rail, which still offers it.
      await expect(page.locator('.list-pane')).toBeHidden()
      await expect(page.locator('.rail').getByRole('button', { name: /Show the jobs list/ })).toBeVisible()
      await expectScriptFirst(page, 'no notice')
      const directions = page.locator('.script-directions')
      await expectWhollyInView(page, directions, 'the directions')
      await expect(directions).not.toBeEmpty()
      // Right above the script, not under the takes.
      const d = (await directions.boundingBox())!
      const s = (await page.locator('.script-read').boundingBox())!
      expect(d.y + d.height).toBeLessThanOrEqual(s.y)
      await page.screenshot({ path: join(DOCS, `workspace-as-opens-${screen.width}x${screen.height}.png`) })
      expect(consoleErrors).toEqual([])
    })

    test('under a "Changes requested" notice, folded to one line, the script keeps 8 lines', async ({ page }) => {
      await openAsBoothOpens(page, booth.jobs.changesRequested)
      const note = page.getByRole('note', { name: 'Changes requested' })
      await expect(note).toBeVisible()
      const height = (await note.boundingBox())!.height
      expect(height, 'the notice takes one line').toBeLessThan(48)
      await expectScriptFirst(page, 'changes requested')
      // Opened, it says the whole request.
      await note.locator('summary').click()
      await expect(note.locator('.folded-note-body')).toBeVisible()
      expect((await note.boundingBox())!.height).toBeGreaterThan(height)
    })

    test('under a "Script changed" notice, folded to one line, the script keeps 8 lines', async ({ page }) => {
      await openAsBoothOpens(page, booth.jobs.scriptChanged)
      const change = page.locator('.script-change')
      await expect(change).toContainText('Script changed since you accepted the job')
      expect((await change.boundingBox())!.height, 'the notice takes one line').toBeLessThan(48)
      await expectScriptFirst(page, 'script changed')
      await change.locator('summary').click()
      await expect(page.getByLabel('Changes in the script text').locator('ins').first()).toBeVisible()
    })

    test('while recording the script keeps its lines and the record button does not move', async ({
      page,
      consoleErrors,
    }) => {
      await openAsBoothOpens(page, booth.jobs.plain)
      const before = await expectScriptFirst(page, 'before recording')
      const button = page.locator('.rec-button')
      const at = async () => {
        const b = (await button.boundingBox())!
        return { x: Math.round(b.x), y: Math.round(b.y) }
      }
      const idle = await at()
      // Once the job has a take, the line above the script is one line high before, while and after
      // recording, whatever it says (at 1024x768 the take recorded at 1280x720 is there).
      const line = page.locator('.script-panel .sm-bar-rb')
      const lineHeight = async () =>
        (await line.count()) === 0 ? 0 : line.evaluate((el) => Math.round(el.getBoundingClientRect().height))
      const oneLine = await lineHeight()
      // Nor does the script move by a pixel (the prompter's marker and status once pushed it down 10 and 8 px).
      const readTop = () => page.locator('.script-read').evaluate((el) => Math.round(el.getBoundingClientRect().top))
      const top = await readTop()
      const recorder = page.locator('.recorder')
      await page.keyboard.press('Space')
      await expect(recorder).toHaveAttribute('data-phase', 'recording')
      await expect(button).toHaveText('Stop')
      // While recording it speaks of the recording, never of an earlier take's read-back ("heard no speech").
      if (oneLine > 0) {
        await expect(line).toHaveAttribute('data-recording', '')
        await expect(line).toContainText('Recording: the read-back’s marks come back when you stop.')
        await expect(line).not.toContainText('heard no speech')
      }
      expect(await at(), 'the button while recording').toEqual(idle)
      expect(await expectScriptFirst(page, 'while recording')).toBe(before)
      // The prompter starts listening (its status over the script's corner, its marker in the margin): neither
      // takes a line of the script nor covers one (its marker once pushed the script down 2px).
      await expect(page.locator('.prompter-status')).toHaveText(/Listening…|Following your voice/, { timeout: 20_000 })
      await expect(page.locator('.reading-script.is-following')).toHaveCount(1)
      expect(await lineHeight(), 'the line above the script while recording').toBe(oneLine)
      expect(await readTop(), 'the script while the prompter listens').toBe(top)
      expect(await expectScriptFirst(page, 'while recording, the prompter listening')).toBe(before)
      await page.waitForTimeout(600)
      await page.keyboard.press('Space')
      await expect(recorder).toHaveAttribute('data-phase', 'idle', { timeout: 15_000 })
      await expect(page.locator('.last-take')).toBeVisible()
      expect(await at(), 'the button after recording').toEqual(idle)
      // After Stop the line speaks of the new take's read-back in one line (the first take's line comes
      // then: the script gives up that one line at most).
      await expect(line).not.toHaveAttribute('data-recording', '')
      await expect(line).toContainText('Booth’s read-back of take')
      if (oneLine > 0) expect(await lineHeight(), 'the line above the script after recording').toBe(oneLine)
      expect(await expectScriptFirst(page, 'after recording')).toBeGreaterThanOrEqual(oneLine > 0 ? before : before - 1)
      expect(consoleErrors).toEqual([])
    })

    test('a job of the seed as it is shows every line of its script', async ({ page }) => {
      await openWorkspace(page, booth.launchUrl)
      // The seed's first pending job that is not one of the three lengthened ones.
      const lengthened = Object.values(booth.jobs).map((j) => j.jobId)
      const rows = page.locator('.job-row')
      let opened = false
      for (let i = 0; i < (await rows.count()) && !opened; i++) {
        const id = ((await rows.nth(i).getAttribute('id')) ?? '').replace('job-row-', '')
        if (lengthened.includes(id)) continue
        await rows.nth(i).click()
        await expect(page.locator('#job-title')).toBeVisible()
        if ((await page.locator('.script-read').count()) === 0) {
          await page.keyboard.press('Escape')
          continue
        }
        opened = true
      }
      expect(opened, 'a seed job with a typed script').toBe(true)
      const lines = await scriptLinesInView(page)
      expect(lines.total).toBeGreaterThan(0)
      expect(lines.inView).toBe(lines.total)
    })
  })
}
