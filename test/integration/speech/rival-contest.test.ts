/**
 * The rival contest on real speech: espeak-ng (a voice and speed the read-back's tuning and benchmark sets
 * do not use) reads a line with its day as written and with another day, and the pocketsphinx engine hears
 * the day's stretch again under the script's reading and the rival's. The day said must win: the rival by
 * CONTEST_MARGIN or more where it was said, and not where the script's day was said.
 */
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import type { Contest } from '../../../main/readback/engine'
import { CONTEST_MARGIN } from '../../../main/readback/tuning'
import { pocketsphinxForTests } from '../../support/pocketsphinx-tests'

const SCRIPT = 'The spring sale at Lakeview Garden Centre ends Friday at noon, so come early.'
const VOICE = ['-v', 'en-us+m1', '-s', '160']

const { engine, folder } = pocketsphinxForTests('booth-contest-test-')

/** The margin of "sunday" over "friday" on a reading of the script with `day` in Friday's place. */
async function margin(day: string): Promise<number | null> {
  const wav = join(folder(), `${day}.wav`)
  await promisify(execFile)('espeak-ng', [...VOICE, '-w', wav, SCRIPT.replace('Friday', day)])
  const { words } = await engine.transcribe(wav, { hints: SCRIPT, doubts: false })
  const ends = words.find((w) => w.word === 'ends')
  const at = words.find((w) => w.word === 'at' && ends && w.start_s > ends.end_s)
  expect(ends && at, JSON.stringify(words)).toBeTruthy()
  const from = SCRIPT.indexOf('Friday')
  const contest: Contest = {
    script_from: from,
    script_to: from + 6,
    from_s: Math.max(0, (ends?.start_s ?? 0) - 0.1),
    to_s: (at?.end_s ?? 0) + 0.1,
    before: 'ends',
    after: 'at',
    script: [['friday']],
    rival: ['sunday'],
  }
  const [result] = await engine.contest(wav, [contest])
  return result?.margin ?? null
}

describe('the rival contest on espeak-ng speech', { timeout: 120_000 }, () => {
  it('the rival day said wins clearly; the script day said is not beaten clearly', async () => {
    const said = await margin('Sunday')
    const asWritten = await margin('Friday')
    expect(said).not.toBeNull()
    expect(said as number).toBeGreaterThanOrEqual(CONTEST_MARGIN)
    expect(asWritten ?? -Infinity).toBeLessThan(CONTEST_MARGIN)
  })
})
