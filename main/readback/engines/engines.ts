/**
 * The read-back engines Booth knows, and which one runs: the one asked for by name, else sherpa-onnx
 * when its model is present, else pocketsphinx when it is installed. When none can run, the reasons
 * are joined into one sentence.
 */
import { EngineUnavailableError, type ReadbackEngine } from '../engine'
import { PocketsphinxEngine } from './pocketsphinx/pocketsphinx-engine'
import { SherpaEngine } from './sherpa/sherpa-engine'

interface EngineChoice {
  modelDir: () => string | null
  ffmpegPath?: string
  env?: NodeJS.ProcessEnv
}

export function createEngines(choice: EngineChoice): ReadbackEngine[] {
  return [
    new SherpaEngine({ modelDir: choice.modelDir, ...(choice.ffmpegPath ? { ffmpegPath: choice.ffmpegPath } : {}) }),
    new PocketsphinxEngine({
      ...(choice.env ? { env: choice.env } : {}),
      ...(choice.ffmpegPath ? { ffmpegPath: choice.ffmpegPath } : {}),
    }),
  ]
}

/** The engine to use, or throws EngineUnavailableError with one sentence. */
export async function pickEngine(engines: readonly ReadbackEngine[], name?: string | null): Promise<ReadbackEngine> {
  if (name) {
    const engine = engines.find((e) => e.name === name)
    if (!engine)
      throw new EngineUnavailableError(
        `There is no read-back engine called "${name}"; choose ${engines.map((e) => e.name).join(' or ')}.`,
      )
    const why = await engine.unavailable()
    if (why) throw new EngineUnavailableError(why)
    return engine
  }
  const reasons: string[] = []
  for (const engine of engines) {
    const why = await engine.unavailable()
    if (!why) return engine
    reasons.push(why)
  }
  throw new EngineUnavailableError(
    `No read-back engine can run here: ${reasons.map((r) => r.replace(/\.$/, '')).join('; ')}.`,
  )
}
