/**
 * Benchmark of the answer door (main/api/answer-door.ts), which checks every answer of the service against
 * the API document: what it costs per answer, next to what reading the same answer (JSON.parse) costs, for
 * the largest answers Booth gets — a full page of 100 jobs, the same page with 10 malformed jobs (the slow
 * path: every error collected, the list checked twice), and 5,000 earnings lines (the document's limit) —
 * and what its first use costs in a fresh process (loading the document, compiling the job list's and a
 * job's checks), in CPU time. CPU time, medians of 51 interleaved rounds after 20 warm-up rounds; goals are ratios measured in the
 * same run.
 * Run alone: `npx tsx test/bench/answer-door.ts`.
 */
import { pathToFileURL } from 'node:url'
import { passDoor } from '../../main/api/answer-door'
import { jobSummary } from '../support/conforming-answers'
import type { BenchResult } from './types'
import { runAlone, runSelfAsChild } from './report'
import { median } from './timing'

const RUNS = 51
const WARM = 20

const cpuMs = () => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}

/**
 * CPU milliseconds of reading an answer (JSON.parse) and of reading it and passing the door, medians over
 * RUNS interleaved rounds after WARM warm-up rounds: CPU time, because other work shares this machine.
 */
function costOf(text: string, operation: string): { parseMs: number; doorMs: number } {
  const parse: number[] = []
  const door: number[] = []
  for (let i = 0; i < WARM + RUNS; i++) {
    let t = cpuMs()
    JSON.parse(text)
    const p = cpuMs() - t
    t = cpuMs()
    passDoor(operation, JSON.parse(text) as object)
    const d = cpuMs() - t
    if (i >= WARM) {
      parse.push(p)
      door.push(d)
    }
  }
  const parseMs = median(parse)
  return { parseMs, doorMs: Math.max(0, median(door) - parseMs) }
}

function jobList(count: number, malformed: number): string {
  const items = Array.from({ length: count }, (_v, i) => {
    const job = jobSummary(String(1000 + i))
    job['advertiser'] = `Advertiser ${i} — a name long enough to be real`
    if (malformed > 0 && i % Math.floor(count / malformed) === 0) job['advertiser'] = null
    return job
  })
  const counts = {
    pending: count,
    to_record: 0,
    due_today: 0,
    overdue: 0,
    due_soon: 0,
    stale: 0,
    accepted: 0,
    changes_requested: 0,
    unopened: 0,
    completed: 0,
    delivered: 0,
    declined: 0,
  }
  return JSON.stringify({
    ok: true,
    api_version: '1',
    tab: 'pending',
    filter: 'all',
    page: 1,
    page_size: 100,
    total: count,
    items,
    counts,
    today: '2026-01-10',
  })
}

function earnings(lines: number): string {
  const customer = { id: '7', name: 'Northwind Radio' }
  const body = {
    ok: true,
    api_version: '1',
    from: '2024-01',
    to: '2025-12',
    rates_visible_any: true,
    lines: Array.from({ length: lines }, (_v, i) => ({
      job_id: String(1000 + i),
      customer,
      key_number: `NWR-${i}`,
      advertiser: `Advertiser ${i}`,
      requested_at: 1_760_000_000_000 + i,
      month: `2025-${String((i % 12) + 1).padStart(2, '0')}`,
      status: 'completed',
      stage: 'approved',
      amount: { amount: `${100 + (i % 50)}.00`, currency: 'USD', symbol: '$' },
    })),
    totals: { overall: [], by_customer: [], by_month: [] },
    hidden_customers: [],
    unrated_jobs: 0,
    truncated: false,
  }
  return JSON.stringify(body)
}

interface FirstUse {
  loadCpuMs: number
  listJobsCpuMs: number
  getJobCpuMs: number
}

/** Child side: the door's first use in a fresh process, in CPU ms. */
async function child(): Promise<void> {
  let t = cpuMs()
  const { answerSchemas } = await import('../../main/api/answer-schemas')
  const schemas = answerSchemas()
  const loadCpuMs = cpuMs() - t
  t = cpuMs()
  schemas.validator('listJobs')
  const listJobsCpuMs = cpuMs() - t
  t = cpuMs()
  schemas.validator('getJob')
  const getJobCpuMs = cpuMs() - t
  process.stdout.write(`${JSON.stringify({ loadCpuMs, listJobsCpuMs, getJobCpuMs } satisfies FirstUse)}\n`)
}

export async function benchAnswerDoor(): Promise<BenchResult[]> {
  const cases: Array<[string, string, string]> = [
    ['100 jobs', 'listJobs', jobList(100, 0)],
    ['100 jobs, 10 malformed', 'listJobs', jobList(100, 10)],
    ['5,000 earnings lines', 'earnings', earnings(5000)],
  ]
  const figures: Record<string, number | string> = {}
  const ratios: number[] = []
  for (const [name, operation, text] of cases) {
    const { parseMs, doorMs } = costOf(text, operation)
    const ratio = doorMs / Math.max(parseMs, 0.001)
    figures[`${name} (${Math.round(text.length / 1024)} KiB): parse CPU ms`] = parseMs
    figures[`${name}: door CPU ms`] = doorMs
    figures[`${name}: door / parse`] = ratio
    if (!name.includes('malformed')) ratios.push(ratio)
    else figures[`${name}: rows`] = (passDoor(operation, JSON.parse(text) as object).unreadableItems ?? []).length
  }
  const first = (await runSelfAsChild(import.meta.url, [])).map((line) => JSON.parse(line) as FirstUse)[0]
  figures['first use: load document, CPU ms'] = first?.loadCpuMs ?? NaN
  figures['first use: compile job list, CPU ms'] = first?.listJobsCpuMs ?? NaN
  figures['first use: compile job, CPU ms'] = first?.getJobCpuMs ?? NaN
  const worst = Math.max(...ratios)
  return [
    {
      name: 'answers: the door checks every answer against the API document',
      goal: 'checking a valid answer costs less than parsing it (door / parse < 1) for the largest answers',
      pass: worst < 1,
      figures,
    },
  ]
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv[2] === '--child') await child()
  else await runAlone(benchAnswerDoor)
}
