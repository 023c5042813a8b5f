/**
 * The negation hearing on real speech: espeak-ng (a voice and speed the read-back's tuning and benchmark
 * sets do not use) reads a script of its own with a negation dropped or turned around, and the
 * pocketsphinx engine, whose first hearing often hears the script's "not" anyway, must name it: as missing
 * when the first hearing heard it so, or else as a check saying what was heard; a read as written raises
 * nothing over its negations.
 */
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { compareToScript } from '../../../main/readback/compare/compare'
import { pocketsphinxForTests } from '../../support/pocketsphinx-tests'

const SCRIPT =
  'The Lakeview pool does not open on Mondays in winter. Guests cannot bring glass bottles onto the deck. ' +
  'Towels are never provided, so please bring your own. Swim lessons start at nine every Saturday morning.'
const VOICE = ['-v', 'en-us+m1', '-s', '160']

const { engine, folder } = pocketsphinxForTests('booth-negation-test-')

async function hear(read: string, name: string) {
  const wav = join(folder(), `${name}.wav`)
  await promisify(execFile)('espeak-ng', [...VOICE, '-w', wav, read])
  const transcript = await engine.transcribe(wav, { hints: SCRIPT })
  return { transcript, check: compareToScript(SCRIPT, transcript.words, { doubts: transcript.doubts ?? [] }) }
}

const negationIssues = (check: ReturnType<typeof compareToScript>) =>
  check.issues.filter((i) => /\b(not|cannot|never)\b/.test(i.expected ?? ''))

describe('the negation hearing on espeak-ng speech', { timeout: 120_000 }, () => {
  it('a read as written raises no doubt over its negations', async () => {
    const { check } = await hear(SCRIPT, 'clean')
    expect(negationIssues(check), JSON.stringify(check.issues)).toEqual([])
  })

  it.each([
    ['a "not" left out', 'does not open', 'does open', /does open/],
    ['"cannot" read as "can"', 'cannot bring', 'can bring', /\bcan\b/],
    ['a "never" left out', 'are never provided', 'are provided', /are provided/],
  ])('%s is named: missing, or a check saying what was heard', async (_what, from, to, heard) => {
    const { check } = await hear(SCRIPT.replace(from, to), to.replace(/\W+/g, '-'))
    expect(check.verdict).not.toBe('matches')
    const named = negationIssues(check).filter(
      (i) => i.kind === 'missing' || (i.kind === 'changed' && heard.test(i.heard ?? '')),
    )
    expect(named, JSON.stringify(check.issues)).not.toEqual([])
  })
})
