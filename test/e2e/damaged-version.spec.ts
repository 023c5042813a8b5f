/**
 * A version whose recording was overwritten on disk (48 kB in the middle, as the tester did) is named in
 * the window at 1280x720, on a real web host process: the take's versions say "Version 3's recording is
 * damaged (changed on disk since Booth wrote it); versions 1 and 2 are fine", version 3 says so too and
 * offers no Restore, and versions 1 and 2 still do.
 */
import { expect, test } from '@playwright/test'
import { mkdtempSync, openSync, rmSync, statSync, writeSync, closeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { typedDeliverableJob } from './support/reading'
import { takeRow, verdictOf } from './support/versions-flow'
import { openJob, openWorkspace, screenshot } from './support/workspace'
import { startWebHostOn, type WebHostProcess } from './support/web-host-process'
import { versionedTake } from '../unit/versions/helpers/versioned-take'
import { writeGeneratedWav } from '../unit/versions/helpers/generated-wav'

let dataDir = ''
const hosts: WebHostProcess[] = []
test.beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'booth-damaged-version-'))
})
test.afterEach(async () => {
  for (const h of hosts.splice(0)) await h.kill()
  rmSync(dataDir, { recursive: true, force: true })
})

function scribble(path: string): void {
  const size = statSync(path).size
  const fd = openSync(path, 'r+')
  try {
    writeSync(fd, Buffer.alloc(48 * 1024, 0x5a), 0, 48 * 1024, Math.floor(size / 2))
  } finally {
    closeSync(fd)
  }
}

test('a version whose recording changed on disk is named, and offers no Restore (1280x720)', async ({ page }) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1280, height: 720 })
  const host = await startWebHostOn(dataDir)
  hosts.push(host)
  const job = await typedDeliverableJob(host.launchUrl)
  // Take 1 at version 2 (a cut of its recording), with a version 3 made of another recording.
  const vt = await versionedTake(dataDir, { jobId: job.job_id })
  await vt.commitCut(2)
  const other = await writeGeneratedWav(
    join(dataDir, '..', `${job.job_id}-other-${Date.now()}.wav`),
    { sample_rate: 48_000, channels: 1, encoding: 'pcm_s24' },
    48_000 * 2,
    11,
  )
  const ref = await vt.area.versions.recordings(job.job_id).add(other)
  const none = { frames: 0, shape: 'equal_power' as const }
  const t = await vt.fresh()
  await vt.area.work.exclusive(t, async () =>
    vt.area.work.commit(t, await vt.area.work.scriptOf(t), {
      operation: 'cut_restart',
      list: {
        format: ref.format,
        frames: ref.frames,
        pieces: [{ source: ref.hash, from: 0, to: ref.frames, at: 0, gain_db: 0, fade_in: none, fade_out: none }],
      },
      changes: [],
      findings: [],
    }),
  )
  await vt.area.versions.restore(vt.take.id, 2)
  scribble(vt.area.versions.recordings(job.job_id).pathOf(ref.hash))
  rmSync(other, { force: true })

  await openWorkspace(page, host.launchUrl)
  await openJob(page, job.job_id, job.advertiser)
  const row = takeRow(page, vt.take.take_number)
  await expect(row).toBeVisible({ timeout: 15_000 })
  const said = "Version 3's recording is damaged (changed on disk since Booth wrote it); versions 1 and 2 are fine."
  await expect(row.locator('.ver-damaged').first()).toHaveText(said, { timeout: 15_000 })
  // The row settles first: the current version's read-back comes with main's answer and adds lines above
  // the versions, which moved the button under a click in versions-truth (a clean-clone run).
  await verdictOf(row, 30_000)
  await row.getByRole('button', { name: '3 versions' }).click()
  const v3 = row.locator('.ver-item[data-version="3"]')
  await expect(v3.locator('.ver-damaged')).toHaveText(
    "Version 3's recording is damaged (changed on disk since Booth wrote it). It is not restored or delivered.",
  )
  await expect(v3.getByRole('button', { name: /^Restore / })).toBeDisabled()
  await expect(row.locator('.ver-item[data-version="1"]').getByRole('button', { name: /^Restore / })).toBeEnabled()
  await row.scrollIntoViewIfNeeded()
  await screenshot(page, 'damaged-version-1280x720')
})
