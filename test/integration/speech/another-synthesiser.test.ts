/**
 * The read-back on speech made another way: flite (the Festival project's synthesiser, whose voices
 * pocketsphinx hears far more cleanly than espeak-ng's) reads a script of its own. flite reads a day
 * after its month as an ordinal ("March fourteenth") and a word in capitals letter by letter ("F D I C"),
 * as talent do; a clean read must match, and a day read as another day must not, nor a place name read
 * with another ending ("Westwood" for "Westfield", which sounds nothing like it: before place-parts.ts it
 * came back "matches" on rms).
 */
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { readBack } from '../../../main/readback/read-back'
import { pocketsphinxForTests } from '../../support/pocketsphinx-tests'

const SCRIPT =
  'Northgate Savings pays a bonus on every new account opened by March 14. ' +
  'Visit our branch on Elm Road in Westfield, or call us today. Northgate Savings, member FDIC.'

const { engine, folder } = pocketsphinxForTests('booth-flite-test-')

async function hear(read: string, voice: string, name: string) {
  const wav = join(folder(), `${name}-${voice}.wav`)
  await promisify(execFile)('flite', ['-voice', voice, '-t', read, '-o', wav])
  return readBack(engine, wav, SCRIPT)
}

describe.each(['rms', 'slt'])('read by flite (%s)', (voice) => {
  it('a clean read, with the day read as an ordinal and FDIC letter by letter, matches', async () => {
    const result = await hear(SCRIPT, voice, 'clean')
    expect(result.check.issues.map((i) => `${i.expected} → ${i.heard}`)).toEqual([])
    expect(result.check.verdict).toBe('matches')
  }, 60_000)

  it('another day of the month is found', async () => {
    const result = await hear(SCRIPT.replace('March 14', 'March 24'), voice, 'day')
    expect(result.check.verdict).not.toBe('matches')
    expect(result.check.issues.some((i) => i.expected === '14' && /twenty/.test(i.heard ?? ''))).toBe(true)
  }, 60_000)

  it('a place name read with another ending is found', async () => {
    const result = await hear(SCRIPT.replace('Westfield', 'Westwood'), voice, 'place')
    expect(result.check.verdict).not.toBe('matches')
    expect(result.check.issues.some((i) => i.expected === 'Westfield')).toBe(true)
  }, 60_000)
})
