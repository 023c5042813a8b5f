/**
 * `npm run bench`: runs every benchmark in one process and prints its figures and ratios.
 * Machines here are noisy, so each benchmark compares ratios measured in the same run, never absolute times.
 * Select some with `npm run bench -- preflight wav`.
 */
import os from 'node:os'
import type { BenchResult } from './types'
import { printResult } from './report'
import { benchPreflight } from './preflight'
import { benchWavWriter } from './wav-writer'
import { benchUpload } from './upload'
import { benchAnswers } from './answers'
import { benchAnswerDoor } from './answer-door'
import { benchReadback } from './readback'
import { benchOfflineLaunch } from './offline-launch'
import { benchScriptDiff } from './script-diff'
import { benchStopToCheck } from './stop-to-check'
import { benchFollow } from './follow'
import { benchScriptMarks } from './script-marks'
import { benchStopInWindow } from './stop-in-window'
import { benchVersions } from './versions'
import { benchFinish } from './finish'
import { benchFinishFit } from './finish-fit'

const suites: Record<string, () => Promise<BenchResult[]>> = {
  preflight: benchPreflight,
  wav: benchWavWriter,
  upload: benchUpload,
  answers: async () => [...(await benchAnswers()), ...(await benchAnswerDoor())],
  readback: benchReadback,
  offline: benchOfflineLaunch,
  'script-diff': benchScriptDiff,
  // Stop to the check: in main's recording handlers, then in the window (Chromium, the web host).
  stop: async () => [...(await benchStopToCheck()), ...(await benchStopInWindow())],
  follow: benchFollow,
  'script-marks': benchScriptMarks,
  versions: benchVersions,
  finish: benchFinish,
  'finish-fit': benchFinishFit,
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2)
  const unknown = wanted.filter((w) => !(w in suites))
  if (unknown.length) {
    console.error(`Unknown benchmark ${unknown.join(', ')}; choose from ${Object.keys(suites).join(', ')}.`)
    process.exit(2)
  }
  console.log(
    `Booth benchmarks on ${os.cpus()[0]?.model ?? 'unknown CPU'} x${os.cpus().length}, ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`,
  )
  for (const [name, run] of Object.entries(suites)) {
    if (wanted.length && !wanted.includes(name)) continue
    for (const result of await run()) printResult(result)
  }
}

main().catch((err: unknown) => {
  console.error(`Benchmark failed: ${err instanceof Error ? err.message : String(err)}`)
  process.exit(1)
})
