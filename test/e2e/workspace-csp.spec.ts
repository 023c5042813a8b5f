/**
 * No Content-Security-Policy violation on any screen, with the hostile corpus loaded: the job list, every
 * job (the hostile script among them), the shortcut overlay, and every money and account page. Any
 * violation the page reports (securitypolicyviolation) or logs fails the test. At 1280x720 and 1024x768.
 */
import { test, expect } from './booth-host'
import { bridgeClient, PENDING_ALL } from './support/bridge-client'
import { openJob, openWorkspace, showListIfFolded } from './support/workspace'
import { LAPTOP_SCREENS } from './support/reading'

for (const screen of LAPTOP_SCREENS) {
  test.describe(`at ${screen.width}x${screen.height}`, () => {
    test.use({ viewport: screen })

    test('no screen reports a CSP violation, the hostile script included', async ({ page, booth }) => {
      const violations: string[] = []
      page.on('console', (m) => {
        if (/Content[- ]Security[- ]Policy/i.test(m.text())) violations.push(`console: ${m.text()}`)
      })
      await page.exposeFunction('__reportCsp', (text: string) => violations.push(text))
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          void (window as unknown as { __reportCsp(t: string): Promise<void> }).__reportCsp(
            `${e.violatedDirective} ${e.blockedURI} ${e.sample}`,
          )
        })
      })
      const bridge = bridgeClient(booth.launchUrl)
      const list = await bridge.call('listJobs', PENDING_ALL)
      const hostile = list.items.find((j) => j.advertiser === 'Night Owl Pizza')
      expect(hostile, 'the demo carries the hostile script').toBeDefined()

      await openWorkspace(page, booth.launchUrl)
      for (const job of list.items) {
        await openJob(page, job.job_id, job.advertiser)
        await page.waitForTimeout(150)
      }
      await page.keyboard.press('?')
      await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible()
      await page.keyboard.press('Escape')
      for (const name of ['Completed', 'Declined']) {
        await showListIfFolded(page)
        await page
          .locator('.sidebar')
          .getByRole('button', { name: new RegExp(`^${name}`) })
          .first()
          .click()
        await page.waitForTimeout(300)
      }
      for (const name of ['Earnings', 'Availability', 'Email and time zone', 'AI voice consent', 'Settings']) {
        await showListIfFolded(page)
        await page.locator('.sidebar').getByRole('button', { name }).click()
        await expect(page.locator('#main-area h1, main h1').first()).toBeVisible()
        await page.waitForTimeout(300)
      }
      expect(violations).toEqual([])
    })
  })
}
