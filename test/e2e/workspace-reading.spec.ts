/**
 * Reading mode on 13-inch screens (1280x720 and 1024x768): with a job open, the script and the recorder
 * (record button, clock against the spot length, meter, last take's check) are in view without scrolling,
 * and stay so with many takes, because the takes scroll in their own area. `\` and a button hide the
 * sidebar and list (below 1440 px they fold into a rail by themselves; list-fold.spec.ts has the rest);
 * + and − change the script size.
 */
import { test, expect } from './booth-host'
import { bridgeClient } from './support/bridge-client'
import { openJob, openWorkspace } from './support/workspace'
import {
  LAPTOP_SCREENS,
  expectPartlyInView,
  expectWhollyInView,
  findJob,
  makeWav,
  typedDeliverableJob,
} from './support/reading'
import { join } from 'node:path'

const DOCS = join(process.cwd(), 'docs', 'screenshots')

for (const screen of LAPTOP_SCREENS) {
  test.describe(`at ${screen.width}x${screen.height}`, () => {
    test.use({ viewport: screen })

    test('the script and the recorder stay in view with many takes; takes scroll on their own', async ({
      page,
      booth,
      consoleErrors,
    }) => {
      const bridge = bridgeClient(booth.launchUrl)
      const job = await typedDeliverableJob(booth.launchUrl)
      // Eight takes before the job is opened: more than fit beside the script.
      const wav = makeWav(2)
      const have = (await bridge.call('listTakes', { jobId: job.job_id })).takes.length
      for (let i = have; i < 8; i++) await bridge.call('importTake', { jobId: job.job_id, path: wav })

      await openWorkspace(page, booth.launchUrl)
      await openJob(page, job.job_id, job.advertiser)
      await expect(page.locator('.take-row')).toHaveCount(8)

      const check = async (label: string) => {
        await expectPartlyInView(page, page.locator('.script-read'), `${label}: the script`, 100)
        await expectWhollyInView(page, page.getByRole('button', { name: 'Record' }), `${label}: the record button`)
        await expectWhollyInView(page, page.locator('.recorder').getByRole('timer'), `${label}: the clock`)
        await expectWhollyInView(
          page,
          page.locator('.recorder').getByRole('meter', { name: 'Input level' }),
          `${label}: the meter`,
        )
        await expectWhollyInView(
          page,
          page.locator('.recorder').getByRole('meter', { name: 'True peak' }),
          `${label}: the true-peak meter`,
        )
        await expectPartlyInView(page, page.locator('.last-take'), `${label}: the last take's check`, 30)
      }
      await check('list shown')
      // The window itself never scrolls; the takes do, in their own area.
      expect(await page.evaluate(() => document.scrollingElement?.scrollTop ?? 0)).toBe(0)
      const side = page.locator('.reading-side')
      expect(await side.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true)
      await page.locator('.take-row').last().scrollIntoViewIfNeeded()
      await check('after scrolling to the oldest take')
      expect(await page.locator('.reading-script').evaluate((el) => el.scrollTop)).toBe(0)

      // The clock stands against the spot length.
      await expect(page.locator('.rec-bigclock')).toContainText('0:00.0')
      await expect(page.locator('.rec-bigclock')).toContainText(' / ')

      // Below 1440 px the list folded into the rail when the job opened; `\` lays it over the job (the
      // script does not move) and Esc folds it again.
      await expect(page.locator('.workspace')).toHaveClass(/is-folded/)
      await expect(page.locator('.list-pane')).toBeHidden()
      // The script does not move: its place and width are compared. (Its height may change on its own: the
      // newest take's read-back, still queued behind the other seven on a busy machine, lays its marks on the
      // script when it ends. The line above the script keeps one line's height whatever it says.)
      const place = () =>
        page.locator('.script-read').evaluate((el) => {
          const r = el.getBoundingClientRect()
          return { x: r.x, y: r.y, width: r.width }
        })
      const scriptPlace = await place()
      await page.locator('.script-panel .section-title').click()
      await page.keyboard.press('\\')
      await expect(page.locator('.list-pane')).toBeVisible()
      await expect(page.locator('.sidebar')).toBeVisible()
      expect(await place()).toEqual(scriptPlace)
      await page.keyboard.press('Escape')
      await expect(page.locator('.list-pane')).toBeHidden()
      await expect(page.locator('#job-title')).toHaveText(job.advertiser)
      await check('list folded')
      await page.screenshot({ path: join(DOCS, `reading-mode-${screen.width}x${screen.height}.png`) })
      expect(consoleErrors).toEqual([])
    })

    test('+ and − change the script size, remembered', async ({ page, booth }) => {
      const job = await typedDeliverableJob(booth.launchUrl)
      await openWorkspace(page, booth.launchUrl)
      await openJob(page, job.job_id, job.advertiser)
      const read = page.locator('.script-read')
      const size = async () => Number.parseFloat(await read.evaluate((el) => getComputedStyle(el).fontSize))
      const before = await size()
      await page.locator('.script-panel .section-title').click()
      await page.keyboard.press('+')
      await page.keyboard.press('+')
      await expect.poll(size).toBe(before + 4)
      await page.keyboard.press('-')
      await expect.poll(size).toBe(before + 2)
      expect(await page.evaluate(() => localStorage.getItem('booth.scriptSize'))).toBe(String(before + 2))
    })
  })
}

