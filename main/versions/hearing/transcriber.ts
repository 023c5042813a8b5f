/**
 * The read-back engine as version work uses it: a WAV in, the timed words heard out (readback/engine.ts),
 * with the engine the read-back settings choose (or the first that can run). Throws EngineUnavailableError
 * with one sentence when none can.
 */
import { createEngines, pickEngine, type ReadbackEngine } from '../../readback/index'
import type { Transcribe } from './version-inputs'

export interface TranscriberOptions {
  /** The sherpa-onnx model folder (null: none). */
  modelDir: () => string | null
  /** The engine chosen in Settings; null or 'auto': the first that can run. */
  engineChoice?: () => Promise<string | null>
  /** Tests: the engines to pick from. */
  engines?: ReadbackEngine[]
  env?: NodeJS.ProcessEnv
}

export function createTranscriber(o: TranscriberOptions): Transcribe {
  const engines = o.engines ?? createEngines({ modelDir: o.modelDir, ...(o.env ? { env: o.env } : {}) })
  const engine = async () => {
    const choice = (await o.engineChoice?.()) ?? null
    return pickEngine(engines, choice === 'auto' ? null : choice)
  }
  const transcribe: Transcribe = async (path, hints, options) => {
    const t = await (
      await engine()
    ).transcribe(path, { hints, ...(options?.doubts === false ? { doubts: false } : {}) })
    return {
      words: t.words,
      engine: t.engine,
      ...(t.doubts ? { doubts: t.doubts } : {}),
      ...(t.cross ? { cross: t.cross } : {}),
    }
  }
  // A version's check weighs sound-alikes as the take's did (read-back.ts): the same engine's sounds.
  transcribe.soundsOf = async (words) => {
    const e = await engine()
    return e.soundsOf ? e.soundsOf(words) : new Map()
  }
  return transcribe
}
