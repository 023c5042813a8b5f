/**
 * Peak memory of a finish (issue 42, point 8): the finish run alone in a child Node process, whose own peak
 * resident set (process.resourceUsage().maxRSS, the kernel's figure) it prints when done. A process of its
 * own, since the benchmark's process keeps what earlier runs left and its peak never comes down.
 *
 * As a child: `node --import tsx test/bench/finish-rss.ts IN OUT SPOT_S` prints `{"maxRssMb": …}`.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { BUILT_IN_PROFILES } from '../../main/audio/delivery-profiles'
import { finishTake } from '../../main/finish/finish-take'

const run = promisify(execFile)

/** The peak resident memory (MB) of finishing `input` to a `spotS` spot (EBU R128) in a process of its own. */
export async function finishPeakRssMb(input: string, output: string, spotS: number): Promise<number> {
  const self = fileURLToPath(import.meta.url)
  const { stdout } = await run(process.execPath, ['--import', 'tsx', self, input, output, String(spotS)], {
    maxBuffer: 1 << 20,
  })
  const printed = /\{"maxRssMb":[^}]*\}/.exec(stdout)?.[0]
  if (!printed) throw new Error(`the finish's child printed no peak memory: ${stdout.slice(0, 200)}`)
  return (JSON.parse(printed) as { maxRssMb: number }).maxRssMb
}

async function child([input, output, spot]: string[]): Promise<void> {
  const profile = BUILT_IN_PROFILES.find((p) => p.name === 'ebu-r128')
  if (!input || !output || !profile) throw new Error('usage: finish-rss.ts IN OUT SPOT_S')
  await finishTake({ input, output, spotLengthS: Number(spot), kind: 'finished_spot', profile })
  console.log(JSON.stringify({ maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024) }))
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void child(process.argv.slice(2))
