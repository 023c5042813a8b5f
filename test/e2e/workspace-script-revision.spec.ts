/**
 * A take remembers the script revision it was read from: after the producer changes the script, the
 * take is marked "Read from an older script" with the change as a word diff, and delivering it needs a
 * confirmation that names the change. A take recorded after the change is not marked. Booth runs against
 * a sandbox in this process (producer off), so the test can change the script at a moment it chooses.
 * At 1280x720 and 1024x768.
 */
import { expect } from './booth-host'
import { openJob, openWorkspace } from './support/workspace'
import { LAPTOP_SCREENS, typedDeliverableJob } from './support/reading'
import { testWithProducer as test } from './support/controlled-sandbox'
import { FAKE_MICROPHONE, recordTake } from './support/recording'
import { press } from './support/versions-flow'

test.use(FAKE_MICROPHONE)

for (const screen of LAPTOP_SCREENS) {
  test.describe(`at ${screen.width}x${screen.height}`, () => {
    test.use({ viewport: screen })

    test('a take read from an older script is marked with the diff, and delivering it asks', async ({
      page,
      world,
      consoleErrors,
    }) => {
      const job = await typedDeliverableJob(world.booth.launchUrl, world.claimed)
      world.claimed.push(job.job_id)
      await openWorkspace(page, world.booth.launchUrl)
      await openJob(page, job.job_id, job.advertiser)
      await page.locator('.script-panel .section-title').click()
      await recordTake(page)
      const first = page.locator('.take-row[data-take-number="1"]')
      await expect(first).toBeVisible()
      await expect(first.locator('.take-older-script')).toHaveCount(0)

      // The producer changes the script; Booth reads the job again.
      const event = await world.sandbox.changeScript(job.job_id)
      expect(event, 'the sandbox changed the script').not.toBeNull()
      await page.reload()
      await openJob(page, job.job_id, job.advertiser)
      const note = first.locator('.take-older-script')
      await expect(note).toContainText(/Read from an older script: \d+ words? (added|removed)/)
      // By keyboard: the row's figures and read-back come in after the reload and move the note down; a
      // click whose press and release fell either side of that did nothing (a clean-clone run).
      await press(note.locator('summary'), 'Enter')
      await expect(note.locator('ins, del').first()).toBeVisible()

      // A take recorded now reads the current script: not marked.
      await page.locator('.script-panel .section-title').click()
      await recordTake(page)
      await expect(page.locator('.take-row[data-take-number="2"]')).toBeVisible()
      await expect(page.locator('.take-row[data-take-number="2"] .take-older-script')).toHaveCount(0)

      // Delivering the old take names the change and waits for a tick.
      await first.getByRole('button', { name: 'Deliver…' }).click()
      const dialog = page.getByRole('dialog')
      await expect(dialog.locator('.deliver-older')).toContainText('This take was read from an older script')
      const deliver = dialog.getByRole('button', { name: 'Deliver', exact: true })
      await expect(deliver).toBeDisabled()
      await dialog.getByLabel('Deliver it anyway, read from the older script').check()
      await expect(deliver).toBeEnabled()
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      expect(consoleErrors).toEqual([])
    })
  })
}
