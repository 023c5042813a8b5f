/**
 * One read-back: an engine hears the take with the script as its hint, and what it heard (with where it
 * was unsure) is compared with the script. The one place the service, `npm run readback`, the benchmark
 * and the take fixes run it, so they all judge a take alike.
 */
import type { ReadbackResult } from '../../shared/readback/types'
import { compareToScript } from './compare/compare'
import type { ReadbackEngine } from './engine'

export interface ReadBackOptions {
  /** Names to weigh as names wherever they stand (customer, advertiser). */
  names?: readonly string[]
  now?: number
  signal?: AbortSignal
  /** Keep the second hearing in the result (`cross`, null when none): what Booth keeps beside a take. */
  keepCross?: boolean
}

export async function readBack(engine: ReadbackEngine, wavPath: string, script: string, options: ReadBackOptions = {}): Promise<ReadbackResult> {
  const names = options.names ?? []
  const transcript = await engine.transcribe(wavPath, { hints: script, names, ...(options.signal ? { signal: options.signal } : {}) })
  const check = compareToScript(script, transcript.words, { names, now: options.now ?? Date.now(), doubts: transcript.doubts ?? [], ...(transcript.cross ? { cross: transcript.cross } : {}) })
  return { check, words: transcript.words, engine: transcript.engine, ...(transcript.doubts?.length ? { doubts: transcript.doubts } : {}), ...(options.keepCross ? { cross: transcript.cross ?? null } : {}) }
}
