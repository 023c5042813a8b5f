/**
 * "Each sentence intact" (issue 42, point 4), measured: the normalised cross-correlation of each sentence's
 * audio in a finished take with the same sentence in the original. The finish's `time_map` says where the
 * sentence's start went; a few samples either side are searched (a join's rounding). The normalised
 * correlation does not see a gain (the level's one gain is undone by it), so 1.0 is the sentence exactly as
 * read; a comma pause inside the sentence changed, a tempo change or a level that rides the read bring it
 * down (a sentence shifted by a changed comma from its middle on correlates about 0.5–0.7).
 */
import type { TimeSegment } from '../../main/versions/hearing/version-hearing'

export interface SentenceSpan {
  /** Where the sentence is in the original (s). */
  fromS: number
  toS: number
}

export interface SentenceMatch {
  /** Normalised cross-correlation at the best lag (1: identical but for a gain). */
  r: number
  /** The finished sentence's level over the original's (dB): the gain that the correlation undid. */
  gainDb: number
  /** Where the sentence starts in the finished take (s). */
  atS: number
}

/**
 * Where IN's second `s` plays in OUT by the piece of the time map holding `within` (default `s`): a
 * sentence is placed by the piece that holds its middle, so a faint onset the head's trim took off (it lay
 * in what the signal's analysis counts as room tone) still places the rest; null when no piece holds it.
 */
export function mappedS(map: readonly TimeSegment[], s: number, within = s): number | null {
  const seg = map.find((m) => within >= m.fromS && within < m.toS)
  return seg ? seg.atS + (s - seg.fromS) / seg.scale : null
}

/** The correlation of x with y from offset `at` (y beyond its ends counts as silence). */
function correlationAt(x: Float32Array, y: Float32Array, at: number): { r: number; ratio: number } {
  let xy = 0
  let xx = 0
  let yy = 0
  for (let i = 0; i < x.length; i++) {
    const a = x[i] as number
    const j = at + i
    const b = j >= 0 && j < y.length ? (y[j] as number) : 0
    xy += a * b
    xx += a * a
    yy += b * b
  }
  return { r: xx > 0 && yy > 0 ? xy / Math.sqrt(xx * yy) : 0, ratio: xx > 0 ? yy / xx : 0 }
}

/**
 * Each sentence of `original` matched in `finished` (mono samples at `sampleRate`), placed by `map`, the
 * best of ±searchS around the mapped place.
 */
export function sentenceMatches(
  original: Float32Array,
  finished: Float32Array,
  sampleRate: number,
  sentences: readonly SentenceSpan[],
  map: readonly TimeSegment[],
  searchS = 0.002,
): SentenceMatch[] {
  const search = Math.round(searchS * sampleRate)
  return sentences.map((s) => {
    const from = Math.round(s.fromS * sampleRate)
    const x = original.subarray(from, Math.round(s.toS * sampleRate))
    const placed = mappedS(map, s.fromS, (s.fromS + s.toS) / 2)
    if (placed === null) return { r: 0, gainDb: -Infinity, atS: NaN }
    const centre = Math.round(placed * sampleRate)
    let best = { r: -Infinity, ratio: 0, at: centre }
    for (let at = centre - search; at <= centre + search; at++) {
      const c = correlationAt(x, finished, at)
      if (c.r > best.r) best = { ...c, at }
    }
    return { r: best.r, gainDb: 10 * Math.log10(best.ratio), atS: best.at / sampleRate }
  })
}
