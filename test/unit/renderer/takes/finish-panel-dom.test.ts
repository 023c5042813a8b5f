/**
 * The Finish panel in real Chromium under Booth's CSP, on the real takes and versions stores over an
 * in-memory bridge (support/finish-entry.tsx): the choices go to finishVersion as the talent set them, a
 * refusal is one sentence and makes nothing, a finished version shows its figures before and after side by
 * side against the spot and the profile, the A/B toggle plays the other version at the same place, undo
 * goes back to the version it was made from, and the panel needs no horizontal scroll at 1024×768 or
 * 1280×720.
 */
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openBrowserPage, type BrowserPage } from '../support/browser-page'

let b: BrowserPage
type Call = { name: string; args: unknown }
const calls = () => b.page.evaluate(() => (window as unknown as { boothTest: { calls(): Call[] } }).boothTest.calls())
const urlOf = (v: number) =>
  b.page.evaluate(
    (n) => (window as unknown as { boothTest: { urlOf(v: number): string | null } }).boothTest.urlOf(n),
    v,
  )
const audio = () => b.page.locator('audio.fin-audio')

beforeAll(async () => {
  b = await openBrowserPage(fileURLToPath(new URL('../support/finish-entry.tsx', import.meta.url)))
  await b.page.setViewportSize({ width: 1024, height: 768 })
})
afterAll(async () => {
  await b?.close()
})

const noHorizontalScroll = () =>
  b.page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)

