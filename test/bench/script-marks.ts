/**
 * The cost of marking a script (renderer/src/script/marks/): pronunciations, Booth's read-back (50
 * issues, the most a check carries) and the platform's check merged on a 10,000- and a 100,000-character
 * script, and the alignment of a script's plain text with its HTML's text (also for two texts that do not
 * align, where it must give up early). Timed in this process (medians of 5); the renderer runs the same
 * functions when a job opens or a read-back arrives. Goal: on 100,000 characters every case within one
 * long task's budget (200 ms) but the dense one, where one word in nine carries a pronunciation and the
 * pronunciation matching (unchanged by the marks) is most of the time, shown beside it.
 */
import { performance } from 'node:perf_hooks'
import { findPronunciationMatches } from '../../renderer/src/script/pronunciation-matches'
import { buildScriptMarks } from '../../renderer/src/script/marks/script-marks'
import { alignMap, identityMap } from '../../renderer/src/script/marks/offset-maps'
import type { ReadbackIssue } from '../../shared/readback/types'
import type { CheckIssue } from '../../renderer/src/takes/check-placement'
import type { BenchResult } from './types'
import { loremScript as lorem } from '../support/lorem-script'
import { median } from './timing'

const ROUNDS = 5

/** The median of ROUNDS runs, after one untimed run (compiling the code is not what is measured). */
function timed(run: () => unknown): number {
  run()
  const times: number[] = []
  for (let r = 0; r < ROUNDS; r++) {
    const t = performance.now()
    run()
    times.push(performance.now() - t)
  }
  return median(times)
}

function readbackIssues(text: string): ReadbackIssue[] {
  const base = {
    severity: 'normal' as const,
    expected: null,
    heard: 'sunday',
    context: '',
    legal: false,
    name: false,
    number: false,
    at_s: 1,
  }
  return Array.from({ length: 50 }, (_, k) => {
    const at = text.indexOf(' ', Math.floor((k * text.length) / 50)) + 1
    const kind = (['changed', 'missing', 'extra', 'repeated'] as const)[k % 4] ?? 'changed'
    return { ...base, kind, script_from: at, script_to: kind === 'extra' || kind === 'repeated' ? at : at + 40 }
  })
}

function marksOf(text: string, prons: Array<{ word: string; say: string }>, checks: boolean) {
  const platform: CheckIssue[] = checks
    ? [
        {
          kind: 'changed',
          severity: 'high',
          expected: 'consectetur adipiscing',
          heard: 'x',
          context: '',
          legal: false,
          name: false,
          number: false,
        },
      ]
    : []
  return buildScriptMarks({
    shownText: text,
    scriptText: text,
    toShown: identityMap,
    pronunciations: findPronunciationMatches(text, prons),
    readback: checks ? { issues: readbackIssues(text), readText: text, toScript: identityMap } : null,
    platform: checks ? { issues: platform, sameTake: true } : null,
  })
}

export async function benchScriptMarks(): Promise<BenchResult[]> {
  const figures: Record<string, number | string> = {}
  const sparse = [
    { word: 'Brümmerhaus', say: 'x' },
    { word: 'Dream Street', say: 'y' },
  ]
  const dense = [
    { word: 'consectetur', say: 'x' },
    { word: 'adipiscing', say: 'y' },
  ]
  let worst = 0
  let densest = 0
  const at: Record<number, number> = {}
  for (const size of [10_000, 100_000]) {
    const text = lorem(size, 4)
    const pronOnly = timed(() => marksOf(text, sparse, false))
    const withChecks = timed(() => marksOf(text, sparse, true))
    const densePron = timed(() => marksOf(text, dense, true))
    const denseMatching = timed(() => findPronunciationMatches(text, dense))
    const segments = marksOf(text, dense, true).merged.segments.length
    const html = text.replace(/\n/g, '\u0000\u0000').replace(/\. /g, '.\u00a0 ')
    const align = timed(() => alignMap(text, html))
    const unrelated = timed(() => alignMap(text, lorem(size, 9)))
    figures[`${size} chars, pronunciations only (ms)`] = pronOnly
    figures[`${size} chars, + 50 read-back and platform issues (ms)`] = withChecks
    figures[`${size} chars, dense pronunciations (${segments} segments) + checks (ms)`] = densePron
    figures[`${size} chars, of which pronunciation matching (ms)`] = denseMatching
    figures[`${size} chars, aligning plain text with HTML text (ms)`] = align
    figures[`${size} chars, aligning two unrelated texts (gives up) (ms)`] = unrelated
    worst = Math.max(worst, pronOnly, withChecks, align, unrelated)
    densest = Math.max(densest, densePron - denseMatching)
    at[size] = withChecks
  }
  figures['checks on 100k / 10k time ratio'] = (at[100_000] ?? 0) / Math.max(at[10_000] ?? 0, 0.001)
  figures['dense case less its pronunciation matching, worst (ms)'] = densest
  return [
    {
      name: 'script marks (merge and align)',
      figures,
      goal: 'every case under 200 ms, the dense one less its pronunciation matching too (the ratio shows how the cost grows with the text)',
      pass: worst < 200 && densest < 200,
    },
  ]
}
