/**
 * Booth's read-back end to end in the web host (demo mode): espeak-ng reads a demo job's typed script
 * with one sentence left out, the WAV is dropped on the job, pocketsphinx listens in the background, and
 * the take shows Booth's own check (labelled apart from the platform's) while the skipped sentence is
 * struck on the MAIN script the talent reads, the job's pronunciations still on their words; clicking the
 * struck text plays the take from 1.5 s before; delivering asks first.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test, expect } from './booth-host'
import { bridgeClient } from './support/bridge-client'
import { findJob } from './support/reading'
import { dropFiles, openJob, openWorkspace, screenshot } from './support/workspace'

/** Sentences of a script, as the read-back splits them. */
function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter((s) => /[A-Za-z]/.test(s))
}

/** A male espeak-ng voice at a slower rate than the unit tests' (en-us+f2 at 175 words a minute). */
function speakWav(text: string): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'booth-readback-e2e-'))
  try {
    const path = join(dir, 'read.wav')
    execFileSync('espeak-ng', ['-v', 'en-us+m3', '-s', '155', '-w', path, text])
    return readFileSync(path)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

test('a take with a skipped sentence: Booth’s read-back strikes it on the script, plays it, and delivery asks first', async ({
  page,
  booth,
  consoleErrors,
}) => {
  test.setTimeout(120_000)
  const bridge = bridgeClient(booth.launchUrl)
  const job = await findJob(
    booth.launchUrl,
    'a deliverable typed script of three sentences',
    (j) =>
      j.can.deliver && j.deliver_notice === 'none' && j.script.kind === 'typed' && sentences(j.script.text).length >= 3,
  )
  const parts = sentences(job.script.text)
  const skipped = parts[1] as string
  const wav = speakWav(parts.filter((s) => s !== skipped).join(' '))

  await openWorkspace(page, booth.launchUrl)
  await openJob(page, job.job_id, job.advertiser)
  await dropFiles(page, '.script-panel', [{ name: 'skipped-line.wav', type: 'audio/wav', bytes: wav }])
  const take = page.locator('.take-row').first()
  const panel = take.locator('.rb-panel')
  await expect(panel.locator('.rb-title')).toHaveText('Booth’s read-back')
  await expect(panel).toContainText('not the platform’s audio check')
  await expect(panel.locator('.rb-verdict')).toHaveText('Differs from the script', { timeout: 60_000 })
  // The dropped take keeps the script on screen at the drop, and the read-back compared with that text.
  const dropped = (await bridge.call('listTakes', { jobId: job.job_id })).takes.find(
    (t) => t.original_name === 'skipped-line.wav',
  )
  expect(dropped?.script_read).toEqual({ revision_id: job.script.revision_id, text: job.script.text })

  await expect(panel.locator('.rb-markers .rb-marker.sev-high').first()).toBeVisible()
  await panel.getByRole('button', { name: /^Show \d+ place/ }).click()
  if (job.script.revision_id) await expect(panel).toContainText(`against script revision ${job.script.revision_id}`)
  await expect(panel.getByRole('button', { name: 'On the script' })).toHaveAttribute('aria-pressed', 'true')
  await panel.scrollIntoViewIfNeeded()
  await screenshot(page, 'readback-panel')
  await panel.locator('.rb-issue').first().click()
  await expect.poll(() => panel.locator('audio').evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0)
  await panel.locator('audio').evaluate((a: HTMLAudioElement) => a.pause())

  // On the script the talent reads: the skipped sentence marked (struck; or, when the engine heard a
  // mumble there, changed with what it heard), named as this take's read-back.
  const name = (await take.locator('.take-name').textContent())?.trim() ?? ''
  await expect(page.locator('.script-panel .sm-bar-rb')).toContainText(`Booth’s read-back of take ${name}`)
  const script = page.locator('.script-panel .script-read')
  const firstWords = skipped
    .split(/\s+/)
    .slice(0, 3)
    .join(' ')
    .replace(/[.,!?;:]+$/, '')
  const struck = script.locator('.sm.rb[role="button"]').filter({ hasText: firstWords }).first()
  await expect(struck).toHaveClass(/rb-(missing|changed)/)
  // The pronunciations stay on their words, marks or not.
  const prons = job.pronunciations.length
  if (prons > 0) await expect(script.locator('mark.pron:not(.pron-cont)').first()).toBeVisible()
  const issues = (await bridge.call('getReadback', { takeId: dropped?.id ?? '' })).result?.check.issues ?? []
  const n = Number(await struck.getAttribute('data-rb'))
  expect(issues[n]?.severity).toBe('high')
  const from = Math.max(0, (issues[n]?.at_s ?? 0) - 1.5)
  await page.locator('.sm-bar audio').evaluate((a: HTMLAudioElement) => {
    a.addEventListener('playing', () => ((window as unknown as { playedFrom?: number }).playedFrom = a.currentTime), {
      once: true,
    })
  })
  await struck.click()
  await page.waitForFunction(() => (window as unknown as { playedFrom?: number }).playedFrom !== undefined)
  expect(await page.evaluate(() => (window as unknown as { playedFrom: number }).playedFrom)).toBeCloseTo(from, 1)
  await page.locator('.sm-playing').getByRole('button', { name: 'Stop' }).click()

  await take.getByRole('button', { name: 'Deliver…' }).click()
  const gate = page.getByRole('dialog')
  await expect(gate).toContainText(/Booth’s read-back is sure this take differs from the script at \d+ places?\./)
  await gate.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  expect(consoleErrors).toEqual([])
})
