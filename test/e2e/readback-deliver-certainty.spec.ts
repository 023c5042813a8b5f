/**
 * The read-back says how sure it is when a take goes out (web host, demo mode). A take with a version
 * made (a false start cut) carries a read-back result with findings Booth is not sure of: Deliver opens
 * the delivery's own confirmation at once — no "anyway?" first — titled with the version it sends, and
 * listing each finding as "Listen here" with a play button that plays the take at that word. With one
 * finding Booth is sure of, "Deliver … anyway?" asks first, listing both with their certainty.
 * The results are written where Booth keeps them (`<take id>.readback.json`) once the version's own read-back
 * is done, so what is listed is known.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test, expect } from './booth-host'
import { bridgeClient } from './support/bridge-client'
import { findJob } from './support/reading'
import { openJob, openWorkspace } from './support/workspace'
import type { ReadbackIssue } from '../../shared/readback/types'
import { findFile } from './support/find-file'

/** A read with a false start ("Save thirty. … Save thirty percent …", pauses around it), by espeak-ng: a take a cut can find. */
function readWithFalseStart(): string {
  const dir = mkdtempSync(join(tmpdir(), 'booth-certainty-e2e-'))
  const say = (text: string, name: string) => {
    execFileSync('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', join(dir, name), text])
    return join(dir, name)
  }
  const a = say('Save thirty.', 'a.wav')
  const b = say('Save thirty percent on frames today, at Hollis and Finch.', 'b.wav')
  const path = join(dir, 'read.wav')
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-i',
    a,
    '-i',
    b,
    '-filter_complex',
    '[0:a]aresample=48000,adelay=500,apad=pad_dur=0.8[x];[1:a]aresample=48000,apad=pad_dur=0.5[y];[x][y]concat=n=2:v=0:a=1',
    '-ac',
    '1',
    '-c:a',
    'pcm_s24le',
    path,
  ])
  return path
}

const finding = (over: Partial<ReadbackIssue>): ReadbackIssue => ({
  kind: 'changed',
  severity: 'high',
  legal: false,
  name: false,
  number: false,
  expected: null,
  heard: null,
  context: '',
  at_s: 1,
  script_from: null,
  script_to: null,
  ...over,
})

/** Writes the take's read-back result with these findings, as Booth keeps it. */
function plantReadback(
  dataDir: string,
  take: { id: string; job_id: string },
  script: string,
  issues: ReadbackIssue[],
): void {
  // Where the take's own read-back was kept.
  const kept = findFile(dataDir, `${take.id}.readback.json`)
  if (!kept) throw new Error(`The take ${take.id} has no read-back kept under ${dataDir}.`)
  const result = {
    take_id: take.id,
    job_id: take.job_id,
    script_read: { revision_id: null, text: script },
    note: null,
    engine: 'pocketsphinx',
    words: [
      { word: 'save', start_s: 0.2, end_s: 0.6 },
      { word: 'fitch', start_s: 2.6, end_s: 3.0 },
    ],
    check: {
      state: 'done',
      verdict: 'check',
      coverage: 0.9,
      summary: 'Planted for the test.',
      checked_at: Date.now(),
      can_retry: true,
      issues,
    },
  }
  writeFileSync(kept, `${JSON.stringify(result)}\n`)
}

