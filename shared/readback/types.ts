/**
 * Booth's read-back: its own check of a take against the script, with the shape of the API's check
 * object (resources/api/talent-v1.yaml, components.schemas.Check and CheckIssue) plus where each issue
 * is, in the take (at_s) and in the script text (character offsets), so the UI can mark both.
 * Main computes it; the renderer shows it; both import these types.
 */
import type { components } from '../api/talent-v1'

type CheckIssue = components['schemas']['CheckIssue']
type Check = components['schemas']['Check']

export interface ReadbackIssue extends CheckIssue {
  /** Seconds into the take where it happens (a skipped line: where the reading jumped over it). */
  at_s: number | null
  /** Characters of the script it concerns: [from, to); an extra word gets an empty range where it was inserted. */
  script_from: number | null
  script_to: number | null
  /**
   * 'unsure': the engine could not tell this script word from another reading; `heard` names the likeliest
   * other one ("may have been read as 'Lane'"). Absent: what was heard is `heard`, as recognised.
   */
  confidence?: 'unsure'
  /**
   * How sure Booth is that the take differs from the script here, from the evidence of both hearings:
   * 'sure' ("Differs": both hearings heard the same other reading, the second one's lattice behind it) or
   * 'unsure' ("Listen here": the hearings disagree, or the other reading was heard weakly). Absent on a
   * result kept before Booth said it: an `unsure` confidence is unsure, anything else sure (see
   * shared/readback/certainty.ts).
   */
  certainty?: 'sure' | 'unsure'
  /**
   * A false start: the talent stopped and read again from an earlier point of the script. The stretch of
   * the take that cutting the false start removes (from the first word of the abandoned reading to the
   * first word of the new one), in seconds.
   */
  restart?: { from_s: number; to_s: number }
}

export interface ReadbackCheck extends Omit<Check, 'issues' | 'state'> {
  state: 'done'
  issues: ReadbackIssue[]
}

export interface TimedWord {
  word: string
  start_s: number
  end_s: number
}

/**
 * A stretch of the take where the engine also heard another reading nearly as likely as the words it
 * gave (or heard it when not leaning toward the script): what that other reading was.
 */
export interface Doubt {
  start_s: number
  end_s: number
  heard: string
  /** The engine's posteriors, where it has them: of the word it gave, and of `heard`. */
  posterior?: { own: number; other: number }
}

/** A second hearing of a take that did not lean toward the script (main/readback/engine.ts CrossHearing), as kept. */
export interface SecondHearing {
  words: TimedWord[]
  /** Its lattice: each word it considered, with its stretch and posterior. */
  lattice?: ReadonlyArray<{ word: string; start_s: number; end_s: number; posterior: number }>
}

/** What `npm run readback` prints and what Booth keeps beside a take. */
export interface ReadbackResult {
  check: ReadbackCheck
  words: TimedWord[]
  engine: string
  doubts?: Doubt[]
  /**
   * Kept beside a take (not printed): the second hearing the check's certainty came from; null when the
   * engine gave none. With the words and doubts it is the whole hearing, so a version made of this audio
   * is checked from it (main/versions/hearing/version-hearing.ts) instead of being heard again. Absent on a result
   * kept before Booth kept it.
   */
  cross?: SecondHearing | null
  /**
   * Kept beside a take with `cross`: the rival contests heard for its sure changes (main/readback/certainty/
   * rival-contest.ts), so a version of this audio judges the same findings the same way without hearing them
   * again. Absent when none was heard.
   */
  contests?: KeptContest[]
}

/**
 * A rival contest as a take keeps it: which script words (offsets and their text as the script had them),
 * where in the audio (mapped through a version's edits like the words), and how much better the rival fit.
 */
export interface KeptContest {
  script_from: number
  script_to: number
  text: string
  start_s: number
  end_s: number
  margin: number | null
}
