/**
 * Benchmark of the client's answer cap (main/api): oversized JSON answers of 50 MiB and 400 MiB streamed
 * from a local server. Booth refuses each once 8 MiB are in and hangs up. Goals: the client's peak RSS
 * stays under 40 MiB over its baseline for either answer, and an 8× larger answer costs no more memory
 * (peak growth ratio 400 MiB / 50 MiB under 1.5). Each answer is read by a fresh child process (this file
 * with --child), so the server's buffers and the other answer's leftovers are not counted; it samples its
 * RSS every 2 ms. Five interleaved rounds; the figures are the medians (a child's peak is bimodal, about
 * 10 or 15 MiB, whatever the size, so one run per size made the ratio a coin toss).
 * Run alone: `npx tsx test/bench/answers.ts`.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { pathToFileURL } from 'node:url'
import { createTalentClient } from '../../main/api/client'
import { answerOversized } from '../support/fault-answers'
import type { BenchResult } from './types'
import { runAlone, runSelfAsChild } from './report'
import { median } from './timing'

const MiB = 2 ** 20
const SIZES_MIB = [50, 400]
const ROUNDS = 5

interface ChildReport {
  sizeMiB: number
  kind: string
  baselineRss: number
  peakRss: number
  afterRss: number
  ms: number
}

/** Child side: one warm-up call (1 MiB), then one call of `sizeMiB`; prints one JSON line. */
async function child(url: string, sizeMiB: number): Promise<void> {
  const client = createTalentClient({ baseUrl: url, apiKey: () => 'bench', retry: { maxAttempts: 1 } })
  await client.listJobs({ tab: 'pending', page: 1 }).catch(() => {}) // warm the code path
  const baselineRss = process.memoryUsage().rss
  let peakRss = baselineRss
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 2)
  const started = performance.now()
  // The page number tells the server how many MiB to answer.
  const kind = await client.listJobs({ tab: 'pending', page: sizeMiB }).then(
    () => 'answered',
    (e: unknown) => String((e as { kind?: string }).kind),
  )
  const ms = performance.now() - started
  clearInterval(sampler)
  peakRss = Math.max(peakRss, process.memoryUsage().rss)
  const report: ChildReport = { sizeMiB, kind, baselineRss, peakRss, afterRss: process.memoryUsage().rss, ms }
  process.stdout.write(`${JSON.stringify(report)}\n`)
}

export async function benchAnswers(): Promise<BenchResult[]> {
  const server = createServer((req, res) => {
    const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page')) || 1
    answerOversized(req, res, { type: 'oversized', bytes: page * MiB })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const runs = new Map<number, ChildReport[]>(SIZES_MIB.map((size) => [size, []]))
    for (let round = 0; round < ROUNDS; round++) {
      for (const size of SIZES_MIB) runs.get(size)?.push(...(await runChild(url, size)))
    }
    const figures: Record<string, number | string> = {}
    const growth: number[] = []
    for (const size of SIZES_MIB) {
      const reports = runs.get(size) ?? []
      const g = median(reports.map((r) => (r.peakRss - r.baselineRss) / MiB))
      growth.push(g)
      figures[`${size} MiB: outcome`] = [...new Set(reports.map((r) => r.kind))].join(', ')
      figures[`${size} MiB: ms to refusal`] = median(reports.map((r) => r.ms))
      figures[`${size} MiB: peak over baseline MiB`] = g
      figures[`${size} MiB: kept after MiB`] = median(reports.map((r) => (r.afterRss - r.baselineRss) / MiB))
    }
    const ratio = (growth[1] ?? 0) / Math.max(growth[0] ?? 0, 1)
    const allRefused = [...runs.values()].every((reports) => reports.every((r) => r.kind === 'too_large'))
    figures['peak growth ratio 400 / 50'] = ratio
    return [
      {
        name: 'answers: oversized JSON refused at the 8 MiB cap',
        goal: 'both refused as too_large; peak < 40 MiB over baseline; 400/50 peak growth ratio < 1.5',
        pass: allRefused && growth.every((g) => g < 40) && ratio < 1.5,
        figures,
      },
    ]
  } finally {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
}

async function runChild(url: string, sizeMiB: number): Promise<ChildReport[]> {
  return (await runSelfAsChild(import.meta.url, [url, String(sizeMiB)])).map((line) => JSON.parse(line) as ChildReport)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2)
  if (args[0] === '--child') {
    if (!args[1] || !args[2]) throw new Error('usage: answers.ts --child <url> <MiB>')
    await child(args[1], Number(args[2]))
  } else {
    await runAlone(benchAnswers)
  }
}
