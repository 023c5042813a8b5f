/**
 * How a benchmark reports: the printer `npm run bench` (run.ts) uses, the same printer for a bench file
 * run alone, and the runner for a bench file that measures in a child process of itself.
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { BenchResult } from './types'

export function printResult(result: BenchResult): void {
  const verdict = result.pass === undefined ? '' : result.pass ? '  [meets goal]' : '  [MISSES goal]'
  console.log(`\n${result.name}${verdict}`)
  if (result.goal) console.log(`  goal: ${result.goal}`)
  for (const [k, v] of Object.entries(result.figures))
    console.log(`  ${k.padEnd(34)} ${typeof v === 'number' ? round(v) : v}`)
}

function round(n: number): string {
  return Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 1 ? n.toFixed(2) : n.toFixed(3)
}

/** A bench file run alone (`npx tsx test/bench/<file>.ts`): its results printed as `npm run bench` does. */
export async function runAlone(bench: () => Promise<BenchResult[]>): Promise<void> {
  try {
    for (const r of await bench()) printResult(r)
  } catch (err) {
    console.error(`Benchmark failed: ${err instanceof Error ? err.message : String(err)}`)
    process.exitCode = 1
  }
}

/** Runs the bench file at `metaUrl` again as `--child …args` and returns its stdout lines; throws on a non-zero exit. */
export async function runSelfAsChild(metaUrl: string, args: string[]): Promise<string[]> {
  const self = fileURLToPath(metaUrl)
  const proc = spawn(process.execPath, ['--import', 'tsx', self, '--child', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  proc.stdout.on('data', (d: Buffer) => {
    out += d.toString()
  })
  proc.stderr.on('data', (d: Buffer) => {
    err += d.toString()
  })
  const code = await new Promise<number | null>((resolve) => proc.on('exit', resolve))
  if (code !== 0) throw new Error(`The child ${self} failed (exit ${code}): ${err.slice(-500)}`)
  return out.trim().split('\n')
}
