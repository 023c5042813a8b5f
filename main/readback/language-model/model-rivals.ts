/**
 * The words the second hearing's model lets stand in each script word's place (script-lm.ts builds them:
 * the other days, months and numbers, the dictionary's sound-alikes, a negation dropped or turned around,
 * a number word left out). A doubt is worth a check only where what the second hearing heard is one of
 * them (doubt-filter.ts): that is the misread the model was built to let through, while a word it heard
 * from the general vocabulary over a clean read ("Doctor" as "october") is the recogniser's own noise.
 */
import type { WeightedSentence } from './weighted-arpa-lm'

/** Script word → the words the model puts in its place ("" for a word it may leave out). */
export type Rivals = ReadonlyMap<string, ReadonlySet<string>>

/**
 * The rivals named by the model's variant sentences: where a variant differs from its script sentence in
 * one word, that word's rival; where it leaves one out, "" (a dropped "not", a dropped "two" of "4.25%");
 * where it adds one ("is" → "is not"), a rival of the word before it.
 */
export function rivalsOf(sentences: readonly WeightedSentence[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>()
  const add = (word: string, rival: string) => {
    const set = out.get(word) ?? new Set<string>()
    set.add(rival)
    out.set(word, set)
  }
  for (const { words, variantOf } of sentences) {
    if (!variantOf) continue
    let head = 0
    while (head < words.length && head < variantOf.length && words[head] === variantOf[head]) head++
    let tail = 0
    while (
      tail < words.length - head &&
      tail < variantOf.length - head &&
      words[words.length - 1 - tail] === variantOf[variantOf.length - 1 - tail]
    )
      tail++
    const was = variantOf.slice(head, variantOf.length - tail)
    const now = words.slice(head, words.length - tail)
    if (was.length === 1 && now.length <= 1) add(was[0] as string, now[0] ?? '')
    else if (was.length === 0 && now.length === 1 && head > 0) add(variantOf[head - 1] as string, now[0] as string)
  }
  return out
}

/** Whether `heard` is one of the rivals the model gave `word`. */
export function isRival(rivals: Rivals, word: string, heard: string): boolean {
  return rivals.get(word)?.has(heard) ?? false
}
