/**
 * The in-app notification centre: when the producer changes a script, the bell shows one unread notice,
 * the panel names the job, and opening it opens the job and marks it read. In the web host the same
 * notice shows once as a browser notification after the person allowed them; a second poll raises
 * nothing again (the OS notifications' ledger). Booth runs against a sandbox in its own process whose
 * producer acts when the test says. At 1280x720 and 1024x768.
 */
import { expect } from './booth-host'
import { bridgeClient, PENDING_ALL } from './support/bridge-client'
import { openWorkspace } from './support/workspace'
import { LAPTOP_SCREENS } from './support/reading'
import { testWithProducer as test } from './support/controlled-sandbox'

for (const screen of LAPTOP_SCREENS) {
  test.describe(`at ${screen.width}x${screen.height}`, () => {
    test.use({ viewport: screen })

    test('a script change is one unread notice that opens its job, and one browser notification', async ({
      page,
      context,
      world,
      consoleErrors,
    }) => {
      await context.grantPermissions(['notifications'])
      await page.addInitScript(() => {
        const shown: string[] = []
        ;(window as unknown as { __shown: string[] }).__shown = shown
        const Real = window.Notification
        class Recorded extends Real {
          constructor(title: string, options?: NotificationOptions) {
            super(title, options)
            shown.push(title)
          }
        }
        Object.defineProperty(window, 'Notification', { value: Recorded })
      })
      const bridge = bridgeClient(world.booth.launchUrl)
      await openWorkspace(page, world.booth.launchUrl)
      const bell = page.locator('.notice-bell')
      await bell.click()
      const panel = page.getByRole('region', { name: 'Notifications' })
      await expect(panel).toBeVisible()
      // The browser already allows notifications here, so Booth does not ask.
      await expect(panel.getByRole('button', { name: 'Also show them as browser notifications' })).toHaveCount(0)
      await bell.click()

      const list = await bridge.call('listJobs', PENDING_ALL)
      const before = (await bridge.call('listNotices', {})).items.length
      let job: (typeof list.items)[number] | undefined
      for (const j of list.items) {
        if (j.script_changed || j.unopened || j.spot_cancelled || world.claimed.includes(j.job_id)) continue
        const detail = (await bridge.call('getJob', { jobId: j.job_id })).job
        if (detail.script.kind === 'typed' && detail.script.html !== null) {
          job = j
          break
        }
      }
      if (!job) throw new Error('The sandbox has no pending job with a typed script to change.')
      world.claimed.push(job.job_id)
      const event = await world.sandbox.changeScript(job.job_id)
      expect(event, 'the sandbox changed the script').not.toBeNull()
      await bridge.call('refreshNow', {})

      await expect(bell).toHaveAccessibleName(/Notifications, \d+ unread/)
      await bell.click()
      const item = panel.locator('.notice-item[data-kind="script_changed"]').filter({ hasText: job.advertiser })
      await expect(item).toHaveCount(1)
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { __shown: string[] }).__shown.length))
        .toBe((await bridge.call('listNotices', {})).items.length - before)
      await item.getByRole('button').click()
      await expect(page.locator('#job-title')).toHaveText(job.advertiser)
      await expect
        .poll(
          async () =>
            (await bridge.call('listNotices', {})).items.find(
              (n) => n.jobId === job.job_id && n.kind === 'script_changed',
            )?.read,
        )
        .toBe(true)

      // A second poll raises nothing again for the same change.
      const count = (await bridge.call('listNotices', {})).items.length
      await bridge.call('refreshNow', {})
      await page.waitForTimeout(1000)
      expect((await bridge.call('listNotices', {})).items.length).toBe(count)
      expect(consoleErrors).toEqual([])
    })
  })
}
