/**
 * Read-back benchmark, for each engine that can run here:
 * - speed: (recognition + comparison) / audio duration on the 30-second spot read by espeak-ng; goal ≤ 0.5
 *   with pocketsphinx (the CI engine). The best of a few rounds counts: the machine is shared. Beside it,
 *   the longest the read-back held the event loop (the main process's: the window's requests wait behind
 *   it), on the first take (dictionary and general model loaded once) and on the later ones.
 * - trust: planted misreads caught and clean reads matching, on the set the engine's settings were chosen
 *   on (TUNING) and on a held-out set written afterwards and read by voices and speeds the tuning did not
 *   use (HELD_OUT), on UNSEEN (readback-unseen-set.ts), and on SEALED (readback-sealed-set.ts): the one set no
 *   rule was written on, measured only, never tuned on. Goal: every planted misread caught, every clean read "matches". Both sets are read by
 *   espeak-ng and again by flite, whose voices pocketsphinx hears far more cleanly (readback-set.ts).
 * sherpa-onnx is measured the same way when its model is present (BOOTH_READBACK_MODEL, or Booth's data
 * folder), else it says "no model".
 *
 * Part of `npm run bench` (`npm run bench -- readback`); also runs alone: `npx tsx test/bench/readback.ts`.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { defaultDataDir } from '../../main/storage/data-dir'
import { createEngines } from '../../main/readback/engines/engines'
import type { ReadbackEngine } from '../../main/readback/engine'
import { readBack } from '../../main/readback/read-back'
import { defaultModelDir } from '../../main/readback/engines/sherpa/sherpa-model'
import { speak, SPOT_SCRIPT } from '../support/spot-script'
import { measureSet, summarise } from '../support/readback-measure'
import {
  HELD_OUT,
  HELD_OUT_FLITE_VOICES,
  HELD_OUT_VOICES,
  TUNING,
  TUNING_FLITE_VOICES,
  TUNING_VOICES,
  voiceName,
} from '../support/readback-set'
import { UNSEEN, UNSEEN_VOICES } from '../support/readback-unseen-set'
import { SEALED, SEALED_VOICES } from '../support/readback-sealed-set'
import { keptHearings } from '../support/kept-hearings'
import { runAlone } from './report'
import type { BenchResult } from './types'

const ROUNDS = 3
const GOAL = 0.5

async function speed(engine: ReadbackEngine, dir: string): Promise<BenchResult['figures'] & { ratio: number }> {
  const { wav, duration_s } = await speak(SPOT_SCRIPT, dir, 'spot')
  let best = Infinity
  let verdict = ''
  const blocks: number[] = []
  const took: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const t0 = performance.now()
    const loop = longestBlock()
    const result = await readBack(engine, wav, SPOT_SCRIPT)
    blocks.push(loop.stop())
    const seconds = (performance.now() - t0) / 1000
    took.push(seconds)
    if (seconds < best) {
      best = seconds
      verdict = `${result.check.verdict ?? 'none'} (coverage ${result.check.coverage})`
    }
  }
  return {
    'audio duration s': duration_s,
    'read-back s (best)': best,
    ratio: best / duration_s,
    'verdict on the clean read': verdict,
    // The first take also reads the dictionary and the general model and builds the script's model (its sound-alike search).
    'read-back s, first take': took[0] ?? 0,
    'longest event-loop block, first take ms': Math.round(blocks[0] ?? 0),
    'longest event-loop block, later takes ms': Math.round(Math.max(...blocks.slice(1))),
  }
}

/** The longest gap between turns of a 5 ms timer until stop(): how long the event loop was held at once. */
function longestBlock(): { stop(): number } {
  let last = performance.now()
  let longest = 0
  const timer = setInterval(() => {
    const now = performance.now()
    longest = Math.max(longest, now - last)
    last = now
  }, 5)
  return {
    stop: () => {
      clearInterval(timer)
      return Math.max(longest, performance.now() - last)
    },
  }
}

