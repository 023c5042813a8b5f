/**
 * Reading mode on 13-inch screens (1280x720 and 1024x768): with a job open, the script and the recorder
 * (record button, clock against the spot length, meter, last take's check) are in view without scrolling,
 * and stay so with many takes, because the takes scroll in their own area. `\` and a button hide the
 * sidebar and list, and the choice is remembered after a reload; + and − change the script size.
 */
import { test, expect } from './booth-host'
import { bridgeClient } from './support/bridge-client'
import { openJob, openWorkspace } from './support/workspace'
import { LAPTOP_SCREENS, expectPartlyInView, expectWhollyInView, makeWav, typedDeliverableJob } from './support/reading'
import { join } from 'node:path'

const DOCS = join(process.cwd(), 'docs', 'screenshots')

for (const screen of LAPTOP_SCREENS) {
  test.describe(`at ${screen.width}x${screen.height}`, () => {
    test.use({ viewport: screen })

    test('the script and the recorder stay in view with many takes; takes scroll on their own', async ({ page, booth, consoleErrors }) => {
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
        await expectWhollyInView(page, page.locator('.recorder').getByRole('meter', { name: 'Input level' }), `${label}: the meter`)
        await expectWhollyInView(page, page.locator('.recorder').getByRole('meter', { name: 'True peak' }), `${label}: the true-peak meter`)
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

      // `\` hides the sidebar and list; the script gets the width.
      const widthBefore = (await page.locator('.script-read').boundingBox())?.width ?? 0
      await page.locator('.script-panel .section-title').click()
      await page.keyboard.press('\\')
      await expect(page.locator('.workspace')).toHaveClass(/is-collapsed/)
      await expect(page.locator('.list-pane')).toBeHidden()
      await expect(page.locator('.sidebar')).toBeHidden()
      expect((await page.locator('.script-read').boundingBox())?.width ?? 0).toBeGreaterThan(widthBefore)
      await check('list hidden')
      await page.screenshot({ path: join(DOCS, `reading-mode-${screen.width}x${screen.height}.png`) })

      // Remembered: after a reload the list shows while no job is open (to choose one), and hides again
      // as soon as a job opens.
      await page.reload()
      await expect(page.locator('.sidebar')).toBeVisible()
      await openJob(page, job.job_id, job.advertiser)
      await expect(page.locator('.list-pane')).toBeHidden()
      await check('after a reload')
      expect(consoleErrors).toEqual([])
    })

    test('the list comes back by its button and stays back after a reload', async ({ page, booth }) => {
      const job = await typedDeliverableJob(booth.launchUrl)
      await page.addInitScript(() => {
        if (!sessionStorage.getItem('seeded')) {
          localStorage.setItem('booth.listCollapsed', '1')
          sessionStorage.setItem('seeded', '1')
        }
      })
      await openWorkspace(page, booth.launchUrl)
      await openJob(page, job.job_id, job.advertiser)
      await expect(page.locator('.workspace')).toHaveClass(/is-collapsed/)
      await expect(page.locator('.list-pane')).toBeHidden()
      const toggle = page.getByRole('button', { name: /Show the sidebar and jobs list/ })
      await toggle.click()
      await expect(page.locator('.list-pane')).toBeVisible()
      await expect(page.getByRole('button', { name: /Hide the sidebar and jobs list/ })).toHaveAttribute('aria-pressed', 'false')
      expect(await page.evaluate(() => localStorage.getItem('booth.listCollapsed'))).toBe('0')
      await page.reload()
      await openJob(page, job.job_id, job.advertiser)
      await expect(page.locator('.list-pane')).toBeVisible()
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
  test('set to the spot’s pace, p starts the prompter: the script scrolls at that pace under the marker, p pauses it', async ({ page, booth }) => {
    const job = await typedDeliverableJob(booth.launchUrl)
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
