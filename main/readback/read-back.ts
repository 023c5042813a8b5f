/**
 * One read-back: an engine hears the take with the script as its hint, and what it heard (with where it
 * was unsure) is compared with the script. The one place the service, `npm run readback`, the benchmark
 * and the take fixes run it, so they all judge a take alike.
 */
import type { KeptContest, ReadbackResult, TimedWord } from '../../shared/readback/types'
import { compareToScript } from './compare/compare'
import type { ReadbackEngine } from './engine'
import { contestsFor, keptContests } from './certainty/rival-contest'

/** The words whose sounds certainty may ask for: the script's and every hearing's, once each, lower case. */
export function wordsToSound(script: string, ...heard: Array<readonly TimedWord[]>): string[] {
  const all = [script, ...heard.flatMap((ws) => ws.map((w) => w.word))].join(' ').toLowerCase()
  return [...new Set(all.match(/[a-z][a-z']*/g) ?? [])]
}

export interface ReadBackOptions {
  /** Names to weigh as names wherever they stand (customer, advertiser). */
  names?: readonly string[]
  now?: number
  signal?: AbortSignal
  /** Keep the second hearing in the result (`cross`, null when none): what Booth keeps beside a take. */
  keepCross?: boolean
}

export async function readBack(
  engine: ReadbackEngine,
  wavPath: string,
  script: string,
  options: ReadBackOptions = {},
): Promise<ReadbackResult> {
  const names = options.names ?? []
  const transcript = await engine.transcribe(wavPath, {
    hints: script,
    names,
    ...(options.signal ? { signal: options.signal } : {}),
  })
  // How the words are said, where a second hearing lets certainty ask whether a reading only sounds like the script's.
  const sounds =
    transcript.cross && engine.soundsOf
      ? await engine.soundsOf(wordsToSound(script, transcript.words, transcript.cross.words))
      : undefined
  const compareOptions = {
    names,
    now: options.now ?? Date.now(),
    doubts: transcript.doubts ?? [],
    ...(transcript.cross ? { cross: transcript.cross } : {}),
    ...(sounds ? { sounds } : {}),
  }
  let check = compareToScript(script, transcript.words, compareOptions)
  // Each sure change heard once more, the script's reading against the rival's (certainty/rival-contest.ts).
  const contests = transcript.cross && engine.contest ? contestsFor(script, check, transcript.words) : []
  let kept: KeptContest[] = []
  if (contests.length > 0 && engine.contest) {
    kept = keptContests(script, contests, await engine.contest(wavPath, contests, options.signal))
    if (kept.length > 0) check = compareToScript(script, transcript.words, { ...compareOptions, contests: kept })
  }
  return {
    check,
    words: transcript.words,
    engine: transcript.engine,
    ...(transcript.doubts?.length ? { doubts: transcript.doubts } : {}),
    ...(options.keepCross ? { cross: transcript.cross ?? null } : {}),
    ...(options.keepCross && kept.length > 0 ? { contests: kept } : {}),
  }
}
