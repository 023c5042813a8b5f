/**
 * Damaged WAVs dropped on a job in the page, end to end: a file cut off mid-data is refused with where it
 * ends, a header that claims 1 s of 10 s is taken whole and the take says so, a streamed WAV (unknown
 * sizes) is measured to its real length — and Booth's received copies of the drops are gone afterwards.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test, expect } from './booth-host'
import { findJob } from './support/reading'
import { dropFiles, openJob, openWorkspace } from './support/workspace'
import { claimSeconds, cutAt, streamed } from '../unit/takes/helpers/damaged-wav'

let ten: Buffer
test.beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'booth-damaged-e2e-'))
  const path = join(dir, 'ten.wav')
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=48000:duration=10',
    path,
  ])
  ten = readFileSync(path)
  rmSync(dir, { recursive: true, force: true })
})

test('damaged WAVs get a named reason or a correct measurement, and no dropped copy stays behind', async ({
  page,
  booth,
  consoleErrors,
}) => {
  const job = await findJob(
    booth.launchUrl,
    'a typed script that takes deliveries',
    (j) => j.can.deliver && j.script.kind === 'typed',
  )
  await openWorkspace(page, booth.launchUrl)
  await openJob(page, job.job_id, job.advertiser)
  const takes = page.locator('.takes-panel')

  await dropFiles(page, '.script-panel', [{ name: 'cut.wav', type: 'audio/wav', bytes: cutAt(ten, 3.2, 96_000) }])
  await expect(takes.getByRole('alert')).toContainText(
    'ends in the middle of its audio data at 3.2 s (its header says 10.0 s)',
  )
  // The refusal is the bridge call's 400 answer, which Chromium also logs; that one line is expected.
  const refusal = consoleErrors.findIndex((e) => e.includes('status of 400 (Bad Request)'))
  expect(refusal).toBeGreaterThanOrEqual(0)
  consoleErrors.splice(refusal, 1)

  await dropFiles(page, '.script-panel', [
    { name: 'short-header.wav', type: 'audio/wav', bytes: claimSeconds(ten, 1, 96_000) },
  ])
  const first = takes.locator('.take-row[data-take-number="1"]')
  await expect(first.getByRole('note')).toHaveText(
    'The header says 1.0 s but 10.0 s of audio follow: Booth will deliver all 10.0 s.',
  )
  await expect(first.locator('.take-facts')).toContainText('10.0 s')

  await dropFiles(page, '.script-panel', [
    { name: 'streamed.wav', type: 'audio/wav', bytes: streamed(ten, 0xffffffff) },
  ])
  // The drop's own line comes first: it names the take made, or says why none was (a failure shows here, not
  // as a missing row). Copying, measuring and reading back share two busy cores with the other worker in CI.
  await expect(takes.locator('.takes-notice')).toContainText('“streamed.wav” is', { timeout: 30_000 })
  await expect(takes.locator('.take-row[data-take-number="2"] .take-facts')).toContainText('10.0 s')

  const incoming = join(booth.dataDir, 'incoming')
  expect(existsSync(incoming) ? readdirSync(incoming) : []).toEqual([])
  expect(consoleErrors).toEqual([])
})
