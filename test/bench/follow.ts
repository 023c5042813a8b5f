/**
 * The prompter that follows the voice (`npm run bench -- follow`): takes streamed in REAL TIME through the
 * recording calls (20 ms chunks of 48 kHz float32, as the recorder sends them), with ad-libs, skipped
 * sentences and numbers read another way. Each take is followed three times in the same run: by the
 * follower that moves only on what the recogniser placed (before), with the pacing between recognitions
 * free to walk on as far as it coasts (uncapped: as it was until the cap), and as it is (after: at most two
 * words past the last word placed, so never more than one past the word being said). Figures, from the true end of each
 * word (test/support/follow-takes.ts) and the take time of each highlight move (follow-stream.ts):
 * - follow lag, median and 95th percentile, from a word's end to its highlight (negative: shown early);
 * - how often the highlight is within two words of the last word spoken (sampled every 50 ms);
 * - from an ad-lib's end to being locked again, and how far ahead of the voice it got meanwhile.
 * The tuning set's voices are the ones the settings were chosen on; the held-out set's are used nowhere
 * else (test/support/follow-scripts.ts). Run alone: `npx tsx test/bench/follow.ts`.
 */
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { makeTempDir } from '../support/audio-fixtures'
import { followMetrics, percentile, type FollowMetrics } from '../support/follow-metrics'
import { HELD_OUT_CASES, TUNING_CASES, type FollowCase } from '../support/follow-scripts'
import { streamTake } from '../support/follow-stream'
import { speakTake, voiceLabel } from '../support/follow-takes'
import { runAlone } from './report'
import type { BenchResult } from './types'
import type { PaceOptions } from '../../main/prompter/pace-model'

const s = (x: number) => `${x.toFixed(2)} s`
const shares = (a: number, b: number) => `${(a * 100).toFixed(0)} % → ${(b * 100).toFixed(0)} %`
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length)
const lagFigures = (lags: readonly number[]) =>
  `median ${s(percentile(lags, 50))}, 95th percentile ${s(percentile(lags, 95))}`

interface Followed {
  before: FollowMetrics
  uncapped: FollowMetrics
  after: FollowMetrics
}

/** The pacing as it was before the cap: free to walk on as far as it coasts. */
const UNCAPPED: Partial<PaceOptions> = { maxLeadWords: Infinity }

/** The furthest the highlight got past the last script word spoken (1: on the word being said). */
const furthest = (m: FollowMetrics) => `${m.furthestAhead}`

async function followCase(c: FollowCase, dir: string, i: number): Promise<{ result: BenchResult; followed: Followed }> {
  const take = await speakTake(c.script, c.read, c.voice, dir, `take-${i}`)
  const metrics = async (pace: boolean | Partial<PaceOptions>, n: number) => {
    const streamed = await streamTake({
      script: c.script,
      pcm48k: take.pcm48k,
      dataDir: path.join(dir, `data-${i}-${n}`),
      pace,
    })
    if (streamed.warnings.length) throw new Error(`The prompter warned: ${streamed.warnings.join(' ')}`)
    return followMetrics(take.words, streamed.moves)
  }
  const before = await metrics(false, 0)
  const uncapped = await metrics(UNCAPPED, 1)
  const after = await metrics(true, 2)
  const adlib = after.relocks.find((r) => r.kind === 'ad-lib')
  const skip = after.relocks.find((r) => r.kind === 'skip')
  return {
    followed: { before, uncapped, after },
    result: {
      name: `prompter following take ${c.name} (${voiceLabel(c.voice)}), ${take.durationS.toFixed(1)} s streamed in real time`,
      figures: {
        'follow lag before (recognitions only)': lagFigures(before.lagsS),
        'follow lag, paced uncapped': lagFigures(uncapped.lagsS),
        'follow lag after (paced, capped)': lagFigures(after.lagsS),
        'script words read / never reached (after)': `${after.lagsS.length + after.missed} / ${after.missed}`,
        'highlight within two words of the voice, before → after': shares(before.withinTwo, after.withinTwo),
        'highlight two or more words ahead of the voice (ad-libs included), uncapped → after': shares(
          uncapped.aheadTwo,
          after.aheadTwo,
        ),
        'furthest past the last word spoken, before / uncapped / after': [before, uncapped, after]
          .map(furthest)
          .join(' / '),
        'ad-lib end → locked again (after)': adlib ? (adlib.afterS != null ? s(adlib.afterS) : 'never') : 'n/a',
        'ad-lib: furthest ahead of the voice in words, before → after': adlib
          ? `${before.relocks.find((r) => r.kind === 'ad-lib')?.overshoot ?? 'n/a'} → ${adlib.overshoot}`
          : 'n/a',
        'skipped sentence → locked again (after)': skip ? (skip.afterS != null ? s(skip.afterS) : 'never') : 'n/a',
      },
    },
  }
}

function summary(name: string, set: readonly Followed[], goal: boolean): BenchResult {
  const before = set.flatMap((f) => f.before.lagsS)
  const uncapped = set.flatMap((f) => f.uncapped.lagsS)
  const after = set.flatMap((f) => f.after.lagsS)
  const median = percentile(after, 50)
  const p95 = percentile(after, 95)
  return {
    name: `prompter follow lag over the ${name}`,
    ...(goal
      ? {
          goal: 'paced: median at most 0.4 s and 95th percentile at most 1 s on voices it was not tuned on',
          pass: median <= 0.4 && p95 <= 1,
        }
      : {}),
    figures: {
      before: lagFigures(before),
      'paced, uncapped': lagFigures(uncapped),
      after: lagFigures(after),
      'two or more words ahead, uncapped → after': shares(
        mean(set.map((f) => f.uncapped.aheadTwo)),
        mean(set.map((f) => f.after.aheadTwo)),
      ),
      words: after.length,
    },
  }
}

export async function benchFollow(): Promise<BenchResult[]> {
  const { dir, cleanup } = await makeTempDir('booth-bench-follow-')
  try {
    const results: BenchResult[] = []
    const sets: Record<'tuning' | 'heldOut', Followed[]> = { tuning: [], heldOut: [] }
    const cases = [
      ...TUNING_CASES.map((c) => ({ c, set: 'tuning' as const })),
      ...HELD_OUT_CASES.map((c) => ({ c, set: 'heldOut' as const })),
    ]
    for (const [i, { c, set }] of cases.entries()) {
      const { result, followed } = await followCase(c, dir, i)
      results.push(result)
      sets[set].push(followed)
    }
    results.push(summary('tuning set', sets.tuning, false), summary('held-out set', sets.heldOut, true))
    return results
  } finally {
    await cleanup()
  }
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  void runAlone(benchFollow)
}
