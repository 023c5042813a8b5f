/**
 * Delivery you can see, at 1280x720 and 1024x768 as Booth opens. The Deliver dialog of a take read from an
 * older script (a long word diff inside it) fits the window: its title inside it at the top, its confirm
 * button in view; after Deliver the recorder area shows the take's state by its one name, with focus on
 * "Show in takes", and "Delivered" is never broken inside the word. A Deliver that is off says why in the
 * page; `d` says it too, or opens the dialog for the take in focus.
 */
import { test, expect, SCREENSHOTS } from './booth-host'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { bridgeClient, PENDING_ALL } from './support/bridge-client'
import { LAPTOP_SCREENS, expectWhollyInView, makeWav } from './support/reading'
import { startLongScriptBooth, type LongScriptBooth } from './support/long-script-world'
import { openJob, openWorkspace } from './support/workspace'

let booth: LongScriptBooth
test.beforeAll(async () => {
  booth = await startLongScriptBooth()
})
test.afterAll(async () => {
  await booth?.stop()
})

/** The word's text sits on one line (one client rect), wherever it is inside the element. */
async function wordOnOneLine(locator: Locator, word: string): Promise<boolean> {
  return locator.evaluate((el, w) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(w) ?? -1
      if (at < 0) continue
      const range = document.createRange()
      range.setStart(node, at)
      range.setEnd(node, at + w.length)
      return Array.from(range.getClientRects()).filter((r) => r.width > 0).length === 1
    }
    return false
  }, word)
}

async function expectInside(inner: Locator, outer: Locator, what: string): Promise<void> {
  const a = (await inner.boundingBox())!
  const b = (await outer.boundingBox())!
  expect(a.y, `${what}: top`).toBeGreaterThanOrEqual(b.y - 0.5)
  expect(a.x, `${what}: left`).toBeGreaterThanOrEqual(b.x - 0.5)
  expect(a.y + a.height, `${what}: bottom`).toBeLessThanOrEqual(b.y + b.height + 0.5)
  expect(a.x + a.width, `${what}: right`).toBeLessThanOrEqual(b.x + b.width + 0.5)
}

/** The dialog lies in the window with its title inside it at the top and its buttons in view. */
async function expectFits(page: Page, dialog: Locator, confirmName: string, what: string): Promise<void> {
  await expectWhollyInView(page, dialog, `${what}: the dialog`)
  await expectInside(dialog.locator('.dialog-title'), dialog, `${what}: the title inside the dialog`)
  await expectWhollyInView(
    page,
    dialog.getByRole('button', { name: confirmName, exact: true }),
    `${what}: the confirm button`,
  )
  await expectWhollyInView(page, dialog.getByRole('button', { name: 'Cancel' }), `${what}: the cancel button`)
}

/** `d` with the focus in the take's row (on its Play / trim button) delivers that take. */
async function openDialogByKey(page: Page, row: Locator, name: string): Promise<Locator> {
  await row.getByRole('button', { name: 'Play / trim' }).focus()
  await page.keyboard.press('d')
  const dialog = page.getByRole('dialog', { name: `Deliver ${name}?` })
  await expect(dialog).toBeVisible()
  return dialog
}

