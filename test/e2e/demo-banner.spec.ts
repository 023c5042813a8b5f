/**
 * Demo mode is said at the top of the window, at 1280x720 and 1024x768: a slim banner wholly in view
 * above everything else, on the job list and with a job open (the list folded), and the script still
 * shows below it.
 */
import { test, expect } from './booth-host'
import { expectWhollyInView, LAPTOP_SCREENS, typedDeliverableJob } from './support/reading'
import { openJob, openWorkspace, screenshot } from './support/workspace'

for (const screen of LAPTOP_SCREENS) {
  test(`at ${screen.width}x${screen.height}: "Demo mode" is the first line of the window`, async ({
    page,
    booth,
    consoleErrors,
  }) => {
    await page.setViewportSize(screen)
    await openWorkspace(page, booth.launchUrl)
    const banner = page.getByTestId('demo-banner')
    await expect(banner).toContainText('Demo mode')
    await expectWhollyInView(page, banner, 'the demo banner')
    const box = await banner.boundingBox()
    expect(box?.y).toBe(0)
    expect(box?.height ?? 99, 'slim: one line').toBeLessThanOrEqual(28)
    // Nothing is laid over it: the point at its middle is the banner's own.
    expect(
      await page.evaluate(() => {
        const el = document.querySelector('[data-testid="demo-banner"]')
        const r = el?.getBoundingClientRect()
        return r ? el?.contains(document.elementFromPoint(r.left + 40, r.top + r.height / 2)) : false
      }),
    ).toBe(true)

    const job = await typedDeliverableJob(booth.launchUrl)
    await openJob(page, job.job_id, job.advertiser)
    await expectWhollyInView(page, banner, 'the demo banner with a job open')
    await expect(page.locator('.script-text')).toBeVisible()
    await screenshot(page, `demo-banner-${screen.width}x${screen.height}`)
    const workspace = await page.locator('.workspace').boundingBox()
    expect(workspace?.y ?? 0).toBeGreaterThanOrEqual((box?.height ?? 0) - 0.5)
    expect((workspace?.y ?? 0) + (workspace?.height ?? 0)).toBeLessThanOrEqual(screen.height + 0.5)
    expect(consoleErrors).toEqual([])
  })
}
