/**
 * The prompter with the real pocketsphinx: espeak-ng reads a script the prompter was not tuned on, in a
 * voice and speed it was not tuned on (en-us+f4, 165 wpm), with an ad-lib, a skipped sentence and numbers
 * written out the way they are said ("4.25%" as "four point two five percent", "$1,000" as "one thousand
 * dollars"), streamed in real time through the recording calls. The highlight goes down the script in order, is not thrown
 * by the ad-lib, picks the read up after the skip, and ends on the last line.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findPocketsphinx } from '../../main/readback/engines/pocketsphinx/pocketsphinx-setup'
import { scriptModel } from '../../main/readback/script/script-model'
import { followMetrics } from '../support/follow-metrics'
import { streamTake } from '../support/follow-stream'
import { speakTake } from '../support/follow-takes'

const SCRIPT = [
  'Coastline Bank makes saving simple.',
  'Open a new account online in five minutes.',
  'Earn 4.25% APY on balances over $1,000.',
  'Our app shows every payment the moment it happens.',
  'Call us any time to talk to a real person.',
  'Coastline Bank, member FDIC.',
].join(' ')

const READ = SCRIPT
  .replace('$1,000', 'one thousand dollars')
  .replace('4.25%', 'four point two five percent')
  .replace('in five minutes.', 'in five minutes. And I mean it, the whole thing is really painless.')
  .replace('Our app shows every payment the moment it happens. ', '')

let dir = ''
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'booth-follow-it-'))
  const setup = await findPocketsphinx()
  if (typeof setup === 'string') throw new Error(setup)
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('the prompter following an espeak-ng read with pocketsphinx', { timeout: 120_000 }, () => {
  it('goes down the script in order through an ad-lib, a number read as words and a skipped sentence', async () => {
    const take = await speakTake(SCRIPT, READ, { name: 'en-us+f4', speed: 165 }, dir, 'coastline')
    const streamed = await streamTake({ script: SCRIPT, pcm48k: take.pcm48k, dataDir: join(dir, 'data') })
    expect(streamed.warnings).toEqual([])
    const model = scriptModel(SCRIPT)
    const lineOf = (index: number) => (model.words[index] as { sentence: number }).sentence
    const lines = streamed.moves.map((m) => lineOf(m.index))
    const report = JSON.stringify(streamed.moves.map((m) => `${m.atS.toFixed(2)} ${model.words[m.index]?.text}`))

    expect(streamed.events[0]?.position.status, 'it listens first').toBe('listening')
    expect(streamed.events[streamed.events.length - 1]?.position.status, 'Stop ends it').toBe('stopped')
    expect(streamed.moves.every((m, i) => i === 0 || m.index > (streamed.moves[i - 1] as { index: number }).index), `only forward: ${report}`).toBe(true)
    expect(lines[lines.length - 1], `it ends on the last line: ${report}`).toBe(5)
    expect(new Set(lines.filter((l) => l !== 3)).size, `every line read was highlighted: ${report}`).toBe(5)
    expect(lines.filter((l) => l === 3).length, `the skipped line is passed over: ${report}`).toBeLessThanOrEqual(1)

    const m = followMetrics(take.words, streamed.moves)
    const adlib = m.relocks.find((r) => r.kind === 'ad-lib')
    const skip = m.relocks.find((r) => r.kind === 'skip')
    expect(adlib, 'the take has an ad-lib').toBeDefined()
    // Not thrown: never further ahead of the voice than the line after the ad-lib; locked again soon after.
    expect(adlib?.overshoot, `ad-lib: ${report}`).toBeLessThanOrEqual(model.words.filter((w) => w.sentence === 2).length)
    expect(adlib?.afterS, `locked again after the ad-lib: ${report}`).not.toBeNull()
    expect(adlib?.afterS ?? Infinity).toBeLessThan(6)
    expect(skip?.afterS, `locked again after the skipped sentence: ${report}`).not.toBeNull()
    expect(skip?.afterS ?? Infinity).toBeLessThan(6)
    // The number read as words is placed: the highlight stood on it or went on from it in its line.
    const number = model.words.findIndex((w) => w.text === '4.25%')
    expect(streamed.moves.some((mv) => mv.index >= number && lineOf(mv.index) === 2), `the line with the number: ${report}`).toBe(true)
  })
})
