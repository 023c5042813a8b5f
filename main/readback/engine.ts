/**
 * The one small interface every read-back engine implements: transcribe a WAV file into timed words.
 * A second engine plugs in by implementing it and being listed in engines.ts.
 */
import type { Doubt, TimedWord } from '../../shared/readback/types'

/** A word of the second hearing's lattice: its stretch and posterior. */
export interface LatticeWord {
  word: string
  start_s: number
  end_s: number
  posterior: number
}

export interface TranscribeOptions {
  /** The script text the take was read from: an engine may bias its vocabulary toward it. */
  hints?: string
  /** Names to treat as names wherever they stand in the script (the customer, the advertiser). */
  names?: readonly string[]
  signal?: AbortSignal
  /** false: only the words and their times (placing cuts), without the work of finding doubts. */
  doubts?: boolean
}

export interface Transcript {
  words: TimedWord[]
  engine: string
  /** Where the engine was not sure of the words it gave, and what else it may have heard there. */
  doubts?: Doubt[]
  /**
   * A second hearing of the same take that does not lean toward the script, for how sure each finding is
   * (certainty.ts): its words, and (pocketsphinx) the lattice it considered. Absent: one hearing only.
   */
  cross?: CrossHearing
}

export interface CrossHearing {
  words: TimedWord[]
  lattice?: readonly LatticeWord[]
}

/** A contested stretch of the take, to hear again under its two readings (certainty/rival-contest.ts). */
export interface Contest {
  /** The finding's place in the script (character offsets), to find it again. */
  script_from: number
  script_to: number
  from_s: number
  to_s: number
  /** Words heard just before and after the finding (anchors, in both readings), or null at the take's ends. */
  before: string | null
  after: string | null
  /** The script's words, each way of saying them (lower-case spoken words). */
  script: string[][]
  /** What both hearings heard there. */
  rival: string[]
}

export interface ContestResult {
  script_from: number
  script_to: number
  /** How much better the rival's reading fits the sound than the script's, per frame (acoustic score); null: undecided. */
  margin: number | null
}

/** Word (lower case) → how it is said, as phone strings ("AO1 F ER0"); a word missing is one the engine cannot say. */
export type Sounds = ReadonlyMap<string, readonly string[]>

export interface ReadbackEngine {
  readonly name: string
  /** null when the engine can run; otherwise one sentence saying what is missing and how to get it. */
  unavailable(): Promise<string | null>
  transcribe(wavPath: string, options?: TranscribeOptions): Promise<Transcript>
  /**
   * How the engine's dictionary says these words, for how sure a finding is (certainty.ts: a reading that
   * sounds like the script's words is not "Differs" on the hearings' word alone). Optional: without it,
   * no finding is judged by its sound.
   */
  soundsOf?(words: readonly string[]): Promise<Sounds>
  /**
   * Hears contested stretches of the take again, each under a grammar of the script's reading and the rival's
   * (certainty/rival-contest.ts). Optional: without it, certainty judges changes on the hearings alone.
   */
  contest?(wavPath: string, contests: readonly Contest[], signal?: AbortSignal): Promise<ContestResult[]>
}

/** What a read-back stopped on purpose (a take deleted, Booth closing) fails with. */
export class ReadbackStoppedError extends Error {
  constructor() {
    super('The read-back was stopped.')
    this.name = 'ReadbackStoppedError'
  }
}

/** Throws ReadbackStoppedError once `signal` is aborted: for long work between its child processes. */
export function throwIfStopped(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new ReadbackStoppedError()
}

/** An engine could not run (no binary, no model, a broken file): the message is one sentence for the person. */
export class EngineUnavailableError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'EngineUnavailableError'
  }
}
