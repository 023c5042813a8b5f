/**
 * A producer's revision carries through, and a pickup is checked as a pickup (1280x720, the window as it
 * opens): a take is dropped on revision 1 of a job's script; the producer revises it (a line added at the
 * end); a pickup of the added line is dropped and shows no spot-length finding and no read-back mark on
 * the script (it is compared with the line it reads, not the spot); it is placed into the old take, after
 * its last line, and the version reads clean and says it is read back against revision 2. Before that,
 * "Punch in at" offers the added line, marked "added since the take", and plans its punch after the
 * take's last line. A take that
 * reads only the first sentence marks the rest as missing, and while the next take records those marks are
 * hidden. Booth runs against a sandbox in its own process whose producer acts when the test says; the
 * reads are espeak-ng's, heard by the real read-back.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect } from './booth-host'
import { speakRead } from '../support/voice-reads'
import { bridgeClient } from './support/bridge-client'
import { testWithProducer as test } from './support/controlled-sandbox'
import { typedDeliverableJob } from './support/reading'
import { FAKE_MICROPHONE } from './support/recording'
import { placePickups, press, takeRow, verdictOf, wav } from './support/versions-flow'
import { dropFiles, openJob, openWorkspace } from './support/workspace'

test.use({ ...FAKE_MICROPHONE, viewport: { width: 1280, height: 720 } })

const S1 = "This Saturday only, it's the biggest sale of the year at Dream Street Furniture."
const S2 = 'Visit us at 1400 Harbor Boulevard, open 9 to 9.'
const ADDED = 'Get free delivery on every mattress in the store.'
const VOICE = { voice: 'en-us+f2', speed: 175 }
const html = (lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('')

async function readsOf(): Promise<{ take: Buffer; pickup: Buffer; first: Buffer }> {
  const dir = mkdtempSync(join(tmpdir(), 'booth-revision-e2e-'))
  try {
    const take = await speakRead(dir, 'take', [S1, S2], { ...VOICE, pausesS: 0.7, roomDbfs: -62 })
    const pickup = await speakRead(dir, 'pickup', [ADDED], {
      ...VOICE,
      leadS: 0.8,
      tailS: 0.6,
      roomDbfs: -60,
      roomSeed: 6,
    })
    const first = await speakRead(dir, 'first', [S1], { ...VOICE, leadS: 0.8, tailS: 0.8, roomDbfs: -62, roomSeed: 8 })
    return { take: readFileSync(take.path), pickup: readFileSync(pickup.path), first: readFileSync(first.path) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

test('a pickup of a line the producer added goes after the last line, is read back against revision 2, and is checked as a pickup', async ({
  page,
  world,
  consoleErrors,
}) => {
  test.setTimeout(600_000)
  const bridge = bridgeClient(world.booth.launchUrl)
  const job = await typedDeliverableJob(world.booth.launchUrl, world.claimed)
  world.claimed.push(job.job_id)
  const reads = await readsOf()
  // Revision 1: two lines.
  await world.sandbox.setScript(job.job_id, { text: `${S1}\n${S2}`, html: html([S1, S2]) })
  await bridge.call('refreshNow', {})
  await openWorkspace(page, world.booth.launchUrl)
  await openJob(page, job.job_id, job.advertiser)
  const script = page.locator('.script-panel .script-read')
  await expect(script).toContainText('Harbor Boulevard')
  await expect(script).not.toContainText('free delivery')
  await dropFiles(page, '.script-panel', [wav('take-rev1.wav', reads.take)])
  const take = takeRow(page, 1)
  expect(await verdictOf(take)).toBe('Matches the script')

  // The producer revises the script: a new revision, with a line added at the end.
  expect(await world.sandbox.changeScript(job.job_id), 'the sandbox changed the script').not.toBeNull()
  await world.sandbox.setScript(job.job_id, { text: `${S1}\n${S2}\n${ADDED}`, html: html([S1, S2, ADDED]) })
  await bridge.call('refreshNow', {})
  await page.reload()
  await openJob(page, job.job_id, job.advertiser)
  await expect(script).toContainText('free delivery')
  await expect(take.locator('.take-older-script')).toContainText('Read from an older script')

  // "Punch in at" offers the added line, marked; punching on it plans the punch after the take's last line.
  const at = take.getByLabel('Punch in at')
  await expect(at.locator('option')).toHaveText(
    [/^1\. This Saturday/, /^2\. Visit us/, /^3\. Get free delivery.* — added since the take$/],
    { timeout: 60_000 },
  )
  await at.selectOption('3')
  await press(
    take.getByRole('button', { name: /^Punch in before sentence 3 of .* \(added since the take\)$/ }),
    'Enter',
  )
  const panel = page.locator('.punch-panel')
  await expect(panel).toHaveAttribute('data-phase', 'armed', { timeout: 60_000 })
  await expect(panel).toContainText(`Sentence 3: ${ADDED}`)
  const punchAt = /punch point at (\d+):(\d\d\.\d)/.exec((await panel.textContent()) ?? '')
  expect(punchAt, 'the punch point is shown').not.toBeNull()
  const readLines = (
    await bridge.call('listTakeSentences', { takeId: (await take.getAttribute('data-take-id')) ?? '' })
  ).sentences
  expect(Number(punchAt?.[1]) * 60 + Number(punchAt?.[2])).toBeGreaterThan((readLines[1]?.end_s ?? Infinity) - 0.05)
  await page.keyboard.press('Escape')
  await expect(panel).toHaveCount(0)

  // The pickup of the added line: labelled pickup, no spot-length finding, and nothing of the rest of the script marked.
  await dropFiles(page, '.pickup-drop', [wav('added-line.wav', reads.pickup)])
  const pickup = takeRow(page, 2)
  await expect(pickup.getByLabel(/^Label of /)).toHaveValue('pickup', { timeout: 30_000 })
  expect(await verdictOf(pickup)).toBe('Matches the script')
  await expect(pickup.locator('.take-facts')).toBeVisible()
  await expect(pickup.locator('[data-code="runs_short"], [data-code="runs_long"]')).toHaveCount(0)
  await expect(pickup).not.toContainText(/Runs (short|long)/)
  await expect(pickup).not.toContainText('Not read in this take')
  await expect(page.locator('.script-panel .sm-bar-rb')).toContainText('take')
  await expect(script.locator('.sm.rb')).toHaveCount(0)
  const pickupId = (await pickup.getAttribute('data-take-id')) ?? ''
  const pickupRead = await bridge.call('getReadback', { takeId: pickupId })
  expect(pickupRead.result?.pickup_sentences).toMatchObject({ first: 3, last: 3 })
  expect(pickupRead.result?.check.issues.filter((i) => i.kind === 'missing')).toEqual([])

  // Placed into the take read from revision 1: after its last line, read back against revision 2, clean.
  await placePickups(page, take, 1)
  await expect(take.locator('.ver-mark')).toHaveText('· v2', { timeout: 240_000 })
  await expect(take.locator('.ver-notice')).toContainText(
    /^Version 2: Sentence 3 \(added to the script since the take\) put in from Pickup 2, \+\d\.\d s\./,
  )
  expect(await verdictOf(take, 60_000)).toBe('Matches the script')
  await expect(take.locator('.take-older-fixed')).toContainText('version 2 is made for the current script')
  await press(take.getByRole('button', { name: '2 versions' }), 'Enter')
  const v2 = take.locator('.ver-item[data-version="2"]')
  await expect(v2.locator('.ver-read')).toHaveText('Reads clean')
  await expect(v2.locator('.ver-revision')).toHaveText('· Read back against revision 2')
  const takeId = (await take.getAttribute('data-take-id')) ?? ''
  const versions = await bridge.call('listVersions', { takeId })
  const made = versions.versions.find((v) => v.number === 2)
  expect(made?.changes.map((c) => [c.kind, c.sentence])).toEqual([['added', 3]])
  expect(made?.readback).toMatchObject({ clean: true, revision_number: 2 })
  // The take itself stays tied to revision 1.
  const listed = (await bridge.call('listTakes', { jobId: job.job_id })).takes.find((t) => t.id === takeId)
  expect(listed?.script_read?.text).toBe(`${S1}\n${S2}`)

  // A take that reads only the first line: the rest is marked on the script; while the next take records, no mark shows.
  await dropFiles(page, '.script-panel', [wav('first-line.wav', reads.first)])
  const short = takeRow(page, 3)
  expect(await verdictOf(short)).toMatch(/Worth a listen|Differs from the script/)
  await expect(script.locator('.sm.rb').first()).toBeVisible({ timeout: 30_000 })
  const recorder = page.locator('.recorder')
  await page.locator('.script-panel .section-title').click()
  await page.keyboard.press('Space')
  await expect(recorder).toHaveAttribute('data-phase', 'recording')
  await expect(script.locator('.sm.rb')).toHaveCount(0)
  await page.waitForTimeout(600)
  await expect(script.locator('.sm.rb')).toHaveCount(0)
  await page.keyboard.press('Space')
  await expect(recorder).toHaveAttribute('data-phase', 'idle', { timeout: 15_000 })
  expect(consoleErrors).toEqual([])
})
