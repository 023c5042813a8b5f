/**
 * Read-back benchmark: (recognition + alignment time) / audio duration on the 30-second spot read by
 * espeak-ng, for each engine that can run here. Goal ≤ 0.5 with pocketsphinx (the CI engine); sherpa-onnx
 * is measured the same way when its model is present (BOOTH_READBACK_MODEL, or Booth's data folder),
 * else it says "no model". The best of a few rounds counts: the machine is shared and only slows runs down.
 *
 * Part of `npm run bench`; also runs alone: `npx tsx test/bench/readback.ts`.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { defaultDataDir } from '../../main/storage/data-dir'
import { compareToScript } from '../../main/readback/compare'
import { createEngines } from '../../main/readback/engines'
import { defaultModelDir } from '../../main/readback/sherpa-model'
import { speak, SPOT_SCRIPT } from '../unit/readback/spot-script'
import type { BenchResult } from './types'

const ROUNDS = 3
const GOAL = 0.5

export async function benchReadback(): Promise<BenchResult[]> {
  const dir = await mkdtemp(join(tmpdir(), 'booth-bench-readback-'))
  try {
    const { wav, duration_s } = await speak(SPOT_SCRIPT, dir, 'spot')
    const modelDir = process.env['BOOTH_READBACK_MODEL'] ?? defaultModelDir(defaultDataDir())
    const results: BenchResult[] = []
    for (const engine of createEngines({ modelDir: () => modelDir })) {
      const name = `read-back with ${engine.name} (30 s spot)`
      const why = await engine.unavailable()
      if (why) {
        results.push({ name, figures: { status: engine.name === 'sherpa-onnx' ? `no model (${why})` : `not available (${why})` } })
        continue
      }
      let best = Infinity
      let recognise = 0
      let alignMs = 0
      let verdict = ''
      for (let round = 0; round < ROUNDS; round++) {
        const t0 = performance.now()
        const transcript = await engine.transcribe(wav, { hints: SPOT_SCRIPT })
        const t1 = performance.now()
        const check = compareToScript(SPOT_SCRIPT, transcript.words)
        const t2 = performance.now()
        if (t2 - t0 < best) {
          best = t2 - t0
          recognise = t1 - t0
          alignMs = t2 - t1
          verdict = `${check.verdict ?? 'none'} (coverage ${check.coverage})`
        }
      }
      const ratio = best / 1000 / duration_s
      results.push({
        name,
        goal: engine.name === 'pocketsphinx' ? `(recognition + alignment) / audio duration ≤ ${GOAL}` : 'measured for comparison',
        ...(engine.name === 'pocketsphinx' ? { pass: ratio <= GOAL } : {}),
        figures: { 'audio duration s': duration_s, 'recognition s (best)': recognise / 1000, 'alignment ms': alignMs, 'ratio to audio duration': ratio, 'verdict on the clean read': verdict },
      })
    }
    return results
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchReadback().then((r) => console.log(JSON.stringify(r, null, 2)), (err: unknown) => { console.error(err); process.exitCode = 1 })
}
