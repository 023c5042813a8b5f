/**
 * The prompter that follows the voice (`npm run bench -- follow`): espeak-ng takes streamed in REAL TIME
 * through the recording calls (20 ms chunks of 48 kHz float32, as the recorder sends them), with an
 * ad-lib, a skipped sentence and a number read another way. Figures, from the true end of each word
 * (test/support/follow-takes.ts) and the take time of each highlight move (follow-stream.ts):
 * - follow lag, median and 95th percentile, from a word's end to its highlight;
 * - how often the highlight is within two words of the last word spoken (sampled every 50 ms);
 * - time from an ad-lib's end (and from a skipped sentence) to being locked again.
 * Take A's script and voice are the ones the prompter's settings were tuned on; take B's are not.
 * Run alone: `npx tsx test/bench/follow.ts`.
 */
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { makeTempDir } from '../support/audio-fixtures'
import { followMetrics, percentile } from '../support/follow-metrics'
import { streamTake } from '../support/follow-stream'
import { speakTake, type Voice } from '../support/follow-takes'
import { runAlone } from './report'
import type { BenchResult } from './types'

interface Case {
  name: string
  voice: Voice
  script: string
  read: string
}

const SCRIPT_A = [
  'This weekend only, Dream Street Furniture takes 30% off every mattress in the store.',
  'Queen sets start at just $499, with free delivery on every order.',
  'Our sleep experts will help you find the perfect fit.',
  'Visit us at 1400 Harbor Boulevard, open 9 to 9.',
  'Bring the whole family and try them all.',
  'Dream Street Furniture, where better sleep begins.',
  'Offer ends Sunday; restrictions apply.',
].join(' ')

const SCRIPT_B = [
  'Harvest Market opens its new store on Maple Avenue this Friday.',
  'The first 100 shoppers get a free canvas bag and fresh coffee.',
  'Every week brings 15% off local apples, pears and squash.',
  'Over 1,250 growers from the valley fill our shelves.',
  'Bring the kids for face painting on Saturday afternoon.',
  'Harvest Market, fresh from the farm to your table.',
  'While supplies last.',
].join(' ')

const CASES: Case[] = [
  {
    name: 'A (tuned on: en-us+f2 at 175 wpm)',
    voice: { name: 'en-us+f2', speed: 175 },
    script: SCRIPT_A,
    // "$499" said as "four ninety nine", an ad-lib after it, "Visit us …" skipped.
    read: SCRIPT_A.replace('$499', 'four ninety nine')
      .replace('every order.', 'every order. And honestly, folks, you are going to love these beds.')
      .replace('Visit us at 1400 Harbor Boulevard, open 9 to 9. ', ''),
  },
  {
    name: 'B (held out: en-us+m2 at 155 wpm)',
    voice: { name: 'en-us+m2', speed: 155 },
    script: SCRIPT_B,
    // "1,250" said as "twelve hundred fifty", an ad-lib, "Bring the kids …" skipped.
    read: SCRIPT_B.replace('1,250', 'twelve hundred fifty')
      .replace('pears and squash.', 'pears and squash. Oh, and between you and me, the pies are amazing.')
      .replace('Bring the kids for face painting on Saturday afternoon. ', ''),
  },
]

const s = (x: number) => `${x.toFixed(2)} s`

export async function benchFollow(): Promise<BenchResult[]> {
  const { dir, cleanup } = await makeTempDir('booth-bench-follow-')
  try {
    const results: BenchResult[] = []
    const allLags: number[] = []
    for (const [i, c] of CASES.entries()) {
      const take = await speakTake(c.script, c.read, c.voice, dir, `take-${i}`)
      const streamed = await streamTake({ script: c.script, pcm48k: take.pcm48k, dataDir: path.join(dir, `data-${i}`) })
      if (streamed.warnings.length) throw new Error(`The prompter warned: ${streamed.warnings.join(' ')}`)
      const m = followMetrics(take.words, streamed.moves)
      allLags.push(...m.lagsS)
      const adlib = m.relocks.find((r) => r.kind === 'ad-lib')
      const skip = m.relocks.find((r) => r.kind === 'skip')
      results.push({
        name: `prompter following take ${c.name}, ${take.durationS.toFixed(1)} s streamed in real time`,
        figures: {
          'follow lag, median': s(percentile(m.lagsS, 50)),
          'follow lag, 95th percentile': s(percentile(m.lagsS, 95)),
          'script words read / never reached': `${m.lagsS.length + m.missed} / ${m.missed}`,
          'highlight within two words of the voice': `${(m.withinTwo * 100).toFixed(0)} %`,
          'ad-lib end → locked again': adlib?.afterS != null ? s(adlib.afterS) : 'never',
          'ad-lib: furthest ahead of the voice (words)': adlib ? adlib.overshoot : 'n/a',
          'skipped sentence → locked again': skip?.afterS != null ? s(skip.afterS) : 'never',
        },
      })
    }
    const median = percentile(allLags, 50)
    const p95 = percentile(allLags, 95)
    results.push({
      name: 'prompter follow lag over both takes',
      goal: 'median under 1.5 s and 95th percentile under 3 s (utterance by utterance with pocketsphinx)',
      pass: median < 1.5 && p95 < 3,
      figures: { median: s(median), '95th percentile': s(p95), words: allLags.length },
    })
    return results
  } finally {
    await cleanup()
  }
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  void runAlone(benchFollow)
}