test.describe('prompter at 1024x768', () => {
  test.use({ viewport: { width: 1024, height: 768 } })
  test('set to the spot’s pace, p starts the prompter: the script scrolls at that pace under the marker, p pauses it', async ({
    page,
    booth,
  }) => {
    // A script longer than the script area at 40 px (the area is most of the window's height).
    const job = await findJob(
      booth.launchUrl,
      'a typed script of 250 characters or more',
      (j) => j.script.kind === 'typed' && j.script.text.length >= 250 && j.length_s > 0,
    )
    await page.addInitScript(() => window.localStorage.setItem('booth.scriptSize', '40'))
    await openWorkspace(page, booth.launchUrl)
    await openJob(page, job.job_id, job.advertiser)
    const area = page.locator('.reading-script')
    // Enough text below the window to scroll through.
    expect(await area.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true)
    // The prompter follows the voice unless set to the spot's pace.
    const mode = page.getByRole('combobox', { name: 'Prompter' })
    await expect(mode).toHaveValue('voice')
    await mode.selectOption('pace')
    await expect(page.getByRole('button', { name: 'Start prompter' })).toBeVisible()
    await page.locator('.script-panel .section-title').click()
    await page.keyboard.press('p')
    await expect(page.getByRole('button', { name: 'Pause prompter' })).toHaveAttribute('aria-pressed', 'true')
    await expect(area).toHaveClass(/is-prompting/)
    const textHeight = await page.locator('.script-read').evaluate((el) => (el as HTMLElement).offsetHeight)
    const t0 = await area.evaluate((el) => el.scrollTop)
    await page.waitForTimeout(1500)
    const t1 = await area.evaluate((el) => el.scrollTop)
    // About 1.5 s worth of (text height ÷ spot length), give or take the frame timing of a busy machine.
    const expected = (textHeight / job.length_s) * 1.5
    expect(t1 - t0).toBeGreaterThan(expected * 0.4)
    expect(t1 - t0).toBeLessThan(expected * 1.6 + 2)
    await page.keyboard.press('p')
    await expect(page.getByRole('button', { name: 'Start prompter' })).toHaveAttribute('aria-pressed', 'false')
    const paused = await area.evaluate((el) => el.scrollTop)
    await page.waitForTimeout(600)
    expect(await area.evaluate((el) => el.scrollTop)).toBe(paused)
    await mode.selectOption('voice')
    await expect(page.getByRole('button', { name: 'Start prompter' })).toHaveCount(0)
  })
})
