/**
 * How sure the read-back is, on real speech: a script of its own read by voices the read-back's tuning and
 * benchmark sets do not use (flite's 8 kHz `kal`, espeak-ng's en-us+m1 at 160 wpm), heard by pocketsphinx
 * with both hearings. A clean read gives no "Differs" (kal's first hearing heard "this Saturday" as
 * "other been", which made the take "Differs from the script" before the second hearing was asked how sure
 * it was: it heard the words as written, so they are "Listen here"); a price read as another gives at least
 * "Listen here" on that price, never "matches".
 */
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { compareToScript } from '../../../main/readback/compare/compare'
import { readBack } from '../../../main/readback/read-back'
import { differs, listenHere } from '../../../shared/readback/certainty'
import type { ReadbackCheck } from '../../../shared/readback/types'
import { pocketsphinxForTests } from '../../support/pocketsphinx-tests'

const SCRIPT =
  'Marlow Garden Centre opens at 9 this Saturday. Every rose bush is 45 dollars, and delivery is free within 20 miles.'
const MISREAD = SCRIPT.replace('45', '65')
const run = promisify(execFile)

const { engine, folder } = pocketsphinxForTests('booth-certainty-test-')

const VOICES: Record<string, (text: string, wav: string) => Promise<unknown>> = {
  'flite kal': (text, wav) => run('flite', ['-voice', 'kal', '-t', text, '-o', wav]),
  'espeak-ng en-us+m1 at 160 wpm': (text, wav) => run('espeak-ng', ['-v', 'en-us+m1', '-s', '160', '-w', wav, text]),
}

async function hear(voice: string, text: string, name: string) {
  const wav = join(folder(), `${name}-${voice.replace(/\W+/g, '_')}.wav`)
  await (VOICES[voice] as (t: string, w: string) => Promise<unknown>)(text, wav)
  return readBack(engine, wav, SCRIPT, { now: 0 })
}

const said = (check: ReadbackCheck) =>
  JSON.stringify(
    check.issues.map((i) => `${i.certainty ?? '?'} ${i.severity} ${i.expected ?? '—'} → ${i.heard ?? '—'}`),
  )

describe.each(Object.keys(VOICES))('how sure the read-back is, read by %s', { timeout: 300_000 }, (voice) => {
  it('a clean read gives no "Differs"', async () => {
    const { check, words } = await hear(voice, SCRIPT, 'clean')
    expect(check.issues.filter(differs), said(check)).toEqual([])
    expect(check.verdict).not.toBe('mismatch')
    if (voice === 'flite kal') {
      // What the first hearing alone would have said: "Differs from the script", over words read as written.
      expect(compareToScript(SCRIPT, words, { now: 0 }).verdict).toBe('mismatch')
      expect(check.issues.some(listenHere), said(check)).toBe(true)
    }
  })

  it('"45 dollars" read as "65 dollars" is at least "Listen here" on the price, and never "matches"', async () => {
    const { check } = await hear(voice, MISREAD, 'price')
    const at = SCRIPT.indexOf('45')
    const onPrice = check.issues.filter(
      (i) =>
        i.severity !== 'soft' &&
        i.script_from !== null &&
        i.script_to !== null &&
        i.script_from <= at &&
        i.script_to > at,
    )
    expect(onPrice.length, said(check)).toBeGreaterThan(0)
    expect(onPrice.every((i) => i.number)).toBe(true)
    expect(check.verdict).not.toBe('matches')
  })
})
