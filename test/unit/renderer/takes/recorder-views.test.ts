/**
 * The record control and the punch panel as views of the one recorder store, in real Chromium with the
 * capture faked: the data-phase, the button words and the alert the end-to-end specs read stay what they
 * were (Record → Starting… → Stop → Saving… → Record; Cancel count-in; the punch's phases and outcome), and
 * the guard's dialog, the record key and the punch read the same state.
 */
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openBrowserPage, type BrowserPage } from '../support/browser-page'

let b: BrowserPage
type Api = Record<string, (...a: unknown[]) => unknown>
const t = (name: string, ...args: unknown[]) =>
  b.page.evaluate(
    ([n, a]) =>
      ((window as unknown as { boothTest: Api }).boothTest[n as string] as (...x: unknown[]) => unknown)(
        ...(a as unknown[]),
      ),
    [name, args] as const,
  )
const phase = () => b.page.locator('.recorder').getAttribute('data-phase')
const button = () => b.page.locator('.rec-button')

beforeAll(async () => {
  b = await openBrowserPage(fileURLToPath(new URL('../support/recorder-entry.tsx', import.meta.url)))
}, 60_000)
afterAll(async () => {
  await b?.close()
})

describe('the record control, a view of the recorder store', () => {
  it('Record opens the input (Starting…), records (Stop), and Stop shows Saving… only while saving takes long', async () => {
    expect(await phase()).toBe('idle')
    expect(await button().textContent()).toBe('Record')
    await button().click()
    await expect.poll(phase).toBe('starting')
    expect(await button().textContent()).toBe('Starting…')
    expect(await button().isDisabled()).toBe(true)
    await t('openTake', 0)
    await expect.poll(phase).toBe('recording')
    expect(await button().textContent()).toBe('Stop')
    expect(await button().getAttribute('aria-pressed')).toBe('true')
    expect(await b.page.getByRole('button', { name: 'Discard' }).isVisible()).toBe(true)
    await t('block', 0)
    await b.page.locator('h2.script-panel').click()
    await b.page.keyboard.press('Space')
    await expect.poll(phase).toBe('stopping')
    expect(await button().textContent()).toBe('Saving…')
    await t('answerStop')
    await expect.poll(phase).toBe('idle')
    expect(await button().textContent()).toBe('Record')
    expect((await t('calls')) as string[]).toEqual(
      expect.arrayContaining(['startRecording', 'appendRecording', 'stopRecording']),
    )
  })

  it('leaving mid-take asks first; Stop and keep the take stops it and then goes', async () => {
    await button().click()
    await t('openTake', 1)
    await expect.poll(phase).toBe('recording')
    await t('leave')
    const dialog = b.page.getByRole('dialog')
    await expect
      .poll(() => dialog.textContent())
      .toContain('A take of Advertiser 31 is recording. To close this job, Booth stops it first')
    await dialog.getByRole('button', { name: 'Stop and keep the take' }).click()
    await expect.poll(phase).toBe('stopping')
    await t('answerStop')
    await expect.poll(phase).toBe('idle')
    expect(await b.page.locator('body').getAttribute('data-left')).toBe('yes')
  })

  it('a take the input left stops at once and says so; the count-in counts and Cancel count-in records nothing', async () => {
    await button().click()
    await t('openTake', 2)
    await expect.poll(phase).toBe('recording')
    await t('failTake', 2, { kind: 'input_ended', inputLabel: 'USB Audio CODEC' })
    await expect.poll(phase).toBe('idle')
    expect(await b.page.locator('.recorder').getByRole('alert').textContent()).toMatch(
      /^Recording stopped: the input \(USB Audio CODEC\) went away/,
    )

    await b.page.locator('.recorder').getByLabel('Count-in').selectOption('2')
    await button().click()
    await expect.poll(phase).toBe('count_in')
    expect(await b.page.locator('.rec-beat').textContent()).toBe('2')
    expect(await button().textContent()).toBe('Cancel count-in')
    await button().click()
    await expect.poll(phase).toBe('idle')
    await b.page.locator('.recorder').getByLabel('Count-in').selectOption('0')
    expect(await b.page.evaluate(() => localStorage.getItem('booth.recorder.countIn'))).toBe('0')
  })
})

describe('the punch panel, a view of the same recorder', () => {
  it('armed, opening the input, pre-roll, punch, done; Space is the punch’s and Record waits meanwhile', async () => {
    const panel = b.page.locator('.punch-panel')
    await t('requestPunch')
    await expect.poll(() => panel.getAttribute('data-phase')).toBe('armed')
    expect(await button().isDisabled()).toBe(false)
    await b.page.locator('h2.script-panel').click()
    await b.page.keyboard.press('Space')
    await expect.poll(() => panel.getAttribute('data-phase')).toBe('starting')
    expect(await panel.textContent()).toContain('Opening the input…')
    expect(await phase()).toBe('idle')
    expect(await button().isDisabled()).toBe(true)
    await t('openPunch', 0)
    await expect.poll(() => panel.getAttribute('data-phase')).toBe('pre_roll')
    await t('movePunch', 0, 3.2)
    await expect.poll(() => panel.getAttribute('data-phase')).toBe('punch')
    expect(await panel.textContent()).toContain('Recording from the punch point: read sentence 1 on.')
    await b.page.keyboard.press('Space')
    await expect.poll(() => panel.getAttribute('data-outcome')).toBe('made')
    expect(await panel.getAttribute('data-phase')).toBe('idle')
    expect(await phase()).toBe('idle')
    expect(await button().isDisabled()).toBe(false)
    await b.page.keyboard.press('Escape')
    await expect.poll(() => panel.count()).toBe(0)
    expect(b.problems).toEqual([])
  })
})
