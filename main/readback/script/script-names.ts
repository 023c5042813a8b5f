/**
 * The script's names, places and brands, for the second hearing's sound-alikes (a name gets the wider
 * search: "Hollis" and "Hollister", "Harbor" and "Harper"). A capitalised word inside a sentence is a
 * name, as the script model says, and so is a name the job gives (customer, advertiser). A capitalised
 * word that starts a sentence is one only when something else says so: another capitalised word follows
 * it and it is not one of the commonest words ("Harbor Trust Bank", "Summit Valley", but not "At
 * Parkside"), it is a name elsewhere in the script, or it is no common English word (rarer than RARE in
 * the general model, or not in it: "Hollis", "Greenleaf"). "Visit", "Save" and "Offer" at a sentence's
 * start are ordinary words, and hearing them as "visage", "shave" or "author" raised checks on clean reads.
 */
import { scriptModel } from './script-model'
import { spokenSentences } from './spoken-sentences'
import { RARE, UNCOMMON } from '../tuning'

/** `likelihood`: the general model's words → log10 likelihood (script-lm.ts generalWordTables); empty without a model. */
export function scriptNames(
  script: string,
  known: readonly string[],
  likelihood: ReadonlyMap<string, number>,
): Set<string> {
  const words = scriptModel(script, known).words
  const named = new Set(words.filter((w) => w.name).map((w) => w.text.toLowerCase()))
  const out = new Set<string>()
  words.forEach((w, i) => {
    const capitalised = /^[A-Z][a-z]/.test(w.text)
    const next = words[i + 1]
    const log10 = likelihood.get(w.text.toLowerCase()) ?? -99
    const starts =
      capitalised &&
      !w.name &&
      (named.has(w.text.toLowerCase()) ||
        log10 < RARE ||
        (log10 < UNCOMMON && next !== undefined && next.sentence === w.sentence && /^[A-Z]/.test(next.text)))
    if (w.name || starts) for (const s of spokenSentences(w.text).flat()) out.add(s)
  })
  return out
}
