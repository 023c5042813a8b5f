/**
 * Peak memory of a finish (issue 42, point 8): the finish run alone in a child Node process, whose own peak
 * resident set (process.resourceUsage().maxRSS, the kernel's figure) and CPU time it prints when done. A
 * process of its own, since the benchmark's process keeps what earlier runs left and its peak never comes down.
 *
 * As a child: `node --import tsx test/bench/finish-rss.ts IN OUT SPOT_S` prints `{"maxRssMb": …, "cpuS": …}`.
 * Alone, `npx tsx test/bench/finish-rss.ts [--minutes 10,40,120]` (the default): the finish bench's read looped to
 * each length (48 kHz/24-bit mono, made in the temporary folder and deleted after: 120 minutes is 1 GB), each
 * finished to a spot 20 s shorter (EBU R128) in a child, its peak printed, then the MB a minute between the
 * shortest and the longest. Flat memory: the same peak at every length (goal: under 500 MB at 120 minutes).
 */
import { execFile } from 'node:child_process'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { BUILT_IN_PROFILES } from '../../main/audio/delivery-profiles'
import { runFfmpeg } from '../../main/audio/run-ffmpeg'
import { finishTake } from '../../main/finish/finish-take'
import { makeTempDir } from '../support/audio-fixtures'
import { speakRead } from '../support/voice-reads'

/** The finish bench's read (finish.ts): six sentences of a furniture-sale spot. */
export const BENCH_SENTENCES = [
  "This Saturday only, it's the biggest sale of the year at Dream Street Furniture.",
  'Save twenty percent on every mattress in the store.',
  'Queen mattresses start at just two ninety nine.',
  'Our sleep experts are here to help you find the perfect fit.',
  'Visit us at fourteen hundred Harbor Boulevard, open nine to nine.',
  'Dream Street Furniture, where better sleep begins.',
]
export const BENCH_PAUSES_S = [0.5, 0.9, 1.4, 0.7, 1.0]

const run = promisify(execFile)

/** The peak resident memory (MB) of finishing `input` to a `spotS` spot (EBU R128) in a process of its own. */
export async function finishPeakRssMb(input: string, output: string, spotS: number): Promise<number> {
  return (await finishInChild(input, output, spotS)).maxRssMb
}

/** The peak resident memory (MB) and CPU seconds (user + system, the child's own) of that finish. */
export async function finishInChild(
  input: string,
  output: string,
  spotS: number,
): Promise<{ maxRssMb: number; cpuS: number }> {
  const self = fileURLToPath(import.meta.url)
  const { stdout } = await run(process.execPath, ['--import', 'tsx', self, input, output, String(spotS)], {
    maxBuffer: 1 << 20,
  })
  const printed = /\{"maxRssMb":[^}]*\}/.exec(stdout)?.[0]
  if (!printed) throw new Error(`the finish's child printed no peak memory: ${stdout.slice(0, 200)}`)
  return JSON.parse(printed) as { maxRssMb: number; cpuS: number }
}

/** The bench's read looped to `seconds` (48 kHz/24-bit), as one long take. */
export async function loopedTake(
  read: { path: string; durationS: number },
  seconds: number,
  out: string,
): Promise<void> {
  const loops = Math.ceil(seconds / read.durationS)
  await runFfmpeg([
    '-y',
    '-stream_loop',
    String(loops - 1),
    '-i',
    read.path,
    '-t',
    String(seconds),
    '-c:a',
    'pcm_s24le',
    out,
  ])
}

/** Peak memory at each length (minutes), printed as it goes; the MB a minute from the shortest to the longest. */
export async function peakByLength(
  minutes: readonly number[],
): Promise<Array<{ minutes: number; maxRssMb: number; cpuS: number }>> {
  const { dir, cleanup } = await makeTempDir('booth-bench-finish-rss-')
  try {
    const read = await speakRead(dir, 'read', BENCH_SENTENCES, { pausesS: BENCH_PAUSES_S, roomDbfs: -60 })
    const rows: Array<{ minutes: number; maxRssMb: number; cpuS: number }> = []
    for (const m of minutes) {
      const take = join(dir, `take-${m}.wav`)
      await loopedTake(read, m * 60, take)
      const out = join(dir, `out-${m}.wav`)
      try {
        rows.push({ minutes: m, ...(await finishInChild(take, out, m * 60 - 20)) })
      } finally {
        await rm(take, { force: true })
        await rm(out, { force: true })
      }
      console.log(
        `${m} min: peak RSS ${rows[rows.length - 1]?.maxRssMb} MB, CPU ${rows[rows.length - 1]?.cpuS.toFixed(1)} s`,
      )
    }
    const first = rows[0]
    const last = rows[rows.length - 1]
    if (first && last && last.minutes > first.minutes)
      console.log(
        `MB a minute of take (${first.minutes} to ${last.minutes} min): ${((last.maxRssMb - first.maxRssMb) / (last.minutes - first.minutes)).toFixed(2)}`,
      )
    return rows
  } finally {
    await cleanup()
  }
}

async function child([input, output, spot]: string[]): Promise<void> {
  const profile = BUILT_IN_PROFILES.find((p) => p.name === 'ebu-r128')
  if (!input || !output || !profile) throw new Error('usage: finish-rss.ts IN OUT SPOT_S')
  await finishTake({ input, output, spotLengthS: Number(spot), kind: 'finished_spot', profile })
  const use = process.resourceUsage()
  const cpuS = (use.userCPUTime + use.systemCPUTime) / 1e6
  console.log(JSON.stringify({ maxRssMb: Math.round(use.maxRSS / 1024), cpuS }))
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2)
  if (args.length === 0 || args[0] === '--minutes')
    void peakByLength(args[1] ? args[1].split(',').map(Number) : [10, 40, 120])
  else void child(args)
}
