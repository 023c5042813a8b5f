/**
 * Damaged data files, on a real disk, in a real browser: Booth's web host starts on a data folder whose
 * settings and notification list are damaged. The window says, on every screen, what could not be read,
 * what was reset and where the old copy is kept (byte for byte, beside it), until the talent closes each;
 * and audio left in the trash without a take record is listed on its job as damaged, never dropped. At the
 * window sizes Booth opens at on a 13-inch screen, with the job list shown.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync, copyFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test as base, expect } from '@playwright/test'
import { trackConsoleErrors } from './booth-host'
import { bridgeClient, PENDING_ALL } from './support/bridge-client'
import { expectPartlyInView, LAPTOP_SCREENS, makeWav } from './support/reading'
import { startWebHostOn, type WebHostProcess } from './support/web-host-process'

const test = base
const SETTINGS = '{"baseUrl": "https://api.example.com", "notifications": {"due_so'
const NOTICES = ''
let host: WebHostProcess | null = null
let dataDir = ''

test.afterEach(async ({ page }) => {
  await page.goto('about:blank')
  await host?.stop()
  host = null
  rmSync(dataDir, { recursive: true, force: true })
})

for (const screen of LAPTOP_SCREENS) {
  test.describe(`at ${screen.width}x${screen.height} with the job list shown`, () => {
    test.use({ viewport: screen })

    test('says what could not be read, what was reset and where the old copy is; each closes; Booth works', async ({
      page,
    }) => {
      const errors = trackConsoleErrors(page)
      dataDir = mkdtempSync(join(tmpdir(), 'booth-e2e-damaged-'))
      writeFileSync(join(dataDir, 'settings.json'), SETTINGS)
      writeFileSync(join(dataDir, 'notices.json'), NOTICES)
      host = await startWebHostOn(dataDir)
      await page.goto(host.launchUrl)

      const notices = page.getByTestId('set-aside-files').locator('.set-aside-notice')
      await expect(notices).toHaveCount(2)
      const kept = readdirSync(dataDir)
        .filter((n) => n.includes('.damaged-'))
        .sort()
      expect(kept).toHaveLength(2)
      const settingsCopy = join(dataDir, kept.find((n) => n.startsWith('settings.json')) ?? '')
      expect(readFileSync(settingsCopy, 'utf8')).toBe(SETTINGS)
      const settingsNotice = notices.filter({ hasText: "Booth's settings" })
      await expect(settingsNotice).toContainText(
        "Booth's settings (the service's address, your notification choices, the account last seen) " +
          'could not be read: it is not valid JSON: it may have been cut off while being written, or ' +
          'changed by another program. Booth started without it.',
      )
      await expect(settingsNotice).toContainText('They are back to their defaults')
      await expect(settingsNotice).toContainText(`The old copy is kept, unchanged, as ${settingsCopy}`)
      await expect(notices.filter({ hasText: 'The notification list' })).toContainText(
        'could not be read: it is empty. Booth started without it.',
      )
      await expectPartlyInView(page, settingsNotice.getByRole('button', { name: 'OK' }), "the notice's OK button", 10)
      // It lies over the screen: the job list must not show through its words.
      const backgroundAlpha = await settingsNotice.evaluate((el) => {
        const c = getComputedStyle(el).backgroundColor
        return c.startsWith('rgba(') ? Number(c.slice(5, -1).split(',')[3]) : c.startsWith('rgb(') ? 1 : 0
      })
      expect(backgroundAlpha).toBe(1)

      // Booth works behind it (demo mode), and the notices close one by one; a closed one stays closed.
      await expect(page.locator('.job-row').first()).toBeVisible()
      await settingsNotice.getByRole('button', { name: 'OK' }).click()
      await expect(notices).toHaveCount(1)
      await page.reload()
      await expect(notices).toHaveCount(1)
      await expect(notices).toContainText('The notification list')
      await notices.getByRole('button', { name: 'OK' }).click()
      await expect(page.getByTestId('set-aside-files')).toHaveCount(0)
      expect(readFileSync(settingsCopy, 'utf8')).toBe(SETTINGS)
      expect(errors).toEqual([])
    })

    test('audio in the trash without a take record is listed on its job, never dropped', async ({ page }) => {
      const errors = trackConsoleErrors(page)
      dataDir = mkdtempSync(join(tmpdir(), 'booth-e2e-damaged-'))
      host = await startWebHostOn(dataDir)
      const [job] = (await bridgeClient(host.launchUrl).call('listJobs', PENDING_ALL)).items
      if (!job) throw new Error('the demo world has no pending job')
      // A take deleted to the trash whose record was lost: only its audio is left there.
      mkdirSync(join(dataDir, 'trash', job.job_id), { recursive: true })
      copyFileSync(makeWav(1), join(dataDir, 'trash', job.job_id, 'LOST_main_04.wav'))

      await page.goto(host.launchUrl)
      await page.locator(`#job-row-${job.job_id}`).click()
      const damaged = page.getByRole('list', { name: 'Takes Booth cannot read' })
      await expect(damaged).toContainText('"LOST_main_04.wav" (in the trash) has no take record Booth can read')
      await expect(damaged).toContainText(join(dataDir, 'trash', job.job_id, 'LOST_main_04.wav'))
      expect(readdirSync(join(dataDir, 'trash', job.job_id))).toEqual(['LOST_main_04.wav'])
      expect(errors).toEqual([])
    })
  })
}
