/**
 * A/B at matched loudness (issue 42, point 7): a finish changes the level, and the louder side always sounds
 * "better", so the player turns the louder side down to the quieter one's measured integrated loudness (the
 * finish's own figures, before and after). Down only, never up: an element's volume cannot boost, and a boost
 * could clip what a turn-down never does. The files are not changed; the words say what the player does.
 */

export interface MatchedLoudness {
  /** The player's volume for each side (0–1). */
  A: number
  B: number
  /** What the player does, in words ("Matched to −20.1 LUFS: B plays 0.5 dB quieter here; the files are unchanged."). */
  words: string
}

const lufs = (x: number): string => `${x < 0 ? '−' : ''}${Math.abs(x).toFixed(1)} LUFS`

/** Below this the two sides are heard as one level: played as they are. */
const SAME_DB = 0.05

/** Volumes that play both sides at the quieter one's loudness; null when either was not measured. */
export function matchLoudness(
  before: number | null | undefined,
  after: number | null | undefined,
): MatchedLoudness | null {
  if (typeof before !== 'number' || typeof after !== 'number' || !Number.isFinite(before) || !Number.isFinite(after))
    return null
  const target = Math.min(before, after)
  const diff = Math.abs(after - before)
  if (diff < SAME_DB) return { A: 1, B: 1, words: `Both sides measure ${lufs(target)}: played as they are.` }
  const louder = after > before ? 'B' : 'A'
  const down = 10 ** (-diff / 20)
  return {
    A: louder === 'A' ? down : 1,
    B: louder === 'B' ? down : 1,
    words: `Matched to ${lufs(target)}: ${louder} plays ${diff.toFixed(1)} dB quieter here; the files are unchanged.`,
  }
}

/** What the player says when it cannot match: which side's loudness is not known. */
export function unmatchedWords(
  before: number | null | undefined,
  after: number | null | undefined,
  beingMeasured: boolean,
): string {
  if (beingMeasured) return 'Loudness not matched yet: the finished audio is still being measured.'
  const missing = [typeof before === 'number' ? null : 'before', typeof after === 'number' ? null : 'finished'].filter(
    Boolean,
  )
  return `Loudness not matched: the ${missing.join(' and ')} version${missing.length > 1 ? 's have' : ' has'} no measured loudness.`
}
