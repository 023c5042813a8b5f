/**
 * The prompter follows the voice, end to end: Chromium's fake microphone plays an espeak-ng read of a
 * job's script (a voice, speed and script the prompter was not tuned on), the talent presses Space, and
 * while the take records the highlighted line walks down the script in order, in view in the script
 * area, with the word being read near the reading marker when the script scrolls; Stop clears it. At the
 * two laptop sizes Booth opens at, with the job list shown.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { test, expect } from './booth-host'
import { FAKE_MICROPHONE } from './support/recording'
import { findJob, LAPTOP_SCREENS } from './support/reading'
import { openJob, openWorkspace, screenshot } from './support/workspace'
import { SPOTS } from '../../sandbox/domain/seed-catalog'
import { htmlToText } from '../../sandbox/domain/html-text'

const ADVERTISER = 'Lakeside Credit Union'
const spot = SPOTS.find((s) => s.advertiser === ADVERTISER)
if (!spot) throw new Error(`The demo data has no ${ADVERTISER} spot.`)
const SCRIPT = htmlToText(spot.html)

/** The script read by espeak-ng (en-us+m1, 170 wpm), half a second of room first, as 48 kHz 16-bit mono. */
function readingWav(): string {
  const dir = mkdtempSync(join(tmpdir(), 'booth-follow-e2e-'))
  const raw = join(dir, 'raw.wav')
  const wav = join(dir, 'read.wav')
  execFileSync('espeak-ng', ['-v', 'en-us+m1', '-s', '170', '-w', raw, SCRIPT.replace(/\n+/g, ' ')])
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-i',
    raw,
    '-af',
    'adelay=500,apad=pad_dur=2',
    '-ar',
    '48000',
    '-ac',
    '1',
    '-c:a',
    'pcm_s16le',
    wav,
  ])
  return wav
}

const WAV = readingWav()
const launch = FAKE_MICROPHONE.launchOptions
test.use({ launchOptions: { ...launch, args: [...launch.args, `--use-file-for-fake-audio-capture=${WAV}%noloop`] } })

/** The script's lines (sentences or lines), as the prompter highlights them. */
const LINES = SCRIPT.split(/(?<=[.!?])\s+|\n+/)
  .map((l) => l.trim())
  .filter(Boolean)

interface Seen {
  line: string
  /** Milliseconds it stayed highlighted. */
  heldMs: number
  /** Whether the word being read was ever wholly in the script area while this line was highlighted. */
  inView: boolean
  /** Whether it came to the reading marker (null: the script area does not scroll). */
  nearMarker: boolean | null
}

/**
 * Records in the page, frame by frame, every line the prompter highlights: how long, whether its word was
 * in view in the script area, and whether it came to the marker (a third of the way down).
 */
function recordHighlights(page: Page): Promise<void> {
  return page.evaluate(() => {
    const w = window as unknown as {
      followSeen: Array<{ line: string; since: number; until: number; inView: boolean; nearMarker: boolean | null }>
    }
    w.followSeen = []
    // The prompter's marks (follow-highlight.ts): the line's text as shown (screen-reader text left out) in
    // the layer's data-line, and the boxes of the word heard (else of the line) to measure where it is.
    const union = (boxes: Element[]) => {
      const rects = boxes.map((b) => b.getBoundingClientRect())
      const top = Math.min(...rects.map((r) => r.top))
      const bottom = Math.max(...rects.map((r) => r.bottom))
      return { top, bottom, height: bottom - top }
    }
    const tick = () => {
      const layer = document.querySelector<HTMLElement>('.script-read .follow-marks')
      const wordBoxes = [...(layer?.querySelectorAll('.follow-word') ?? [])]
      const boxes = wordBoxes.length > 0 ? wordBoxes : [...(layer?.querySelectorAll('.follow-line') ?? [])]
      const area = document.querySelector('.reading-script') as HTMLElement | null
      const line = (layer?.dataset['line'] ?? '').replace(/\s+/g, ' ').trim()
      if (boxes.length > 0 && area && line) {
        const box = union(boxes)
        const a = area.getBoundingClientRect()
        const inView = box.top >= a.top - 1 && box.bottom <= a.top + area.clientHeight + 1
        const scrolls = area.scrollHeight > area.clientHeight + 4
        const offMarker = box.top + box.height / 2 - (a.top + area.clientHeight / 3)
        // On the marker, or as near as the area can scroll (the last lines sit below it at the end, the first above it).
        const atEnd = area.scrollTop >= area.scrollHeight - area.clientHeight - 2 && offMarker > 0
        const atStart = area.scrollTop <= 1 && offMarker < 0
        const near = scrolls ? Math.abs(offMarker) < area.clientHeight / 4 || atEnd || atStart : null
        const now = performance.now()
        const current = w.followSeen[w.followSeen.length - 1]
        if (current?.line === line) {
          current.until = now
          current.inView ||= inView
          if (near !== null) current.nearMarker = current.nearMarker === true || near
        } else w.followSeen.push({ line, since: now, until: now, inView, nearMarker: near })
      }
      requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  })
}

async function recorded(page: Page): Promise<Seen[]> {
  return page.evaluate(() =>
    (
      window as unknown as {
        followSeen: Array<{ line: string; since: number; until: number; inView: boolean; nearMarker: boolean | null }>
      }
    ).followSeen.map((s) => ({
      line: s.line,
      heldMs: Math.round(s.until - s.since),
      inView: s.inView,
      nearMarker: s.nearMarker,
    })),
  )
}

async function highlightedLine(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const layer = document.querySelector<HTMLElement>('.script-read .follow-marks')
    return layer?.dataset['line'] ?? null
  })
}

