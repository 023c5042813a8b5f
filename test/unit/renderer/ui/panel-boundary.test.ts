/** The panel error boundary in real Chromium under Booth's CSP: one panel fails, the others keep working. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openBrowserPage, type BrowserPage } from '../support/browser-page'

let b: BrowserPage
type Harness = { boothTest: { bomb: string | null; renderPanels(key: string): void } }
const arm = (message: string | null) =>
  b.page.evaluate((m) => void ((window as unknown as Harness).boothTest.bomb = m), message)
const renderPanels = (key: string) =>
  b.page.evaluate((k) => (window as unknown as Harness).boothTest.renderPanels(k), key)

beforeAll(async () => {
  b = await openBrowserPage()
})
afterAll(async () => {
  await b?.close()
})

describe('PanelBoundary', () => {
  const hostile = 'Invalid regular expression: /Coca\\-Cola/giu \u202Eexe.gnp <img src=x onerror="window.pwned=1">'

  it('shows what failed in that panel only, logs it, and keeps the other panels', async () => {
    b.problems.length = 0
    await arm(hostile)
    await renderPanels('job-1')
    const alert = b.page.getByRole('alert', { name: 'The script panel failed' })
    await expect.poll(() => alert.isVisible()).toBe(true)
    const text = (await alert.textContent()) ?? ''
    expect(text).toContain('The script panel could not be shown.')
    expect(text).toContain('Invalid regular expression: /Coca\\-Cola/giu exe.gnp <img src=x onerror="window.pwned=1">')
    expect(text).not.toContain('\u202E')
    expect(await b.page.locator('#panels img').count()).toBe(0)
    expect(await b.page.locator('#takes-ok').textContent()).toBe('Takes shown')
    expect(b.problems.some((p) => p.includes('Booth: the script panel failed: Invalid regular expression'))).toBe(true)
    expect(await b.page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined()
  })

  it('tries again when "Reload this panel" is pressed, and fails again visibly while the cause remains', async () => {
    await arm('still broken')
    await renderPanels('job-1')
    await b.page.getByRole('button', { name: 'Reload this panel' }).click()
    await expect
      .poll(() => b.page.getByRole('alert', { name: 'The script panel failed' }).textContent())
      .toContain('still broken')
    await arm(null)
    await b.page.getByRole('button', { name: 'Reload this panel' }).click()
    await expect.poll(() => b.page.locator('#script-ok').textContent()).toBe('Script shown')
    expect(await b.page.getByRole('alert').count()).toBe(0)
  })

  it('tries again by itself when its reset key changes (another job opened)', async () => {
    await arm('broken for job 2')
    await renderPanels('job-2')
    await expect.poll(() => b.page.getByRole('alert').count()).toBe(1)
    await arm(null)
    await renderPanels('job-3')
    await expect.poll(() => b.page.locator('#script-ok').count()).toBe(1)
  })
})