describe('the Finish panel', () => {
  it('sends the choices as set; a refusal is one sentence and makes nothing', async () => {
    const p = b.page
    await p.getByRole('button', { name: 'Finish for delivery…' }).click()
    expect(await p.getByRole('radio', { name: 'Lower' }).isChecked()).toBe(true)
    expect(await p.locator('output').allTextContents()).toEqual(['4.0 %', '0.25 s', '2.0 s'])
    await p.getByRole('radio', { name: 'Cut to room tone' }).check()
    await p.getByLabel('Longest tempo change').fill('2')
    await p.getByLabel('Shortest pause').fill('0.5')
    await p.getByLabel('Longest pause').fill('1.5')
    expect(await p.locator('output').allTextContents()).toEqual(['2.0 %', '0.50 s', '1.5 s'])
    expect(await noHorizontalScroll()).toBe(true)
    await p.getByRole('button', { name: 'Finish for delivery (15.0 s spot)' }).click()
    const alert = p.getByRole('alert')
    await expect
      .poll(() => alert.textContent())
      .toBe(
        'The words alone take 12.9 s and the shortest pauses and handles 3.4 s more; the spot is 15.0 s; 2 % faster reaches 16.0 s.Dismiss',
      )
    expect((await calls()).filter((c) => c.name === 'finishVersion').map((c) => c.args)).toEqual([
      { takeId: 'take-1', choices: { breaths: 'cut', maxTempoPercent: 2, shortestPauseS: 0.5, longestPauseS: 1.5 } },
    ])
    expect(await p.getByRole('table').count()).toBe(0)
    expect(await p.getByRole('button', { name: /Undo/ }).count()).toBe(0)
  })

  it('plays the finished audio as soon as main offers it, while the version is still being made, and plays on when it lands', async () => {
    const p = b.page
    await p.getByRole('button', { name: 'Finish for delivery (15.0 s spot)' }).click()
    const preview = await b.page.evaluate(() =>
      (window as unknown as { boothTest: { previewUrl(): string | null } }).boothTest.previewUrl(),
    )
    expect(preview).toMatch(/^blob:/)
    await expect.poll(async () => audio().getAttribute('src')).toBe(preview)
    await expect.poll(() => audio().evaluate((el: HTMLAudioElement) => !el.paused && el.currentTime > 0)).toBe(true)
    expect(await p.getByRole('radio', { name: 'B · finished (being measured)' }).getAttribute('aria-checked')).toBe(
      'true',
    )
    expect(await audio().getAttribute('aria-label')).toBe(
      'Audio of ACME_main_01, the finished version (being measured)',
    )
    // Nothing was asked of main to play it, and the version does not exist yet.
    expect((await calls()).filter((c) => c.name === 'getTakeMediaUrl')).toEqual([])
    expect(await p.getByRole('table').count()).toBe(0)
    await b.page.evaluate(() => (window as unknown as { boothTest: { release(): void } }).boothTest.release())
    await expect.poll(() => p.getByRole('radio', { name: 'B · finished (v2)' }).count()).toBe(1)
    // The same element goes on playing the same audio.
    expect(await audio().getAttribute('src')).toBe(preview)
    await audio().evaluate((el: HTMLAudioElement) => el.pause())
  })

  it('shows the finished version before and after, side by side, against the spot and the profile', async () => {
    const p = b.page
    await expect.poll(() => p.getByRole('button', { name: 'Finished: 15.00 s for 15.0 s' }).count()).toBe(1)
    const table = p.getByRole('table', { name: 'Before and after the finish, for Dry voice' })
    await expect.poll(() => table.count()).toBe(1)
    const row = (key: string) => table.locator(`tr[data-row="${key}"] > *`).allTextContents()
    expect(await table.locator('thead th').allTextContents()).toEqual(['Figure', 'Before (v1)', 'After (v2)', 'Target'])
    expect(await row('length')).toEqual(['Length', '18.42 s', '15.00 s', 'spot 15.0 s'])
    expect(await row('loudness')).toEqual(['RMS', '−24.3 dB RMS', '−22.9 dB RMS', '−23.0 to −18.0 dB RMS'])
    expect(await row('peak')).toEqual(['True peak', '−2.5 dBTP', '−2.6 dBTP', 'at most −3.0 dBFS'])
    expect(await row('gain')).toEqual(['Gain (whole take)', '—', '+4.5 dB', ''])
    expect(await row('limiting')).toEqual(['Peaks limited', '—', 'up to 2.1 dB at 2 places, 0.42 s in all', ''])
    expect(await row('pauses')).toEqual(['Pauses changed', '—', '3', ''])
    // Cut was chosen: one breath was cut, one had no room tone long enough and was lowered instead.
    expect(await row('breaths')).toEqual([
      'Breaths cut to room tone',
      '—',
      '1; 1 lowered (by 9 dB) instead, no room tone long enough',
      '',
    ])
    expect(await row('clicks')).toEqual(['Clicks removed', '—', '1', ''])
    expect(await row('tempo')).toEqual(['Tempo', '—', '+1.5 % (faster)', 'at most 2.0 %'])
    // The figure that misses its target is marked; the one that meets it is not.
    expect(await table.locator('tr[data-row="length"] td').first().getAttribute('class')).toBe('tone-warning')
    expect(await table.locator('tr[data-row="length"] td').nth(1).getAttribute('class')).toBe('tone-success')
    // The choices start from what the version was finished with.
    expect(await p.getByRole('radio', { name: 'Cut to room tone' }).isChecked()).toBe(true)
    expect(await noHorizontalScroll()).toBe(true)
    await p.setViewportSize({ width: 1280, height: 720 })
    expect(await noHorizontalScroll()).toBe(true)
    await p.setViewportSize({ width: 1024, height: 768 })
  })

  it('A/B: the side pressed last wins, even while the other side’s audio is still coming', async () => {
    const p = b.page
    // Main takes a while to hand the finished version's audio (rendered first); A is pressed meanwhile.
    await p.evaluate(() =>
      (window as unknown as { boothTest: { mediaDelay(v: number, ms: number): void } }).boothTest.mediaDelay(2, 800),
    )
    await p.getByRole('radio', { name: 'B · finished (v2)' }).click()
    await p.getByRole('radio', { name: 'A · before (v1)' }).click()
    await expect.poll(async () => audio().getAttribute('src')).toBe(await urlOf(1))
    // B's audio came after A was pressed: the player stays on A, and says so.
    await expect
      .poll(
        async () =>
          (await calls()).filter((c) => c.name === 'getTakeMediaUrl' && (c.args as { version: number }).version === 2)
            .length,
      )
      .toBe(1)
    await p.waitForTimeout(1200)
    expect(await audio().getAttribute('src')).toBe(await urlOf(1))
    expect(await p.getByRole('radio', { name: 'A · before (v1)' }).getAttribute('aria-checked')).toBe('true')
    expect(await audio().getAttribute('aria-label')).toMatch(/version 1 \(before\)$/)
    expect(await p.getByRole('alert').count()).toBe(0)
    await p.evaluate(() =>
      (window as unknown as { boothTest: { mediaDelay(v: number, ms: number): void } }).boothTest.mediaDelay(2, 0),
    )
  })

  it('A/B plays the version before or the finished one at the same place', async () => {
    const p = b.page
    await p.getByRole('radio', { name: 'B · finished (v2)' }).click()
    await expect.poll(async () => audio().getAttribute('src')).toBe(await urlOf(2))
    // The side is declared once its audio has loaded (after the src changes): waited for, not read at once.
    await expect
      .poll(() => p.getByRole('radio', { name: 'B · finished (v2)' }).getAttribute('aria-checked'))
      .toBe('true')
    await audio().evaluate((el: HTMLAudioElement) => {
      el.currentTime = 1.25
    })
    await p.getByRole('radio', { name: 'A · before (v1)' }).click()
    await expect.poll(async () => audio().getAttribute('src')).toBe(await urlOf(1))
    await expect
      .poll(() => audio().evaluate((el: HTMLAudioElement) => Math.round(el.currentTime * 100) / 100))
      .toBe(1.25)
    await expect.poll(() => p.getByRole('radio', { name: 'A · before (v1)' }).getAttribute('aria-checked')).toBe('true')
    // Past the end of the shorter version: it starts at its end.
    await audio().evaluate((el: HTMLAudioElement) => {
      el.currentTime = 3.8
    })
    await p.getByRole('radio', { name: 'B · finished (v2)' }).click()
    await expect
      .poll(() => audio().evaluate((el: HTMLAudioElement) => el.currentTime <= el.duration && el.currentTime > 2.9))
      .toBe(true)
    const asked = (await calls())
      .filter((c) => c.name === 'getTakeMediaUrl')
      .map((c) => (c.args as { version: number }).version)
    expect([...new Set(asked)].sort()).toEqual([1, 2])
  })

  it('A/B starts the other side at the same word, at matched loudness, and says in words which side plays', async () => {
    const p = b.page
    const now = p.locator('.fin-ab-now')
    expect(await now.getAttribute('aria-live')).toBe('polite')
    const level = p.locator('.fin-ab-level')
    // B is 0.5 dB louder (−19.6 against −20.1 LUFS): it is turned down in the player, A plays as it is.
    expect(await level.textContent()).toBe(
      'Matched to −20.1 LUFS: B plays 0.5 dB quieter here; the files are unchanged.',
    )
    const volume = () => audio().evaluate((el: HTMLAudioElement) => Math.round(el.volume * 1000) / 1000)
    await p.getByRole('radio', { name: 'B · finished (v2)' }).click()
    await expect.poll(() => now.textContent()).toBe('Paused on B · finished (v2)')
    expect(await audio().getAttribute('src')).toBe(await urlOf(2))
    expect(await volume()).toBe(0.944)
    // 2.5 s into B is 0.5 s into the stretch that followed the cut pause: 3.1 s into A, not 2.5.
    await audio().evaluate((el: HTMLAudioElement) => {
      el.currentTime = 2.5
    })
    await p.getByRole('radio', { name: 'A · before (v1)' }).click()
    await expect.poll(async () => audio().getAttribute('src')).toBe(await urlOf(1))
    await expect.poll(() => now.textContent()).toBe('Paused on A · before (v1)')
    expect(await audio().evaluate((el: HTMLAudioElement) => Math.round(el.currentTime * 100) / 100)).toBe(3.1)
    expect(await volume()).toBe(1)
    // Playing: said so, for the side playing.
    await p.getByRole('button', { name: 'Play before' }).click()
    await expect.poll(() => now.textContent()).toBe('Playing A · before (v1)')
    await p.getByRole('button', { name: 'Pause' }).click()
    await expect.poll(() => now.textContent()).toBe('Paused on A · before (v1)')
    // A moment of the pause the finish cut: B goes on from the next word kept (2.0 s).
    await audio().evaluate((el: HTMLAudioElement) => {
      el.currentTime = 2.3
    })
    await p.getByRole('radio', { name: 'B · finished (v2)' }).click()
    await expect.poll(() => now.textContent()).toBe('Paused on B · finished (v2)')
    expect(await audio().evaluate((el: HTMLAudioElement) => Math.round(el.currentTime * 100) / 100)).toBe(2)
    // Matching off: each side as delivered, and said so.
    await p.getByRole('checkbox', { name: 'Match loudness' }).uncheck()
    expect(await volume()).toBe(1)
    expect(await level.textContent()).toBe('Loudness not matched: each side plays as delivered.')
    await p.getByRole('checkbox', { name: 'Match loudness' }).check()
    expect(await volume()).toBe(0.944)
    expect(await noHorizontalScroll()).toBe(true)
  })

  it('undo goes back to the version the finish was made from', async () => {
    const p = b.page
    await p.getByRole('button', { name: 'Undo finish: back to v1' }).click()
    await expect.poll(() => p.getByRole('button', { name: 'Finish for delivery…' }).count()).toBe(1)
    expect((await calls()).filter((c) => c.name === 'restoreVersion').map((c) => c.args)).toEqual([
      { takeId: 'take-1', version: 1 },
    ])
    expect(await p.getByRole('table').count()).toBe(0)
    expect(b.problems).toEqual([])
  })

  it('offers a gated take’s pauses another take’s room tone, and sends it as chosen', async () => {
    const p = b.page
    type Hooks = { addTake(): void; setFloor(v: number | null): void; release(): void }
    const hooks = (f: (h: Hooks) => void) => p.evaluate(`(${f.toString()})(window.boothTest)`) as Promise<void>
    const pauses = () => p.getByRole('radiogroup', { name: 'Pauses' }).count()
    const reports = async () => (await calls()).filter((c) => c.name === 'getTakeReport').length
    expect(await pauses()).toBe(0)
    if ((await p.getByRole('radio', { name: 'Lower' }).count()) === 0)
      await p.getByRole('button', { name: 'Finish for delivery…' }).click()
    const reread = () =>
      p.evaluate(() => window.dispatchEvent(new CustomEvent('booth:job-profile-changed', { detail: '31' })))
    await hooks((h) => h.addTake())
    await expect.poll(reports).toBeGreaterThan(0)
    // Its pauses silence (nothing to measure): offered.
    await hooks((h) => h.setFloor(null))
    await reread()
    await expect.poll(pauses).toBe(1)
    // Its report read again with room tone of its own (-62 dBFS): the choice goes, even with another take to
    // lend one (it was on screen, so only the new report can take it away).
    await hooks((h) => h.setFloor(-62))
    await reread()
    await expect.poll(pauses).toBe(0)
    // Silence again: offered, kept as read until the talent picks take 2.
    await hooks((h) => h.setFloor(null))
    await reread()
    await expect.poll(pauses).toBe(1)
    expect(await p.getByRole('radio', { name: 'Keep as read' }).isChecked()).toBe(true)
    await p.getByRole('radio', { name: 'Room tone of take 2' }).check()
    expect(await noHorizontalScroll()).toBe(true)
    await p.getByRole('button', { name: 'Finish for delivery (15.0 s spot)' }).click()
    await expect
      .poll(async () => (await calls()).filter((c) => c.name === 'finishVersion').at(-1)?.args)
      .toMatchObject({ takeId: 'take-1', choices: { roomToneTakeId: 'take-2' } })
    await hooks((h) => h.release())
    expect(b.problems).toEqual([])
  })
})
