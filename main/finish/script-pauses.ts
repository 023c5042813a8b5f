/**
 * With a script, which pauses end sentences and which end paragraphs comes from the read-back's alignment
 * (the version engine's analysis of the take: each script sentence's sound, main/versions/
 * recording-analysis.ts) instead of from pause lengths: a pause of the signal that lies between one read
 * sentence's sound and the next one's ends a sentence, a paragraph when the script has a blank line between
 * the two; any other pause is inside a sentence (a comma). Pure.
 */
import type { InnerPauseKind } from './fit-plan'
import type { InnerPause } from './analyse-pauses'

export interface ReadSentenceTimes {
  /** Index of the sentence in the script. */
  index: number
  /** Where its sound starts and ends (s). */
  onsetS: number
  endS: number
}

/** How far a sentence edge may lie inside the signal's pause, or past it (s): the two are measured apart. */
const EDGE_TOLERANCE_S = 0.12

/**
 * The kinds of the layout's pauses. `sentences`: the script sentences the take reads, with times;
 * `paragraphAfter(i)`: whether script sentence i ends a paragraph.
 */
export function kindsFromScript(
  pauses: readonly InnerPause[],
  sampleRate: number,
  sentences: readonly ReadSentenceTimes[],
  paragraphAfter: (index: number) => boolean,
): InnerPauseKind[] {
  const read = [...sentences].sort((a, b) => a.onsetS - b.onsetS)
  return pauses.map((p) => {
    const from = p.from / sampleRate
    const to = p.to / sampleRate
    for (let k = 0; k + 1 < read.length; k++) {
      const a = read[k] as ReadSentenceTimes
      const b = read[k + 1] as ReadSentenceTimes
      if (from >= a.endS - EDGE_TOLERANCE_S && to <= b.onsetS + EDGE_TOLERANCE_S)
        return paragraphAfter(a.index) ? 'paragraph' : 'sentence'
    }
    return 'comma'
  })
}

/** Whether script sentence `index` ends a paragraph: a blank line between it and the next one. */
export function paragraphEnds(
  scriptText: string,
  sentences: ReadonlyArray<{ from: number; to: number }>,
): (index: number) => boolean {
  return (index) => {
    const s = sentences[index]
    const next = sentences[index + 1]
    return !!s && !!next && /\n[^\S\n]*\n/.test(scriptText.slice(s.to, next.from))
  }
}
