/** A take recovered after a crash, in real Chromium: one visible Keep (or Discard); no delivery until kept, with the reason shown. */
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openBrowserPage, type BrowserPage } from '../support/browser-page'

let b: BrowserPage
const calls = () => b.page.evaluate(() => (window as unknown as { boothTest: { calls(): string[] } }).boothTest.calls())

beforeAll(async () => {
  b = await openBrowserPage(fileURLToPath(new URL('../support/takes-entry.tsx', import.meta.url)))
})
afterAll(async () => {
  await b?.close()
})

describe('a recovered take', () => {
  it('cannot be delivered until kept, says why, and is kept with one button', async () => {
    const p = b.page
    const deliver = p.getByRole('button', { name: 'Deliver…' })
    await expect.poll(() => deliver.isDisabled()).toBe(true)
    const reason = await deliver.evaluate(
      (el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
    )
    expect(reason).toContain('It cannot be delivered until you keep it.')
    expect(await p.getByRole('button', { name: 'Discard ACME_main_01' }).isVisible()).toBe(true)

    await p.getByRole('button', { name: 'Keep ACME_main_01' }).click()
    await expect.poll(() => deliver.isEnabled()).toBe(true)
    expect(await calls()).toContain('keepRecoveredTake')
    expect(await p.getByRole('button', { name: 'Keep ACME_main_01' }).count()).toBe(0)
    expect(await p.getByText('It cannot be delivered until you keep it.').count()).toBe(0)
    expect(await p.getByRole('button', { name: 'Delete ACME_main_01' }).isVisible()).toBe(true)
    expect(b.problems).toEqual([])
  })

  it("asks main for the take's read-back once per take state, not again on every store update", async () => {
    await b.page.waitForTimeout(500)
    const reads = (await calls()).filter((name) => name === 'getReadback').length
    // Mounted as recovered, then kept (ready): at most one read for each.
    expect(reads).toBeGreaterThan(0)
    expect(reads).toBeLessThanOrEqual(2)
  })
})
