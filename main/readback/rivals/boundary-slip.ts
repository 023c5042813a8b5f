/**
 * A rival that only moves a word boundary: "one unforgettable" heard as "one forgettable", where the
 * "un" (AH N) that "unforgettable" begins with is the very sound "one" (W AH N) ends with, so the second
 * hearing let one word carry it for both. The rival is then the script word less sounds its neighbour
 * already ends (or begins) with: nothing was said differently, and it is no doubt (doubt-filter.ts).
 */

/** A word's pronunciations as phone lists (stress marks dropped), or none when it is not known. */
export type Say = (word: string) => readonly string[]

function phones(say: Say, word: string): string[][] {
  return say(word).map((p) =>
    p
      .split(' ')
      .filter(Boolean)
      .map((ph) => ph.replace(/\d$/, '')),
  )
}

function same(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, k) => x === b[k])
}

/**
 * Whether `rival` sounds like `word` with its first sounds cut off where the word `before` ends with them,
 * or with its last sounds cut off where the word `after` begins with them.
 */
export function isBoundarySlip(
  say: Say,
  word: string,
  rival: string,
  before: string | null,
  after: string | null,
): boolean {
  for (const w of phones(say, word)) {
    for (const r of phones(say, rival)) {
      const cut = w.length - r.length
      if (cut <= 0) continue
      const head = w.slice(0, cut)
      const tail = w.slice(w.length - cut)
      if (before && same(w.slice(cut), r) && phones(say, before).some((b) => same(b.slice(b.length - cut), head)))
        return true
      if (after && same(w.slice(0, r.length), r) && phones(say, after).some((a) => same(a.slice(0, cut), tail)))
        return true
    }
  }
  return false
}
