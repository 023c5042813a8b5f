/**
 * Which sentence a punch goes into: the sentence a read-back finding falls in (by its characters of the
 * script), the sentences with findings (what "Fix this" offers), the sentence a moment of the take belongs
 * to (a click on the take: the sentence being read there, a line the producer added in that pause, or the
 * next one). Pure.
 */
import type { ReadbackIssue } from '../../../../shared/readback/types'
import type { TakeSentencesView } from '../../../../shared/versions/types'

export type TakeSentence = TakeSentencesView['sentences'][number]

/** The sentence (1-based) whose characters hold the finding; null when the finding names no characters. */
export function sentenceOfIssue(
  issue: Pick<ReadbackIssue, 'script_from' | 'script_to'>,
  sentences: readonly TakeSentence[],
): number | null {
  const from = issue.script_from
  const to = issue.script_to
  if (from === null || to === null) return null
  for (const s of sentences) {
    if (to > from ? from < s.to && to > s.from : from > s.from && from <= s.to) return s.number
  }
  return null
}

export interface FlaggedSentence {
  sentence: TakeSentence
  issues: ReadbackIssue[]
  /** Whether the take reads it at all (a punch needs the pause before it in the take). */
  punchable: boolean
}

/** The sentences with findings, in script order, each with its findings (important ones first). */
export function flaggedSentences(
  issues: readonly ReadbackIssue[],
  sentences: readonly TakeSentence[],
): FlaggedSentence[] {
  const by = new Map<number, ReadbackIssue[]>()
  for (const issue of issues) {
    const n = sentenceOfIssue(issue, sentences)
    if (n !== null) by.set(n, [...(by.get(n) ?? []), issue])
  }
  return sentences
    .filter((s) => by.has(s.number))
    .map((s) => ({
      sentence: s,
      issues: [...(by.get(s.number) ?? [])].sort(
        (a, b) => Number(b.severity === 'high') - Number(a.severity === 'high'),
      ),
      // A line the producer added goes into the pause where the new script puts it.
      punchable: s.start_s !== null || s.to_record === 'added',
    }))
}

/**
 * The sentence a moment of the take belongs to: the one read there, else a line the producer added in the
 * pause it falls in (after the last sentence read before it), else the next one read after it.
 */
export function sentenceAtTime(atS: number, sentences: readonly TakeSentence[]): number | null {
  const read = sentences.filter(
    (s): s is TakeSentence & { start_s: number; end_s: number } => s.start_s !== null && s.end_s !== null,
  )
  const inside = read.find((s) => atS >= s.start_s && atS <= s.end_s)
  if (inside) return inside.number
  const next = read.filter((s) => s.start_s > atS).sort((a, b) => a.start_s - b.start_s)[0]
  const prev = read.filter((s) => s.end_s < atS).sort((a, b) => b.end_s - a.end_s)[0]
  const added = sentences.find(
    (s) => s.to_record === 'added' && s.number > (prev?.number ?? 0) && (!next || s.number < next.number),
  )
  if (added) return added.number
  return next ? next.number : null
}
