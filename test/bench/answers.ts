/**
 * Benchmark of the client's answer cap (main/api): oversized JSON answers of 50 MiB and 400 MiB streamed
 * from a local server. Booth refuses each once 8 MiB are in and hangs up. Goals: the client's peak RSS
 * stays under 40 MiB over its baseline for either answer, and an 8× larger answer costs no more memory
 * (peak growth ratio 400 MiB / 50 MiB under 1.5). The client runs in a child process (this file with
 * --child), so the server's buffers are not counted; it samples its RSS every 2 ms.
 * Run alone: `npx tsx test/bench/answers.ts`.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { pathToFileURL } from 'node:url'
import { createTalentClient } from '../../main/api/client'
import { answerOversized } from '../support/fault-answers'
import type { BenchResult } from './types'
import { runAlone, runSelfAsChild } from './report'

const MiB = 2 ** 20
const SIZES_MIB = [50, 400]

interface ChildReport { sizeMiB: number; kind: string; baselineRss: number; peakRss: number; afterRss: number; ms: number }

/** Child side: one warm-up call, then one call per size; prints one JSON line per size. */
async function child(url: string): Promise<void> {
  const client = createTalentClient({ baseUrl: url, apiKey: () => 'bench', retry: { maxAttempts: 1 } })
  await client.listJobs({ tab: 'pending', page: 1 }).catch(() => {}) // warm the code path (1 MiB answer)
  for (const sizeMiB of SIZES_MIB) {
    const baselineRss = process.memoryUsage().rss
    let peakRss = baselineRss
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 2)
    const started = performance.now()
    const kind = await client.listJobs({ tab: 'pending', page: 2 }).then(
      () => 'answered',
      (e: unknown) => String((e as { kind?: string }).kind),
    )
    const ms = performance.now() - started
    clearInterval(sampler)
    peakRss = Math.max(peakRss, process.memoryUsage().rss)
    const report: ChildReport = { sizeMiB, kind, baselineRss, peakRss, afterRss: process.memoryUsage().rss, ms }
    process.stdout.write(`${JSON.stringify(report)}\n`)
  }
}

export async function benchAnswers(): Promise<BenchResult[]> {
  let served = 0
  const server = createServer((req, res) => {
    const bytes = served === 0 ? MiB : (SIZES_MIB[served - 1] ?? 1) * MiB
    served += 1
    answerOversized(req, res, { type: 'oversized', bytes })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const reports = await runChild(url)
    const growth = reports.map((r) => (r.peakRss - r.baselineRss) / MiB)
    const ratio = (growth[1] ?? 0) / Math.max(growth[0] ?? 0, 1)
    const figures: Record<string, number | string> = {}
    for (const r of reports) {
      figures[`${r.sizeMiB} MiB: outcome`] = r.kind
      figures[`${r.sizeMiB} MiB: ms to refusal`] = r.ms
      figures[`${r.sizeMiB} MiB: peak over baseline MiB`] = (r.peakRss - r.baselineRss) / MiB
      figures[`${r.sizeMiB} MiB: kept after MiB`] = (r.afterRss - r.baselineRss) / MiB
    }
    figures['peak growth ratio 400 / 50'] = ratio
    return [{
      name: 'answers: oversized JSON refused at the 8 MiB cap',
      goal: 'both refused as too_large; peak < 40 MiB over baseline; 400/50 peak growth ratio < 1.5',
      pass: reports.every((r) => r.kind === 'too_large') && growth.every((g) => g < 40) && ratio < 1.5,
      figures,
    }]
  } finally {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
}

async function runChild(url: string): Promise<ChildReport[]> {
  return (await runSelfAsChild(import.meta.url, [url])).map((line) => JSON.parse(line) as ChildReport)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2)
  if (args[0] === '--child') {
    if (!args[1]) throw new Error('usage: answers.ts --child <url>')
    await child(args[1])
  } else {
    await runAlone(benchAnswers)
  }
}
