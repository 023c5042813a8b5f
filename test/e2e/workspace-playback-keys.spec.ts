/**
 * Space is safe in a booth: while a take plays (the last take's player on `h`, or a take's waveform),
 * Space pauses it and never starts a recording over it; with nothing playing Space records as before.
 * `h` and `d` are listed in the `?` overlay. At 1280x720 and 1024x768, as Booth opens (list shown).
 */
import { test, expect } from './booth-host'
import type { Page } from '@playwright/test'
import { bridgeClient } from './support/bridge-client'
import { FAKE_MICROPHONE } from './support/recording'
import { LAPTOP_SCREENS, makeWav, typedDeliverableJob } from './support/reading'
import { openJob, openWorkspace } from './support/workspace'

test.use(FAKE_MICROPHONE)

/** Whether any media element in the page, or the last take's player, is playing. */
async function lastTakePlays(page: Page): Promise<boolean> {
  return (await page.locator('.last-take-play').innerText()).includes('Pause')
}

for (const screen of LAPTOP_SCREENS) {
  test.describe(`at ${screen.width}x${screen.height}`, () => {
    test.use({ viewport: screen })

    test('Space pauses a playing take instead of recording over it; h plays the last take', async ({
      page,
      booth,
      consoleErrors,
    }) => {
      const bridge = bridgeClient(booth.launchUrl)
      const job = await typedDeliverableJob(booth.launchUrl)
      // A take of 6 s, long enough to be playing when Space comes.
      await bridge.call('importTake', { jobId: job.job_id, path: makeWav(6, 'long-tone.wav') })
      const count = async () => (await bridge.call('listTakes', { jobId: job.job_id })).takes.length
      const before = await count()
      await openWorkspace(page, booth.launchUrl)
      await openJob(page, job.job_id, job.advertiser)
      const recorder = page.locator('.recorder')

      // h plays the last take from the recorder area; Space pauses it and records nothing.
      await expect(page.locator('.last-take-play')).toBeVisible()
      await page.keyboard.press('h')
      await expect.poll(() => lastTakePlays(page)).toBe(true)
      await page.keyboard.press('Space')
      await expect.poll(() => lastTakePlays(page)).toBe(false)
      await expect(recorder).toHaveAttribute('data-phase', 'idle')
      await page.waitForTimeout(500)
      await expect(recorder).toHaveAttribute('data-phase', 'idle')
      expect(await count()).toBe(before)

      // A take's own waveform: Play, then Space pauses it.
      const row = page.locator('.take-row').first()
      await row.getByRole('button', { name: 'Play / trim' }).click()
      const play = row.locator('.take-play')
      await expect(play).toBeEnabled({ timeout: 15_000 })
      await play.click()
      await expect(play).toHaveAccessibleName(/^Pause /)
      await page.keyboard.press('Space')
      await expect(play).toHaveAccessibleName(/^Play /)
      await expect(recorder).toHaveAttribute('data-phase', 'idle')
      expect(await count()).toBe(before)

      // With nothing playing, Space records and stops as before.
      await page.keyboard.press('Space')
      await expect(recorder).toHaveAttribute('data-phase', 'recording')
      await page.waitForTimeout(600)
      await page.keyboard.press('Space')
      await expect(recorder).toHaveAttribute('data-phase', 'idle', { timeout: 15_000 })
      await expect.poll(count).toBe(before + 1)

      // Recording by the button while a take plays pauses the playback first.
      await page.keyboard.press('h')
      await expect.poll(() => lastTakePlays(page)).toBe(true)
      await page.getByRole('button', { name: 'Record' }).click()
      await expect(recorder).toHaveAttribute('data-phase', 'recording')
      expect(await page.evaluate(() => Array.from(document.querySelectorAll('audio')).every((a) => a.paused))).toBe(
        true,
      )
      await page.getByRole('button', { name: 'Stop' }).click()
      await expect(recorder).toHaveAttribute('data-phase', 'idle', { timeout: 15_000 })
      await expect(page.locator('.last-take-play')).toContainText('Play')
      expect(consoleErrors).toEqual([])
    })

    test('the ? overlay lists h (hear the last take) and d (deliver this take)', async ({ page, booth }) => {
      const job = await typedDeliverableJob(booth.launchUrl)
      await openWorkspace(page, booth.launchUrl)
      await openJob(page, job.job_id, job.advertiser)
      await page.keyboard.press('?')
      const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
      await expect(help).toBeVisible()
      await expect(help.locator('.shortcut').filter({ has: page.locator('kbd', { hasText: /^h$/ }) })).toContainText(
        'Hear the last take',
      )
      await expect(help.locator('.shortcut').filter({ has: page.locator('kbd', { hasText: /^d$/ }) })).toContainText(
        'Deliver this take',
      )
      await expect(
        help.locator('.shortcut').filter({ has: page.locator('kbd', { hasText: /^Space$/ }) }),
      ).toContainText('while a take plays, pause it')
      await page.keyboard.press('Escape')
      await expect(help).toBeHidden()
    })
  })
}