for (const screen of LAPTOP_SCREENS) {
  test.describe(`at ${screen.width}x${screen.height}, the job opened from the list`, () => {
    test.use({ viewport: screen })

    test('while recording, the highlighted line follows the voice down the script; Stop clears it', async ({
      page,
      booth,
    }) => {
      test.setTimeout(120_000)
      const job = await findJob(
        booth.launchUrl,
        `the ${ADVERTISER} script`,
        (j) => j.advertiser === ADVERTISER && j.script.kind === 'typed' && j.script.text === SCRIPT,
      )
      // A large script size at the smaller screen, so the script scrolls and the marker matters.
      if (screen.width === 1024) await page.addInitScript(() => window.localStorage.setItem('booth.scriptSize', '44'))
      await openWorkspace(page, booth.launchUrl)
      await openJob(page, job.job_id, job.advertiser)
      await expect(page.getByRole('combobox', { name: 'Prompter' })).toHaveValue('voice')
      // As the job opens from the list below 1440 px: the list folded into the rail, the script beside it.
      await expect(page.locator('.rail'), 'the list folded into the rail').toBeVisible()

      await page.locator('.script-panel .section-title').click()
      await recordHighlights(page)
      await page.keyboard.press('Space')
      await expect(page.locator('.recorder')).toHaveAttribute('data-phase', 'recording')
      await expect(page.locator('.prompter-status')).toHaveText(/Listening…|Following your voice/, { timeout: 20_000 })

      // Until the last line has been highlighted a moment (the read lasts about 15 s).
      const last = LINES[LINES.length - 1] as string
      await expect
        .poll(
          async () => {
            const seen = await recorded(page)
            const end = seen[seen.length - 1]
            return end?.line === last && end.heldMs > 1500
          },
          { timeout: 60_000, intervals: [500] },
        )
        .toBe(true)
      const seen = await recorded(page)
      const order = seen.map((s) => LINES.indexOf(s.line))
      expect(
        order.every((i) => i >= 0),
        `every highlight is one of the script's lines: ${JSON.stringify(seen)}`,
      ).toBe(true)
      expect(order, 'the highlighted line only moves down the script').toEqual([...order].sort((a, b) => a - b))
      expect(new Set(order).size, `the lines were highlighted in turn: ${JSON.stringify(seen)}`).toBeGreaterThanOrEqual(
        LINES.length - 1,
      )
      // A line highlighted for a moment only may be passed before the smooth scroll reaches it.
      const held = seen.filter((s) => s.heldMs >= 600)
      expect(held.length, 'lines stayed highlighted while they were read').toBeGreaterThanOrEqual(3)
      expect(
        held.every((s) => s.inView),
        `each line held came into view: ${JSON.stringify(seen)}`,
      ).toBe(true)
      expect(
        held.every((s) => s.nearMarker !== false),
        `the word being read came to the reading marker: ${JSON.stringify(seen)}`,
      ).toBe(true)
      await expect(page.locator('.reading-script')).toHaveClass(/is-following/)
      await screenshot(page, `prompter-follow-${screen.width}x${screen.height}`)

      await page.keyboard.press('Space')
      await expect(page.locator('.recorder')).toHaveAttribute('data-phase', 'idle', { timeout: 20_000 })
      await expect.poll(() => highlightedLine(page)).toBeNull()
      await expect(page.locator('.reading-script')).not.toHaveClass(/is-following/)
    })
  })
}
