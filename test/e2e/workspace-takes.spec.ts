/**
 * One take name from recording to delivery (the file name the producer receives, e.g.
 * STEM_main_01): the takes list, the last take's check, the deliver dialog and the delivered take all
 * say it. The next take's label is main, then alt, and `l` changes it for one take. A sent take shows
 * the service's own status, never Booth's "sent" read as delivered. At 1280x720 and 1024x768.
 */
import { test, expect } from './booth-host'
import { FAKE_MICROPHONE, recordTake } from './support/recording'
import { bridgeClient } from './support/bridge-client'
import { openJob, openWorkspace } from './support/workspace'
import { LAPTOP_SCREENS, typedDeliverableJob } from './support/reading'

test.use(FAKE_MICROPHONE)

const used: string[] = []

for (const screen of LAPTOP_SCREENS) {
  test.describe(`at ${screen.width}x${screen.height}`, () => {
    test.use({ viewport: screen })

    test('a take keeps one name from the list to the delivered take; labels go main, then alt, and l changes the next', async ({
      page,
      booth,
      consoleErrors,
    }) => {
      const bridge = bridgeClient(booth.launchUrl)
      const job = await typedDeliverableJob(booth.launchUrl, used)
      used.push(job.job_id)
      expect((await bridge.call('listTakes', { jobId: job.job_id })).takes).toEqual([])
      await openWorkspace(page, booth.launchUrl)
      await openJob(page, job.job_id, job.advertiser)
      const nextLabel = page.getByLabel('Next take')
      await expect(nextLabel).toHaveValue('main')
      await page.locator('.script-panel .section-title').click()
      await recordTake(page)

      const first = page.locator('.take-row[data-take-number="1"]')
      const saved = (await bridge.call('listTakes', { jobId: job.job_id })).takes[0]
      if (!saved) throw new Error('The take was not saved.')
      const name = saved.file_name.replace(/\.wav$/, '')
      expect(name).toMatch(/_main_01$/)
      await expect(first.locator('.take-name')).toHaveText(name)
      await expect(page.locator('.last-take .take-name')).toHaveText(name)

      // The next take defaults to alt; l moves it on (alt → safety) for one take.
      await expect(nextLabel).toHaveValue('alt')
      await page.keyboard.press('l')
      await expect(nextLabel).toHaveValue('safety')
      await recordTake(page)
      await expect(page.locator('.take-row[data-take-number="2"] .take-name')).toHaveText(/_safety_02$/)
      await expect(nextLabel).toHaveValue('alt')

      // The deliver dialog names the same take, and the name follows a label chosen there.
      await first.getByRole('button', { name: 'Deliver…' }).click()
      const dialog = page.getByRole('dialog')
      await expect(dialog.getByRole('heading')).toHaveText(`Deliver ${name}?`)
      await dialog.getByLabel('Label').selectOption('alt')
      await expect(dialog.getByRole('heading')).toHaveText(`Deliver ${name.replace(/_main_01$/, '_alt_01')}?`)
      await dialog.getByLabel('Label').selectOption('main')
      await dialog.getByRole('button', { name: 'Deliver' }).click()
      await expect(dialog).toBeHidden()

      // The take's status is the service's own, the same words as its delivered entry.
      const delivered = page.locator('.deliveries-panel .delivery-item').first()
      await expect(delivered.locator('.take-name')).toHaveText(name, { timeout: 30_000 })
      await expect(first.locator('.take-state')).toHaveText(
        /^(Sent, waiting for the service’s answer|Storing|Processing|Delivered)$/,
      )
      await expect(delivered.locator('.delivery-status')).toHaveText('Delivered', { timeout: 30_000 })
      await expect(first.locator('.take-state')).toHaveText('Delivered')
      expect(consoleErrors).toEqual([])
    })
  })
}
