/**
 * The prompter with the real pocketsphinx: espeak-ng reads a script the prompter was not tuned on, in a
 * voice and speed it was not tuned on (en-us+f4, 165 wpm), with an ad-lib, a skipped sentence and numbers
 * written out the way they are said ("4.25%" as "four point two five percent", "$1,000" as "one thousand
 * dollars"), streamed in real time through the recording calls. The highlight goes down the script in order, is not thrown
 * by the ad-lib, picks the read up after the skip, and ends on the last line.
 * Then a held-out voice (flite slt, used by no other follow test; the benchmark's take D): with the pacing
 * between recognitions the highlight stays with the voice, measured on the take's clock (how much of the
 * take had been sent when the highlight moved), which a busy machine changes least.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findPocketsphinx } from '../../main/readback/engines/pocketsphinx/pocketsphinx-setup'
import { scriptModel } from '../../main/readback/script/script-model'
import { followMetrics, percentile } from '../support/follow-metrics'
import { HELD_OUT_CASES } from '../support/follow-scripts'
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

const READ = SCRIPT.replace('$1,000', 'one thousand dollars')
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
    // Forward, but for a correction the ad-lib (or the first words after the skip, before three of them
    // match) may bring: once the recogniser has heard words it cannot place, the highlight goes back to the
    // word after the last one read if the pacing had walked on meanwhile.
    const back = streamed.moves.filter((m, i) => i > 0 && m.index < (streamed.moves[i - 1] as { index: number }).index)
    expect(back.length, `only forward, but for the ad-lib: ${report}`).toBeLessThanOrEqual(2)
    expect(lines[lines.length - 1], `it ends on the last line: ${report}`).toBe(5)
    expect(new Set(lines.filter((l) => l !== 3)).size, `every line read was highlighted: ${report}`).toBe(5)
    // The pacing cannot know the talent skipped a line until the recogniser hears the next one: it may walk
    // into the skipped line as far as it coasts past the last placed word (1 to 1.8 s of voice, a few
    // words), never through it.
    const skipped = model.words.filter((w) => w.sentence === 3).length
    expect(lines.filter((l) => l === 3).length, `the skipped line is passed over: ${report}`).toBeLessThanOrEqual(
      skipped - 3,
    )
    expect(
      streamed.moves.filter((mv) => lineOf(mv.index) === 3).every((mv) => model.words[mv.index + 1]?.sentence === 3),
      `never to the skipped line's end: ${report}`,
    ).toBe(true)

    const m = followMetrics(take.words, streamed.moves)
    const adlib = m.relocks.find((r) => r.kind === 'ad-lib')
    const skip = m.relocks.find((r) => r.kind === 'skip')
    expect(adlib, 'the take has an ad-lib').toBeDefined()
    // Not thrown: never further ahead of the voice than the line after the ad-lib; locked again soon after.
    expect(adlib?.overshoot, `ad-lib: ${report}`).toBeLessThanOrEqual(
      model.words.filter((w) => w.sentence === 2).length,
    )
    expect(adlib?.afterS, `locked again after the ad-lib: ${report}`).not.toBeNull()
    expect(adlib?.afterS ?? Infinity).toBeLessThan(6)
    expect(skip?.afterS, `locked again after the skipped sentence: ${report}`).not.toBeNull()
    expect(skip?.afterS ?? Infinity).toBeLessThan(6)
    // The number read as words is placed: the highlight stood on it or went on from it in its line.
    const number = model.words.findIndex((w) => w.text === '4.25%')
    expect(
      streamed.moves.some((mv) => mv.index >= number && lineOf(mv.index) === 2),
      `the line with the number: ${report}`,
    ).toBe(true)
  })

  it('keeps up with a held-out voice: the highlight is on each word about when it ends, never two words ahead for long', async () => {
    const c = HELD_OUT_CASES.find((k) => k.voice.engine === 'flite' && k.voice.name === 'slt')
    if (!c) throw new Error('the benchmark has no flite slt take')
    const take = await speakTake(c.script, c.read, c.voice, dir, 'held-out')
    const streamed = await streamTake({ script: c.script, pcm48k: take.pcm48k, dataDir: join(dir, 'data-held-out') })
    expect(streamed.warnings).toEqual([])
    const model = scriptModel(c.script)
    const report = JSON.stringify(streamed.takeMoves.map((m) => `${m.atS.toFixed(2)} ${model.words[m.index]?.text}`))
    const m = followMetrics(take.words, streamed.takeMoves)
    const median = percentile(m.lagsS, 50)
    const p95 = percentile(m.lagsS, 95)
    // Measured here: median about -0.2 s (on the word as it is said), 95th percentile 0.3 to 1 s; without
    // the pacing 0.8 s and 1.4 s. The bounds leave room for a busy machine and still fail the old follower.
    expect(m.missed, `every word read is reached: ${report}`).toBe(0)
    expect(median, `median lag ${median.toFixed(2)} s: ${report}`).toBeLessThanOrEqual(0.45)
    expect(p95, `95th percentile lag ${p95.toFixed(2)} s: ${report}`).toBeLessThanOrEqual(1.3)
    expect(median, 'not racing ahead of the voice either').toBeGreaterThanOrEqual(-0.6)
    expect(m.aheadTwo, `share of the read two or more words ahead: ${report}`).toBeLessThanOrEqual(0.1)
    expect(
      streamed.takeMoves.every((mv, i) => i === 0 || mv.index > (streamed.takeMoves[i - 1] as { index: number }).index),
      `only forward: ${report}`,
    ).toBe(true)
  })
})
