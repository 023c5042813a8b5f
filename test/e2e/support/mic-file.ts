/** A microphone that plays a file (Chromium's fake capture), and the levels no meter of Booth may show. */
import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, type Page } from '@playwright/test'
import config from '../../../playwright.config'
import { findJob } from './reading'
import { openJob, openWorkspace } from './workspace'

const launch = config.use?.launchOptions ?? {}
const dir = mkdtempSync(join(tmpdir(), 'booth-mic-file-e2e-'))

/** 6 s of digital zeros. */
export function silenceFile(): string {
  const path = join(dir, 'silence.wav')
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'anullsrc=r=48000:cl=mono',
    '-t',
    '6',
    '-c:a',
    'pcm_s16le',
    path,
  ])
  return path
}

/** An espeak-ng phrase (en-gb, fast), then 8 s of digital zeros. */
export function phraseThenZeros(): string {
  const said = join(dir, 'said.wav')
  execFileSync('espeak-ng', ['-v', 'en-gb', '-s', '210', '-w', said, 'Book your free eye test today.'])
  const path = join(dir, 'phrase-then-zeros.wav')
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-i',
    said,
    '-af',
    'apad=pad_dur=8',
    '-ar',
    '48000',
    '-ac',
    '1',
    '-c:a',
    'pcm_s16le',
    path,
  ])
  return path
}

/** `test.use(micPlaying(file))`: Chromium's microphone plays `file` (looped), allowed without asking. */
export const micPlaying = (file: string) => ({
  launchOptions: {
    ...launch,
    args: [
      ...(launch.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${file}`,
    ],
  },
})

/** Three or more digits before a decimal point, or infinity: no level Booth shows is like that. */
export const ABSURD = /[−-]\d{3,}\.\d|∞/

/** Opens the demo job whose key number has hyphens (HOLF-nnnn-20) and puts focus on its script. */
export async function openKeyedJob(page: Page, launchUrl: string): Promise<{ key: string }> {
  const job = await findJob(
    launchUrl,
    'a key number with hyphens that takes deliveries',
    (j) => j.can.deliver && j.deliver_notice === 'none' && /-\d+-/.test(j.key_number) && j.script.kind === 'typed',
  )
  await openWorkspace(page, launchUrl)
  await openJob(page, job.job_id, job.advertiser)
  await page.locator('.script-panel .section-title').click()
  await expect(page.locator('.recorder')).toHaveAttribute('data-phase', 'idle')
  return { key: job.key_number }
}