for (const screen of LAPTOP_SCREENS) {
  test.describe(`at ${screen.width}x${screen.height}`, () => {
    test.use({ viewport: screen })

    test('the Deliver dialog fits the window; after Deliver the take’s state shows by the recorder, with the focus', async ({
      page,
      consoleErrors,
    }) => {
      const bridge = bridgeClient(booth.launchUrl)
      // A tone is no read of the script: Booth's read-back would ask first (the next test has that dialog).
      await bridge.call('setReadbackSettings', { enabled: false })
      const job = booth.jobs.scriptChanged
      const detail = (await bridge.call('getJob', { jobId: job.jobId })).job
      // Read from the script before the change: the dialog shows the whole word diff and asks for a tick.
      const previous = detail.script_change?.previous_text ?? ''
      const take = await bridge.call('importTake', {
        jobId: job.jobId,
        path: makeWav(3, `older-${screen.width}.wav`),
        script: { revision_id: 'before-the-change', text: previous },
      })
      const name = take.file_name.replace(/\.wav$/, '')
      await openWorkspace(page, booth.launchUrl)
      await openJob(page, job.jobId, job.advertiser)
      const row = page.locator(`.take-row[data-take-id="${take.id}"]`)
      await expect(row.locator('.take-facts')).toBeVisible({ timeout: 30_000 })

      const dialog = await openDialogByKey(page, row, name)
      await expect(dialog.locator('.deliver-older')).toBeVisible()
      await expectFits(page, dialog, 'Deliver', 'Deliver')
      const confirm = dialog.getByRole('button', { name: 'Deliver', exact: true })
      // The middle scrolls (the diff is long); the tick is reached there, and the buttons never move.
      const tick = dialog.getByRole('checkbox', { name: /Deliver it anyway/ })
      await tick.scrollIntoViewIfNeeded()
      await tick.check()
      await expectInside(dialog.locator('.dialog-title'), dialog, 'the title after scrolling')
      await expectWhollyInView(page, confirm, 'the confirm button after scrolling')
      await page.screenshot({ path: join(SCREENSHOTS, `deliver-dialog-${screen.width}x${screen.height}.png`) })
      await confirm.click()
      await expect(dialog).toBeHidden()

      // Where the talent is looking: the recorder area names the take and its state; focus is on its button.
      const line = page.getByRole('group', { name: 'Last delivery' })
      await expectWhollyInView(page, line, 'the delivery line')
      await expect(line).toContainText(name)
      await expect(line.getByRole('status')).toHaveText(/Queued|Sending|Storing|Processing|Delivered|Sent, waiting/)
      await expect(line.getByRole('button', { name: 'Show in takes' })).toBeFocused()
      await expect(line.getByRole('status')).toHaveText('Delivered', { timeout: 45_000 })
      expect(await wordOnOneLine(line, 'Delivered'), 'Delivered in one piece beside the recorder').toBe(true)
      await expect(row.locator('.take-state')).toHaveText('Delivered')
      expect(
        await wordOnOneLine(row.locator('.take-state'), 'Delivered'),
        'Delivered in one piece in the takes list',
      ).toBe(true)
      const delivered = page.locator('.delivery-item .delivery-status').filter({ hasText: 'Delivered' }).first()
      await expect(delivered).toBeVisible({ timeout: 30_000 })
      expect(await wordOnOneLine(delivered, 'Delivered'), 'Delivered in one piece among the delivered takes').toBe(true)
      await page.screenshot({ path: join(SCREENSHOTS, `delivered-${screen.width}x${screen.height}.png`) })
      await line.getByRole('button', { name: 'Show in takes' }).click()
      await expect(row).toBeFocused()
      await expectWhollyInView(page, row.locator('.take-name'), 'the delivered take in the list')
      expect(consoleErrors).toEqual([])
    })

    test('Booth’s read-back asks first by the take’s one name, in a dialog that fits the window', async ({ page }) => {
      const bridge = bridgeClient(booth.launchUrl)
      await bridge.call('setReadbackSettings', { enabled: true })
      const lengthened = Object.values(booth.jobs).map((j) => j.jobId)
      const list = await bridge.call('listJobs', PENDING_ALL)
      let job: { job_id: string; advertiser: string } | null = null
      for (const item of list.items) {
        if (lengthened.includes(item.job_id)) continue
        const detail = (await bridge.call('getJob', { jobId: item.job_id })).job
        if (
          detail.can.deliver &&
          detail.deliver_notice === 'none' &&
          detail.script.kind === 'typed' &&
          detail.script.text.length > 60
        ) {
          job = detail
          break
        }
      }
      if (!job) throw new Error('The demo world has no short typed script that takes deliveries.')
      // A tone, not a read: the read-back finds the script's words missing, which weighs high.
      const take = await bridge.call('importTake', { jobId: job.job_id, path: makeWav(3, `tone-${screen.width}.wav`) })
      const name = take.file_name.replace(/\.wav$/, '')
      await openWorkspace(page, booth.launchUrl)
      await openJob(page, job.job_id, job.advertiser)
      const row = page.locator(`.take-row[data-take-id="${take.id}"]`)
      await expect(row.locator('[data-readback-status]')).toHaveAttribute('data-readback-status', 'done', {
        timeout: 45_000,
      })
      await row.getByRole('button', { name: 'Play / trim' }).focus()
      await page.keyboard.press('d')
      const gate = page.getByRole('dialog', { name: `Deliver ${name} anyway?` })
      await expect(gate).toBeVisible()
      await expectFits(page, gate, 'Continue to delivery', 'the read-back’s question')
      await gate.getByRole('button', { name: 'Continue to delivery' }).click()
      const dialog = page.getByRole('dialog', { name: `Deliver ${name}?` })
      await expectFits(page, dialog, 'Deliver', 'then the delivery')
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      await expect(dialog).toBeHidden()
    })

    test('a Deliver that is off says why in the page; d says it too', async ({ page }) => {
      const bridge = bridgeClient(booth.launchUrl)
      const list = await bridge.call('listJobs', {
        tab: 'pending',
        filter: 'all',
        customer_id: null,
        voice_id: null,
        q: null,
        page: 1,
        page_size: 100,
      })
      let job: { job_id: string; advertiser: string } | null = null
      for (const item of list.items) {
        if (item.stage !== 'viewed' && item.stage !== 'sent') continue
        const detail = (await bridge.call('getJob', { jobId: item.job_id })).job
        if (!detail.can.deliver) {
          job = detail
          break
        }
      }
      if (!job) throw new Error('The demo world has no pending job that takes no delivery.')
      const take = await bridge.call('importTake', { jobId: job.job_id, path: makeWav(2, `off-${screen.width}.wav`) })
      const name = take.file_name.replace(/\.wav$/, '')
      await openWorkspace(page, booth.launchUrl)
      await openJob(page, job.job_id, job.advertiser)
      const row = page.locator(`.take-row[data-take-id="${take.id}"]`)
      const deliver = row.getByRole('button', { name: 'Deliver…' })
      await expect(deliver).toBeDisabled()
      const why = page.locator('.takes-deliver-off')
      await expect(why).toBeVisible()
      await expect(why).toHaveText(
        'Deliver is off: the job is not accepted yet, and the service takes no delivery for it now.',
      )
      await expect(deliver).toHaveAccessibleDescription(await why.innerText())
      await row.locator('.take-name').click()
      await page.keyboard.press('d')
      await expect(page.getByRole('dialog')).toHaveCount(0)
      await expect(page.locator('.takes-notice')).toContainText(
        `${name} cannot be delivered now: the job is not accepted yet`,
      )
    })
  })
}
