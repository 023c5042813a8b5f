/**
 * The script the talent reads carries what they need: pronunciations shown above the words (one toggle,
 * remembered) and attachments whose names never run under their Download button, audio ones playable in place (the audio check on
 * this script: workspace-check.spec.ts). At 1280x720 and 1024x768.
 */
import { test, expect } from './booth-host'
import { openWorkspace } from './support/workspace'
import { LAPTOP_SCREENS, findJob, openJobPatiently as openJob } from './support/reading'

for (const screen of LAPTOP_SCREENS) {
  test.describe(`at ${screen.width}x${screen.height}`, () => {
    test.use({ viewport: screen })
    test.setTimeout(90_000)

    test('pronunciations show above the words, and one toggle hides them (remembered)', async ({
      page,
      booth,
      consoleErrors,
    }) => {
      const job = await findJob(
        booth.launchUrl,
        'a typed script with a pronunciation in it',
        (j) =>
          j.script.kind === 'typed' &&
          j.pronunciations.some((p) => j.script.text.toLowerCase().includes(p.word.toLowerCase())),
      )
      const entry = job.pronunciations.find((p) => job.script.text.toLowerCase().includes(p.word.toLowerCase()))!
      await openWorkspace(page, booth.launchUrl)
      await openJob(page, job.job_id, job.advertiser)
      const mark = page
        .locator('.script-read mark.pron')
        .filter({ hasText: new RegExp(entry.word, 'i') })
        .first()
      const shown = () => mark.evaluate((el) => getComputedStyle(el, '::before').content)
      await expect.poll(shown).toBe(JSON.stringify(`say: ${entry.say}`))
      const toggle = page.getByRole('button', { name: 'Pronunciations on the words' })
      await expect(toggle).toHaveAttribute('aria-pressed', 'true')
      await toggle.click()
      await expect(toggle).toHaveAttribute('aria-pressed', 'false')
      await expect.poll(shown).toBe('none')
      await page.reload()
      await openJob(page, job.job_id, job.advertiser)
      await expect(page.getByRole('button', { name: 'Pronunciations on the words' })).toHaveAttribute(
        'aria-pressed',
        'false',
      )
      expect(consoleErrors).toEqual([])
    })

    test('an audio attachment plays in place', async ({ page, booth, consoleErrors }) => {
      const job = await findJob(booth.launchUrl, 'an audio attachment', (j) =>
        j.attachments_detail.some((a) => a.ext.toLowerCase() === 'wav' && a.status !== 'storing'),
      )
      const att = job.attachments_detail.find((a) => a.ext.toLowerCase() === 'wav')!
      await openWorkspace(page, booth.launchUrl)
      await openJob(page, job.job_id, job.advertiser)
      const item = page.locator('.attachment').filter({ hasText: att.original_name })
      await item.scrollIntoViewIfNeeded()
      await item.getByRole('button', { name: `Listen to ${att.original_name}` }).click()
      const audio = item.locator('audio')
      await expect(audio).toBeVisible()
      // The browser read the file: it knows how long it is (the demo's reference read is 2 s).
      await expect
        .poll(() => audio.evaluate((el) => (el as HTMLAudioElement).duration), { timeout: 15_000 })
        .toBeCloseTo(2, 0)
      expect(consoleErrors).toEqual([])
    })

    test('attachment names never run under their Download button', async ({ page, booth }) => {
      const job = await findJob(booth.launchUrl, 'attachments', (j) => j.attachments_detail.length > 0)
      await openWorkspace(page, booth.launchUrl)
      await openJob(page, job.job_id, job.advertiser)
      const items = page.locator('.attachment')
      await expect(items).toHaveCount(job.attachments_detail.length)
      for (let i = 0; i < job.attachments_detail.length; i++) {
        const item = items.nth(i)
        await item.scrollIntoViewIfNeeded()
        const name = await item.locator('.attachment-text').boundingBox()
        const button = await item.getByRole('button', { name: /^Download / }).boundingBox()
        if (!name || !button) throw new Error('An attachment has no box.')
        expect(name.x + name.width, 'the name ends before the button starts').toBeLessThanOrEqual(button.x + 0.5)
      }
    })
  })
}
