/**
 * Preflight benchmark: the full report (true peak, loudness, noise floor, silences, clipping, DC) of
 * measureTakeDetailed() on a generated 10-minute 48 kHz/24-bit take, against the same kind of figures
 * done "by hand" with one single-pass ffmpeg command (ebur128 peak=true + astats + silencedetect), and
 * with separate passes (one ffmpeg decode per filter). All are timed in the same run, interleaved round
 * by round, and compared as ratios of medians. Each approach is timed two ways: wall-clock seconds, and CPU seconds (user + system
 * of the ffmpeg processes, read from /proc/self/stat's reaped-children times on Linux, plus this process's
 * own CPU for measureTake's parsing). The goal is judged on CPU seconds where they can be read, because
 * machines here are shared: other work on the same 2 cores stretches wall time at random, CPU time not.
 * Goal: the full report ≤ 1.3 × the hand single pass, and faster than separate passes.
 *
 * Part of `npm run bench`; also runs alone: `npx tsx test/bench/preflight.ts`.
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { findFfmpeg } from '../../main/audio/find-ffmpeg'
import { measureTakeDetailed } from '../../main/audio/measure-take'
import { runFfmpeg } from '../../main/audio/run-ffmpeg'
import { makeAudio, makeTempDir } from '../support/audio-fixtures'
import type { BenchResult } from './types'
import { runAlone } from './report'
import { median } from './timing'

const TAKE_SECONDS = 600
const ROUNDS = 3
/** What a person would type for true peak, loudness, sample facts and silences in one decode. */
const HAND_CHAIN = [
  'ebur128=peak=true:framelog=verbose',
  'astats=measure_perchannel=none:measure_overall=Peak_level+Number_of_samples+DC_offset+Flat_factor+Peak_count',
  'silencedetect=noise=-50dB:duration=0.05',
]

/** 30 s of take-like audio: tones of varied level and pitch, pink noise, pauses, and a silent head and tail. */
async function makeLongTake(dir: string): Promise<string> {
  const pattern = await makeAudio(dir, 'pattern', [
    { kind: 'silence', seconds: 0.6 },
    { kind: 'tone', seconds: 4, dbfs: -18, hz: 220 },
    { kind: 'silence', seconds: 0.4 },
    { kind: 'noise', seconds: 5, dbfs: -20 },
    { kind: 'silence', seconds: 0.8 },
    { kind: 'tone', seconds: 6, dbfs: -12, hz: 440 },
    { kind: 'silence', seconds: 0.3 },
    { kind: 'noise', seconds: 8, dbfs: -26 },
    { kind: 'silence', seconds: 0.5 },
    { kind: 'tone', seconds: 3.4, dbfs: -6, hz: 880 },
    { kind: 'silence', seconds: 1 },
  ])
  const take = path.join(dir, 'take-10min.wav')
  const loops = TAKE_SECONDS / 30 - 1
  await runFfmpeg(['-y', '-stream_loop', String(loops), '-i', pattern, '-c:a', 'pcm_s24le', take], {
    timeoutMs: 120_000,
  })
  return take
}

interface Cost {
  wallS: number
  cpuS: number
}

/** CPU seconds used so far by this process and by its children that have exited (Linux; NaN elsewhere). */
function cpuSecondsSoFar(): number {
  const own = process.cpuUsage()
  let children = Number.NaN
  try {
    // Fields after the ")" of the command name: state is field 3, cutime 16, cstime 17 (clock ticks, 100/s).
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? []
    children = (Number(fields[13]) + Number(fields[14])) / 100
  } catch {
    // not Linux: wall time only
  }
  return (own.user + own.system) / 1e6 + children
}

async function cost(work: () => Promise<unknown>): Promise<Cost> {
  const wall = performance.now()
  const cpu = cpuSecondsSoFar()
  await work()
  return { wallS: (performance.now() - wall) / 1000, cpuS: cpuSecondsSoFar() - cpu }
}

