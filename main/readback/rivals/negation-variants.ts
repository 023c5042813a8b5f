/**
 * A negation turned around is the misread that changes a spot's meaning most ("financing is not
 * available" read as "financing is available"), and a recogniser that expects the script's words hears
 * the script's "not". So every sentence also exists, at a lower weight, with each negation dropped or
 * turned around and with "not" added after each helping verb: the recogniser then has the misread to
 * choose when that is what was said.
 */

/** A helping verb and its negative. */
const AUX_NOT: Readonly<Record<string, string>> = {
  is: "isn't",
  are: "aren't",
  was: "wasn't",
  were: "weren't",
  do: "don't",
  does: "doesn't",
  did: "didn't",
  can: "can't",
  will: "won't",
  would: "wouldn't",
  should: "shouldn't",
  could: "couldn't",
  has: "hasn't",
  have: "haven't",
  had: "hadn't",
}
const NOT_AUX: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(AUX_NOT).map(([a, n]) => [n, a]))

/** Words that negate, and what each may be misread as ("" = left out). */
const TURNED: Readonly<Record<string, readonly string[]>> = {
  not: [''],
  never: ['', 'ever'],
  no: ['', 'a', 'the'],
  none: ['one'],
  nothing: ['something'],
  without: ['with'],
  cannot: ['can'],
}

/**
 * What a negation word of the script may have been read as instead ("" = left out): "not" → [""],
 * "cannot" → ["can"], "isn't" → ["is"]; [] for a word that does not negate.
 */
export function negationTurns(word: string): string[] {
  const aux = NOT_AUX[word]
  return [...(TURNED[word] ?? []), ...(aux ? [aux] : [])]
}

/** The sentence with each negation dropped or turned around, and with "not" after each helping verb. */
export function negationVariants(sentence: readonly string[]): string[][] {
  const out: string[][] = []
  sentence.forEach((word, i) => {
    const replace = (by: string[]) => out.push([...sentence.slice(0, i), ...by, ...sentence.slice(i + 1)])
    for (const other of TURNED[word] ?? []) replace(other ? [other] : [])
    const aux = NOT_AUX[word]
    if (aux) replace([aux])
    const neg = AUX_NOT[word]
    if (neg && sentence[i + 1] !== 'not') {
      replace([neg])
      replace([word, 'not'])
    }
  })
  return out
}
