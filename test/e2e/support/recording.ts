/** Recording in the page: Chromium's fake microphone and one short take made with Space. */
import { expect, type Page } from '@playwright/test'
import config from '../../../playwright.config'

const launch = config.use?.launchOptions ?? {}

/** `test.use(FAKE_MICROPHONE)`: Chromium's fake microphone (a steady beep), allowed without asking. */
export const FAKE_MICROPHONE = {
  launchOptions: {
    ...launch,
    args: [...(launch.args ?? []), '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  },
}

/** Space, a short take, Space; waits until the recorder is idle again. */
export async function recordTake(page: Page, ms = 700): Promise<void> {
  const recorder = page.locator('.recorder')
  await page.keyboard.press('Space')
  await expect(recorder).toHaveAttribute('data-phase', 'recording')
  await page.waitForTimeout(ms)
  await page.keyboard.press('Space')
  await expect(recorder).toHaveAttribute('data-phase', 'idle', { timeout: 15_000 })
}