/** Runs ffmpeg directly (no wrapper, no parsing), as a person would from a shell. */
function rawFfmpeg(ffmpeg: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, ['-hide_banner', '-nostdin', ...args], { stdio: ['ignore', 'ignore', 'pipe'] })
    child.stderr.resume()
    child.once('error', reject)
    child.once('close', (code) => {
      if (code === 0) resolve()
      else reject(new Error(`ffmpeg ${args.join(' ')} exited with code ${code}.`))
    })
  })
}

export async function benchPreflight(): Promise<BenchResult[]> {
  const { dir, cleanup } = await makeTempDir('booth-bench-preflight-')
  try {
    const ffmpeg = (await findFfmpeg()).path
    const take = await makeLongTake(dir)
    const input = ['-nostats', '-i', take, '-map', '0:a:0']
    const filters = HAND_CHAIN
    const costs = { preflight: [] as Cost[], hand: [] as Cost[], separate: [] as Cost[], decode: [] as Cost[] }
    let measuredDuration = Number.NaN

    for (let round = 0; round < ROUNDS; round++) {
      costs.preflight.push(
        await cost(async () => {
          const r = await measureTakeDetailed(take, { kind: 'dry_voice' })
          if (!r.preflight.measured || r.preflight.duration_s === null || r.report?.true_peak_dbtp === null)
            throw new Error('The benchmark take could not be measured.')
          measuredDuration = r.preflight.duration_s
        }),
      )
      costs.hand.push(await cost(() => rawFfmpeg(ffmpeg, [...input, '-af', HAND_CHAIN.join(','), '-f', 'null', '-'])))
      costs.separate.push(
        await cost(async () => {
          for (const filter of filters) await rawFfmpeg(ffmpeg, [...input, '-af', filter, '-f', 'null', '-'])
        }),
      )
      costs.decode.push(await cost(() => rawFfmpeg(ffmpeg, [...input, '-f', 'null', '-'])))
    }

    const wall = (k: keyof typeof costs): number => median(costs[k].map((c) => c.wallS))
    const cpu = (k: keyof typeof costs): number => median(costs[k].map((c) => c.cpuS))
    const cpuKnown = Number.isFinite(cpu('preflight'))
    const judge = (k: 'hand' | 'separate'): number =>
      cpuKnown ? cpu('preflight') / cpu(k) : wall('preflight') / wall(k)
    return [
      {
        name: `full report with true peak of a ${TAKE_SECONDS / 60}-minute 48 kHz/24-bit take (median of ${ROUNDS} interleaved rounds)`,
        goal: `report ≤ 1.3 × the hand single pass, and faster than separate passes (judged on ${cpuKnown ? 'CPU' : 'wall'} seconds)`,
        pass: judge('hand') <= 1.3 && judge('separate') < 1,
        figures: {
          'audio measured (s)': measuredDuration,
          'measureTake wall/CPU (s)': `${wall('preflight').toFixed(2)} / ${cpu('preflight').toFixed(2)}`,
          'hand single pass wall/CPU (s)': `${wall('hand').toFixed(2)} / ${cpu('hand').toFixed(2)}`,
          [`${filters.length} separate passes wall/CPU (s)`]: `${wall('separate').toFixed(2)} / ${cpu('separate').toFixed(2)}`,
          'decode only wall/CPU (s)': `${wall('decode').toFixed(2)} / ${cpu('decode').toFixed(2)}`,
          'measureTake/hand pass (CPU)': cpu('preflight') / cpu('hand'),
          'measureTake/separate (CPU)': cpu('preflight') / cpu('separate'),
          'measureTake/hand pass (wall)': wall('preflight') / wall('hand'),
          'measureTake/separate (wall)': wall('preflight') / wall('separate'),
          'measureTake x real time (wall)': measuredDuration / wall('preflight'),
          'hand single-pass chain': HAND_CHAIN.join(','),
        },
      },
    ]
  } finally {
    await cleanup()
  }
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  void runAlone(benchPreflight)
}
