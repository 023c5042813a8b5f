/**
 * The script-change diff's bounded cost: a small edit and a full rewrite of 10,000 to 100,000 characters,
 * timed in this process (the worker runs the same function). Goal: every case within 1 s, the time
 * growing no faster than the text (the unbounded word diff took 59 s on a 100,000-character rewrite).
 */
import { performance } from 'node:perf_hooks'
import { scriptDiff } from '../../renderer/src/ui/diff/word-diff'
import type { BenchResult } from './types'
import { loremScript as lorem } from '../support/lorem-script'

function timed(a: string, b: string): { ms: number; granularity: string } {
  const t = performance.now()
  const d = scriptDiff(a, b)
  return { ms: performance.now() - t, granularity: d.granularity }
}

export async function benchScriptDiff(): Promise<BenchResult[]> {
  const figures: Record<string, number | string> = {}
  let worst = 0
  let small = 0
  let large = 0
  for (const size of [10_000, 40_000, 100_000]) {
    const a = lorem(size, 1)
    const at = a.indexOf(' ', size / 2) + 1
    const edit = timed(a, `${a.slice(0, at)}changed ${a.slice(at)}`)
    const rewrite = timed(a, lorem(size, 2))
    figures[`${size} chars, one word added (ms)`] = edit.ms
    figures[`${size} chars, rewritten (ms)`] = rewrite.ms
    figures[`${size} chars, rewrite shown by`] = rewrite.granularity
    worst = Math.max(worst, edit.ms, rewrite.ms)
    if (size === 10_000) small = rewrite.ms
    if (size === 100_000) large = rewrite.ms
  }
  figures['rewrite 100k / 10k time ratio'] = large / Math.max(small, 0.001)
  return [
    {
      name: 'script-change diff (bounded)',
      figures,
      goal: 'every case under 1000 ms (the ratio shows how the cost grows with the text)',
      pass: worst < 1000,
    },
  ]
}
