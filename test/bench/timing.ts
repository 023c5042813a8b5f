/**
 * Wall and CPU seconds of a piece of benchmark work. CPU is this process and its reaped children (ffmpeg,
 * pocketsphinx), read from /proc/self/stat on Linux (NaN elsewhere): judged where wall time would carry the
 * load of whatever else the shared machine runs.
 */
import { readFileSync } from 'node:fs'

export function cpuSecondsSoFar(): number {
  const own = process.cpuUsage()
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? []
    return (own.user + own.system) / 1e6 + (Number(fields[13]) + Number(fields[14])) / 100
  } catch {
    return Number.NaN
  }
}

export async function timed<T>(work: () => Promise<T>): Promise<{ value: T; wallS: number; cpuS: number }> {
  const wall = performance.now()
  const cpu = cpuSecondsSoFar()
  const value = await work()
  return { value, wallS: (performance.now() - wall) / 1000, cpuS: cpuSecondsSoFar() - cpu }
}

/** The middle value (the upper middle of an even count); NaN for no values. */
export function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}
