/**
 * A producer's revision that only removes a line needs no pickup (1280x720, the window as it opens): a take
 * read from revision 1 (three lines) is dropped; the producer removes the middle line; the take's row says
 * it was read from an older script and offers "Cut the removed line", naming the line. Pressing it makes
 * version 2 with the line cut out, whose summary names it ("Removed line cut: sentence 2 of revision 1,
 * “…”"), read back clean against revision 2; the offer goes once the take reads the current script. Booth
 * runs against a sandbox in its own process whose producer acts when the test says; the read is
 * espeak-ng's, heard by the real read-back.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect } from './booth-host'
import { speakRead } from '../support/voice-reads'
import { bridgeClient } from './support/bridge-client'
import { testWithProducer as test } from './support/controlled-sandbox'
import { typedDeliverableJob } from './support/reading'
import { press, takeRow, verdictOf, wav } from './support/versions-flow'
import { dropFiles, openJob, openWorkspace } from './support/workspace'

test.use({ viewport: { width: 1280, height: 720 } })

const S1 = "This Saturday only, it's the biggest sale of the year at Dream Street Furniture."
const S2 = 'Queen mattresses start at just $299.'
const S3 = 'Visit us at 1400 Harbor Boulevard, open 9 to 9.'
const VOICE = { voice: 'en-us+f2', speed: 175 }
const html = (lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('')

async function takeRead(): Promise<Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'booth-removed-e2e-'))
  try {
    const take = await speakRead(dir, 'take', [S1, S2, S3], { ...VOICE, pausesS: [0.7, 0.65], roomDbfs: -62 })
    return readFileSync(take.path)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

test('a line the producer removed is cut out of a take read from revision 1, and the version reads clean against revision 2', async ({
  page,
  world,
  consoleErrors,
}) => {
  test.setTimeout(600_000)
  const bridge = bridgeClient(world.booth.launchUrl)
  const job = await typedDeliverableJob(world.booth.launchUrl, world.claimed)
  world.claimed.push(job.job_id)
  const read = await takeRead()
  // Revision 1: three lines.
  await world.sandbox.setScript(job.job_id, { text: `${S1}\n${S2}\n${S3}`, html: html([S1, S2, S3]) })
  await bridge.call('refreshNow', {})
  await openWorkspace(page, world.booth.launchUrl)
  await openJob(page, job.job_id, job.advertiser)
  const script = page.locator('.script-panel .script-read')
  await expect(script).toContainText('Queen mattresses')
  await dropFiles(page, '.script-panel', [wav('take-rev1.wav', read)])
  const take = takeRow(page, 1)
  expect(await verdictOf(take)).toBe('Matches the script')
  // Read from the current script: nothing to cut.
  await expect(take.locator('.take-removed-lines')).toHaveCount(0)

  // The producer revises the script: a new revision without the middle line.
  expect(await world.sandbox.changeScript(job.job_id), 'the sandbox changed the script').not.toBeNull()
  await world.sandbox.setScript(job.job_id, { text: `${S1}\n${S3}`, html: html([S1, S3]) })
  await bridge.call('refreshNow', {})
  await page.reload()
  await openJob(page, job.job_id, job.advertiser)
  await expect(script).not.toContainText('Queen mattresses')
  await expect(take.locator('.take-older-script')).toContainText('Read from an older script')
  const offer = take.locator('.take-removed-lines')
  await expect(offer).toContainText(`Revision 2 removed a line of the script this take was read from: “${S2}”.`, {
    timeout: 30_000,
  })

  await press(offer.getByRole('button', { name: 'Cut the removed line' }), 'Enter')
  await expect(take.locator('.ver-mark')).toHaveText('· v2', { timeout: 240_000 })
  await expect(take.locator('.ver-notice')).toContainText(
    /^Version 2: Removed line cut: sentence 2 of revision 1, “Queen mattresses start at just \$299\.”, −\d\.\d s\./,
  )
  expect(await verdictOf(take, 60_000)).toBe('Matches the script')
  await expect(take.locator('.take-older-fixed')).toContainText('version 2 is made for the current script')
  await expect(offer).toHaveCount(0)
  await press(take.getByRole('button', { name: '2 versions' }), 'Enter')
  const v2 = take.locator('.ver-item[data-version="2"]')
  await expect(v2.locator('.ver-read')).toHaveText('Reads clean')
  await expect(v2.locator('.ver-revision')).toHaveText('· Read back against revision 2')

  const takeId = (await take.getAttribute('data-take-id')) ?? ''
  const made = (await bridge.call('listVersions', { takeId })).versions.find((v) => v.number === 2)
  expect(made?.operation).toBe('cut_removed')
  expect(made?.changes.map((c) => [c.kind, c.removed_line?.sentence])).toEqual([['removed', 2]])
  expect(made?.readback).toMatchObject({ clean: true, revision_number: 2 })
  // The take itself stays tied to revision 1; its version is shorter by the line and its pause.
  const listed = (await bridge.call('listTakes', { jobId: job.job_id })).takes.find((t) => t.id === takeId)
  expect(listed?.script_read?.text).toBe(`${S1}\n${S2}\n${S3}`)
  expect(made?.changes[0]?.delta_s).toBeLessThan(-1.5)
  expect(consoleErrors).toEqual([])
})
