/**
 * The audio check's issues are laid on the script the talent reads (not a small copy beside it), at its
 * reading size, and a second press takes them off; a PDF script fills the script's width and zooms with
 * the script size, scrolling sideways rather than being cut off. At 1280x720 and 1024x768.
 */
import { test, expect } from './booth-host'
import { openWorkspace } from './support/workspace'
import { LAPTOP_SCREENS, findJob, openJobPatiently as openJob } from './support/reading'

for (const screen of LAPTOP_SCREENS) {
  test.describe(`at ${screen.width}x${screen.height}`, () => {
    test.use({ viewport: screen })
    test.setTimeout(90_000)

    test('the audio check’s issues are marked on the script the talent reads', async ({ page, booth }) => {
      const job = await findJob(
        booth.launchUrl,
        'a typed script and a checked delivery',
        (j) => j.script.kind === 'typed' && j.deliveries_detail.some((d) => d.check.issues.length > 0),
      )
      const delivery = [...job.deliveries_detail]
        .sort((a, b) => b.created_at - a.created_at)
        .find((d) => d.check.issues.length > 0)!
      await openWorkspace(page, booth.launchUrl)
      await openJob(page, job.job_id, job.advertiser)
      // No take of this computer delivered it: the platform's check is laid on the script on request.
      await expect(page.getByRole('button', { name: 'Audio check on the script' })).toHaveAttribute(
        'aria-pressed',
        'false',
      )
      await page.getByRole('button', { name: 'Audio check on the script' }).click()
      const marks = page.locator('.script-panel .script-read .sm.pf:not(.sm-cont)')
      const expected = delivery.check.issues.filter((i) => i.expected).map((i) => i.expected as string)
      await expect(marks).toHaveCount(expected.length)
      await expect(marks.first()).toContainText(expected[0] ?? '')
      await expect(marks.first()).toHaveAttribute('data-tip', /^The platform’s audio check: /)
      // Labelled as the platform's, with the take it checked.
      const n = delivery.check.issues.length
      await expect(page.locator('.script-panel .sm-bar-pf')).toContainText(
        `The platform’s audio check of take ${delivery.file_name.replace(/\.[A-Za-z0-9]{1,5}$/, '')}`,
      )
      await expect(page.locator('.script-panel .sm-bar-pf')).toContainText(`${n} issue${n === 1 ? '' : 's'}`)
      // The script keeps its reading size.
      expect(
        await page.locator('.script-read').evaluate((el) => parseFloat(getComputedStyle(el).fontSize)),
      ).toBeGreaterThanOrEqual(18)
      await page.getByRole('button', { name: 'Audio check on the script' }).click()
      await expect(marks).toHaveCount(0)
    })

    test('a PDF script fits the script’s width and zooms with the script size, never cut off', async ({
      page,
      booth,
    }) => {
      const job = await findJob(
        booth.launchUrl,
        'a document script with a PDF',
        (j) => j.script.kind === 'document' && !!j.script.document?.pdf_url,
      )
      await openWorkspace(page, booth.launchUrl)
      await openJob(page, job.job_id, job.advertiser)
      const canvas = page.locator('canvas.pdf-canvas').first()
      await expect(canvas).toHaveAttribute('data-rendered', 'true', { timeout: 30_000 })
      const pages = page.locator('.pdf-pages')
      const inner = await pages.evaluate((el) => el.clientWidth)
      const box = await canvas.boundingBox()
      if (!box) throw new Error('The PDF page has no box.')
      expect(box.width, 'the page fills the script width').toBeGreaterThan(inner * 0.8)
      expect(box.x + box.width, 'the page is not cut off by the window').toBeLessThanOrEqual(
        (page.viewportSize()?.width ?? 0) + 0.5,
      )
      await page.getByRole('button', { name: 'Bigger script text' }).click()
      await page.getByRole('button', { name: 'Bigger script text' }).click()
      await expect.poll(async () => (await canvas.boundingBox())?.width ?? 0).toBeGreaterThan(box.width + 10)
      // Zoomed past the width, the pages scroll sideways in their own area.
      await page.getByRole('button', { name: 'Bigger script text' }).click()
      await page.getByRole('button', { name: 'Bigger script text' }).click()
      await expect.poll(() => pages.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true)
    })
  })
}
