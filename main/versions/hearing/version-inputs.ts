/**
 * What a version operation needs of each recording it uses, gathered once: the recording kept by content
 * (recordings.ts), in the take's format when it is a patch, its read-back words (given, or heard now with
 * the injected transcribe), and its analysis against the script (recording-analysis.ts).
 */
import type { Doubt, TimedWord } from '../../../shared/readback/types'
import type { AudioFormat } from '../../../shared/versions/edit-list'
import type { CrossHearing, Sounds } from '../../readback/index'
import { analyzeRecording, type AnalyzeOptions, type RecordingAnalysis } from '../cuts/recording-analysis'
import type { RecordingRef, Recordings } from '../store/recordings'

/** Hears a WAV's words (a read-back engine; its hints are the script), and names the engine. */
/** `doubts: false`: the words alone, to place cuts by (a check is not made from them). */
export type Transcribe = ((
  wavPath: string,
  hints: string,
  options?: { doubts?: boolean },
) => Promise<{ words: TimedWord[]; engine: string; doubts?: Doubt[]; cross?: CrossHearing }>) & {
  /** How the engine says these words (its dictionary), for certainty's sound-alike rule; absent: not known. */
  soundsOf?: (words: readonly string[]) => Promise<Sounds>
}

export interface AnalyzedRecording {
  ref: RecordingRef
  analysis: RecordingAnalysis
}

/** Runs at most `limit` of the tasks at once, keeping their order. */
export async function inTurns<T>(tasks: Array<() => Promise<T>>, limit: number): Promise<T[]> {
  const out = new Array<T>(tasks.length)
  let next = 0
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++
      out[i] = await (tasks[i] as () => Promise<T>)()
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker))
  return out
}

export async function analyzeRef(
  recordings: Recordings,
  ref: RecordingRef,
  script: string,
  words: readonly TimedWord[],
  options: AnalyzeOptions = {},
): Promise<AnalyzedRecording> {
  const sources = await recordings.open([ref.hash])
  const src = sources.get(ref.hash)
  if (!src) throw new Error(`The recording ${ref.hash} is missing.`)
  try {
    return { ref, analysis: await analyzeRecording(src, ref.hash, script, words, options) }
  } finally {
    await src.close()
  }
}

export interface RecordingToUse {
  path: string
  /** Words already heard in exactly this file (a stored read-back); else it is read back now. */
  words?: readonly TimedWord[] | null
  /** Convert it to this format first (a patch into a take). */
  format?: AudioFormat
  /** A pickup: it reads a few sentences, not the script. */
  short?: boolean
  /** Measure each sentence's true peak too. */
  truePeak?: boolean
}

/** Adds, conforms, reads back (two at a time) and analyses recordings, in order. */
export async function prepareRecordings(
  recordings: Recordings,
  items: readonly RecordingToUse[],
  script: string,
  transcribe: Transcribe,
): Promise<AnalyzedRecording[]> {
  const refs = await Promise.all(
    items.map(async (it) => {
      const ref = await recordings.add(it.path)
      return it.format ? recordings.conform(ref, it.format) : ref
    }),
  )
  const words = await inTurns(
    items.map(
      (it, i) => async () =>
        it.words ?? (await transcribe((refs[i] as RecordingRef).path, script, { doubts: false })).words,
    ),
    2,
  )
  return Promise.all(
    refs.map((ref, i) =>
      analyzeRef(recordings, ref, script, words[i] as TimedWord[], {
        short: items[i]?.short === true,
        truePeak: items[i]?.truePeak === true,
      }),
    ),
  )
}
