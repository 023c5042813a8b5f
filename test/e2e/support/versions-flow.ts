/**
 * The steps of fixing a take in the window (issue 20), shared by the versions specs at each laptop size:
 * takes read by espeak-ng on a room tone with one sentence misread, pickups of that sentence, a stray
 * pickup, and the keyboard steps a talent takes: place pickups, look at the versions, undo, restore,
 * comp, import a proofer's list and deliver.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, type Locator, type Page } from '@playwright/test'
import { speakRead } from '../../support/voice-reads'
import type { JobDetail } from '../../../shared/bridge'

/** Sentences of a script, as the read-back splits them. */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter((s) => /[A-Za-z]/.test(s))
}

export interface Voice {
  voice: string
  speed: number
}

export interface Reads {
  /** WAV bytes of the take (sentence `misread` read with another word), its pickup, and a stray pickup. */
  take: Buffer
  pickup: Buffer
  stray: Buffer
  parts: string[]
}

/**
 * The reads of a job's script: the take with one word of sentence `misread` (0-based) changed by `change`,
 * a pickup of that sentence alone recorded in a louder room, and a pickup of a sentence the script lacks.
 */
export async function readsOf(
  job: JobDetail,
  misread: number,
  change: (s: string) => string,
  voice: Voice,
): Promise<Reads> {
  const parts = sentences(job.script.text)
  const said = parts.map((s, i) => (i === misread ? change(s) : s))
  if (said[misread] === parts[misread])
    throw new Error(`The change leaves sentence ${misread + 1} as it is: ${parts[misread]}`)
  const dir = mkdtempSync(join(tmpdir(), 'booth-versions-e2e-'))
  try {
    const take = await speakRead(dir, 'take', said, { ...voice, pausesS: 0.7, roomDbfs: -62 })
    const pickup = await speakRead(dir, 'pickup', [parts[misread] as string], {
      ...voice,
      leadS: 0.8,
      tailS: 0.6,
      roomDbfs: -58,
      roomSeed: 5,
    })
    const stray = await speakRead(dir, 'stray', ['The quick brown fox jumps over the lazy dog.'], {
      ...voice,
      leadS: 0.8,
      tailS: 0.6,
      roomDbfs: -60,
    })
    return { take: readFileSync(take.path), pickup: readFileSync(pickup.path), stray: readFileSync(stray.path), parts }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

export const wav = (name: string, bytes: Buffer) => ({ name, type: 'audio/wav', bytes })

/** Focuses a control and presses a key, as Tab + key would (the tests do not count Tab stops). */
export async function press(target: Locator, key: string): Promise<void> {
  await target.focus()
  await expect(target).toBeFocused()
  await target.page().keyboard.press(key)
}

/**
 * Delivers a take row's current version by keyboard: Deliver…, the read-back's question when it asks one
 * (it hears some scripts imperfectly; the talent goes on), the confirmation naming what it sends (`title`),
 * Deliver. The demo's simulated producer acts every 90 s and may change the job's script while a long test
 * runs: Booth then says the take was read from an older script and asks for a tick before it sends (what a
 * talent meets too), and the tick is given.
 */
export async function deliverVersion(row: Locator, title: RegExp): Promise<void> {
  await press(row.getByRole('button', { name: 'Deliver…' }), 'Enter')
  const dialog = row.page().getByRole('dialog')
  await expect(dialog).toBeVisible()
  const gate = dialog.getByRole('button', { name: 'Continue to delivery' })
  if ((await gate.count()) > 0) await press(gate, 'Enter')
  await expect(dialog).toContainText(title)
  const deliver = dialog.getByRole('button', { name: 'Deliver', exact: true })
  // The older-script check runs in the diff worker: Deliver waits for it, or for the tick.
  const older = dialog.getByRole('checkbox', { name: 'Deliver it anyway, read from the older script' })
  await expect(async () => {
    if (await older.isVisible()) await older.check()
    await expect(deliver).toBeEnabled({ timeout: 1000 })
  }).toPass({ timeout: 30_000 })
  await press(deliver, 'Enter')
}

/** Opens the file chooser from its button with Enter and gives it the file. */
export async function chooseFile(
  page: Page,
  button: Locator,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  const chooser = page.waitForEvent('filechooser')
  await press(button, 'Enter')
  await (await chooser).setFiles(file)
}

export function takeRow(page: Page, number: number): Locator {
  return page.locator(`.take-row[data-take-number="${number}"]`)
}

/** "Place pickups…" on a take by keyboard: the choice opens on its first pickup (all ticked); Tab, Enter places them. */
export async function placePickups(page: Page, row: Locator, count: number): Promise<void> {
  await press(row.getByRole('button', { name: 'Place pickups…' }), 'Enter')
  await expect(row.getByRole('checkbox').first()).toBeFocused()
  for (let i = 0; i < count; i++) await page.keyboard.press('Tab')
  await expect(row.getByRole('button', { name: `Place ${count} pickup${count === 1 ? '' : 's'}` })).toBeFocused()
  await page.keyboard.press('Enter')
}

/** Waits until a take row's read-back has a verdict and returns its words. */
export async function verdictOf(row: Locator, timeout = 120_000): Promise<string> {
  const v = row.locator('.rb-verdict')
  await expect(v).toHaveText(/Matches the script|Worth a listen|Differs from the script/, { timeout })
  return (await v.textContent()) ?? ''
}