test('delivery names the version it sends and each read-back finding with how sure Booth is, asking "anyway?" only when sure', async ({
  page,
  booth,
  consoleErrors,
}) => {
  test.setTimeout(240_000)
  const bridge = bridgeClient(booth.launchUrl)
  await bridge.call('setReadbackSettings', { enabled: true })
  const job = await findJob(
    booth.launchUrl,
    'a deliverable typed script',
    (j) => j.can.deliver && j.deliver_notice === 'none' && j.script.kind === 'typed' && j.script.text.length > 40,
  )
  const take = await bridge.call('importTake', { jobId: job.job_id, path: readWithFalseStart() })
  // A second version: the false start cut, where the read-back heard its words.
  const heard = async () => {
    const s = await bridge.call('getReadback', { takeId: take.id })
    return s.status === 'done' ? (s.result?.words ?? []) : null
  }
  await expect.poll(async () => (await heard()) !== null, { timeout: 120_000 }).toBe(true)
  const words = (await heard()) ?? []
  expect(words.length).toBeGreaterThan(3)
  await bridge.call('cutRestart', { takeId: take.id, from_s: words[0]?.start_s ?? 0, to_s: words[2]?.start_s ?? 0 })
  await expect
    .poll(async () => (await bridge.call('getReadback', { takeId: take.id })).status, { timeout: 120_000 })
    .toBe('done')
  // The read-back's own run would replace the planted results; this test is about what delivery shows of them.
  await bridge.call('setReadbackSettings', { enabled: false })
  const name = take.file_name.replace(/\.wav$/, '')
  const unsure = [
    finding({
      certainty: 'unsure',
      confidence: 'unsure',
      severity: 'normal',
      name: true,
      expected: 'Finch',
      heard: 'fitch',
      at_s: 2.6,
    }),
    finding({
      certainty: 'unsure',
      severity: 'normal',
      number: true,
      expected: 'ninety-nine pounds',
      heard: 'ninety life hollis',
      at_s: 0.2,
    }),
  ]
  plantReadback(booth.dataDir, take, job.script.text, unsure)

  await openWorkspace(page, booth.launchUrl)
  await openJob(page, job.job_id, job.advertiser)
  const row = page.locator(`.take-row[data-take-id="${take.id}"]`)
  await expect(row.locator('.ver-mark')).toHaveText('· v2', { timeout: 60_000 })
  await row.getByRole('button', { name: 'Deliver…' }).click()
  // Findings Booth is not sure of ask nothing first: the delivery's own confirmation lists them.
  const dialog = page.getByRole('dialog', { name: `Deliver ${name}, version 2 (false start cut)?` })
  await expect(dialog).toBeVisible()
  await expect(page.getByRole('dialog', { name: /anyway\?$/ })).toHaveCount(0)
  await expect(dialog).toContainText(
    'Booth’s read-back is not sure of 2 places in this take: listen before you send it.',
  )
  const items = dialog.getByRole('list', { name: 'Booth’s read-back findings' }).getByRole('listitem')
  await expect(items).toHaveCount(2)
  await expect(items.nth(0)).toHaveText('▶ 0:02.6 Listen here “Finch” may have been read as “fitch”')
  await expect(items.nth(1)).toHaveText(
    '▶ 0:00.2 Listen here “ninety-nine pounds” sounded like “ninety life hollis” (Booth is not sure: listen)',
  )
  // Each one plays the take at that word (from 1.5 s before it).
  await items
    .nth(0)
    .getByRole('button', { name: /^Play the take at 0:02\.6: Listen here/ })
    .click()
  const audio = dialog.locator('audio')
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.src), { timeout: 15_000 }).toMatch(/./)
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(1.05)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()

  // One finding Booth is sure of: "anyway?" first, every finding listed with its certainty.
  plantReadback(booth.dataDir, take, job.script.text, [
    finding({ certainty: 'sure', number: true, expected: '$49', heard: 'fifty nine dollars', at_s: 0.4 }),
    ...unsure,
  ])
  await page.reload()
  await openJob(page, job.job_id, job.advertiser)
  await row.getByRole('button', { name: 'Deliver…' }).click()
  const gate = page.getByRole('dialog', { name: `Deliver ${name}, version 2 (false start cut) anyway?` })
  await expect(gate).toBeVisible()
  await expect(gate).toContainText('is sure this take differs from the script at 1 place')
  const listed = gate.getByRole('listitem')
  await expect(listed).toHaveCount(3)
  await expect(listed.nth(0).locator('.rb-cert')).toHaveText('Differs')
  await expect(listed.nth(1).locator('.rb-cert')).toHaveText('Listen here')
  await expect(listed.nth(0).getByRole('button', { name: /^Play the take at 0:00\.4/ })).toBeVisible()
  await gate.getByRole('button', { name: 'Continue to delivery' }).click()
  const then = page.getByRole('dialog', { name: `Deliver ${name}, version 2 (false start cut)?` })
  await expect(then).toContainText(
    'Booth’s read-back is sure this take differs from the script at 1 of 3 places; listen to the other 2.',
  )
  await then.getByRole('button', { name: 'Cancel' }).click()
  expect(consoleErrors).toEqual([])
})