async function trust(
  engine: ReadbackEngine,
  name: string,
  spots: typeof TUNING,
  voices: typeof TUNING_VOICES,
  dir: string,
): Promise<BenchResult> {
  const f = summarise(await measureSet(engine, spots, voices, dir))
  return {
    name: `read-back with ${engine.name}: ${name}`,
    goal: 'every planted misread caught (not "matches"), every clean read "matches"',
    pass: f.caught === f.misreads && f.cleanMatched === f.cleanReads,
    figures: {
      voices: voices.map(voiceName).join(', '),
      'misreads caught': `${f.caught}/${f.misreads} (${Math.round((100 * f.caught) / Math.max(1, f.misreads))}%)`,
      'caught only as "unsure"': f.caughtUnsure,
      'misreads answered "matches"': f.matchesOverMisread,
      'clean reads matching': `${f.cleanMatched}/${f.cleanReads}`,
      'false alarms on clean reads': f.cleanReads - f.cleanMatched,
      'clean reads with any "Differs" (goal 0)': `${f.cleanWithDiffers}/${f.cleanReads}`,
      'misreads with at least "Listen here" on the misread word (goal all)': `${f.misreadsFlagged}/${f.misreads}`,
      '  of those, "Differs" there': f.misreadsDiffersThere,
      ...Object.fromEntries(Object.entries(f.byKind).map(([k, v]) => [`  ${k}`, v])),
      ...Object.fromEntries(f.missed.map((m, i) => [`missed ${i + 1}`, m])),
      ...Object.fromEntries(f.falseAlarms.map((m, i) => [`false alarm ${i + 1}`, m])),
      ...Object.fromEntries(f.cleanDiffers.map((m, i) => [`"Differs" on a clean read ${i + 1}`, m])),
    },
  }
}

const SETS = [
  { id: 'tuning', name: 'the tuning set', spots: TUNING, voices: TUNING_VOICES },
  { id: 'held-out', name: 'the held-out set', spots: HELD_OUT, voices: HELD_OUT_VOICES },
  { id: 'tuning-flite', name: 'the tuning set read by flite', spots: TUNING, voices: TUNING_FLITE_VOICES },
  { id: 'held-out-flite', name: 'the held-out set read by flite', spots: HELD_OUT, voices: HELD_OUT_FLITE_VOICES },
  {
    id: 'unseen',
    name: 'the unseen set (a dev set since issue 41 point 4 looked at it)',
    spots: UNSEEN,
    voices: UNSEEN_VOICES,
  },
  // Held out: never tuned on (readback-sealed-set.ts says why and how it is used).
  {
    id: 'sealed',
    name: 'the sealed held-out set (scripts, voices, paces and treatments no rule was written on)',
    spots: SEALED,
    voices: SEALED_VOICES,
  },
]

/**
 * BOOTH_BENCH_READBACK_SETS=held-out,held-out-flite measures only those sets (and not the speed): on a busy
 * machine the whole bench can take far longer than its 7 minutes.
 */
const only =
  process.env['BOOTH_BENCH_READBACK_SETS']
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean) ?? null
/**
 * BOOTH_BENCH_READBACK_HEARINGS=<folder> keeps each read's hearings there (kept-hearings.ts) and reads them
 * back on the next run: a change of the comparison or of certainty is measured in seconds on the same
 * hearings. A change of the engine or its models needs an empty folder.
 */
const keptIn = process.env['BOOTH_BENCH_READBACK_HEARINGS'] ?? null

export async function benchReadback(): Promise<BenchResult[]> {
  const dir = await mkdtemp(join(tmpdir(), 'booth-bench-readback-'))
  try {
    const modelDir = process.env['BOOTH_READBACK_MODEL'] ?? defaultModelDir(defaultDataDir())
    const results: BenchResult[] = []
    for (const engine of createEngines({ modelDir: () => modelDir })) {
      const why = await engine.unavailable()
      if (why) {
        results.push({
          name: `read-back with ${engine.name}`,
          figures: { status: engine.name === 'sherpa-onnx' ? `no model (${why})` : `not available (${why})` },
        })
        continue
      }
      if (!only) {
        const { ratio, ...figures } = await speed(engine, dir)
        const ci = engine.name === 'pocketsphinx'
        results.push({
          name: `read-back with ${engine.name} (30 s spot)`,
          goal: ci ? `(recognition + comparison) / audio duration ≤ ${GOAL}` : 'measured for comparison',
          ...(ci ? { pass: ratio <= GOAL } : {}),
          figures: { ...figures, 'ratio to audio duration': ratio },
        })
      }
      for (const set of SETS) {
        const hearing = keptIn ? keptHearings(engine, keptIn) : engine
        if (!only || only.includes(set.id))
          results.push(await trust(hearing, set.name, set.spots, set.voices, join(dir, set.id)))
      }
    }
    return results
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void runAlone(benchReadback)
