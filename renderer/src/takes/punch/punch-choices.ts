/**
 * What "Punch in at" offers on a take: each sentence there is a place to punch into — the ones the take
 * reads, and, after a producer's revision, a line added since (it goes in the pause where the new script
 * puts it). A sentence changed or added since the take was read says so. Pure.
 */
import type { TakeSentence } from './punch-targets'

export const SINCE_WORDS = { changed: 'changed since the take', added: 'added since the take' } as const

export interface PunchChoice {
  number: number
  /** "3. Queen mattresses start at… — changed since the take" */
  label: string
  since: keyof typeof SINCE_WORDS | null
}

const short = (text: string, n = 48): string => (text.length > n ? `${text.slice(0, n - 1)}…` : text)

/** Whether a punch can go into the sentence: the take reads it (a changed one: its old wording), or it was added since. */
export function punchable(s: Pick<TakeSentence, 'start_s' | 'to_record'>): boolean {
  return s.start_s !== null || s.to_record === 'added'
}

/** The sentences to punch into, in script order. */
export function punchChoices(sentences: readonly TakeSentence[]): PunchChoice[] {
  return sentences.filter(punchable).map((s) => {
    const since = s.to_record ?? null
    return { number: s.number, since, label: `${s.number}. ${short(s.text)}${since ? ` — ${SINCE_WORDS[since]}` : ''}` }
  })
}
