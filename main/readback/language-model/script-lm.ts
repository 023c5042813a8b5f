/**
 * The language model the recogniser hears a take with: the script's sentences as written (so a clean read
 * is recognised as the script), and beside them, at a lower weight, every way a word that matters can be
 * misread in that very place — the other days, months and numbers, the real words that sound closest, a
 * place name with another ending or a street of another kind (place-parts.ts), a negation dropped or
 * turned around — plus the commonest words of English. The script is still favoured,
 * but never so much that a misread has no chance to be heard as itself.
 */
import { RIVAL_RULES } from '../rivals/rival-rules'
import type { RivalContext, RivalRule, WeightedRival } from '../rivals/rival-rule'
import type { GeneralWord } from '../rivals/general-lm-words'
import { throwIfStopped } from '../engine'
import { mainSlices, type Slicer } from '../../process/slices'
import type { Dictionary } from '../script/pronunciations'
import type { WeightedSentence, WeightedWord } from './weighted-arpa-lm'
import { LM_TUNING, type LmTuning } from '../tuning'

export interface ScriptLm {
  sentences: WeightedSentence[]
  general: WeightedWord[]
  /** Every word the model can produce. */
  vocabulary: Set<string>
}

export interface ScriptLmInput {
  /** The script as spoken, sentence by sentence (spokenSentences). */
  sentences: string[][]
  /** Each script word's pronunciations (phone strings); words without one get no sound-alikes. */
  pronunciations: ReadonlyMap<string, readonly string[]>
  dict: Dictionary
  /** The general model's words, likeliest first ([] when it is not installed). */
  general: readonly GeneralWord[]
  /** Built-in words always in the vocabulary (days, months, numbers, common words). */
  builtIn: readonly string[]
  /** Script words written with a capital (names, places, brands) and the customer's and advertiser's names: they get the wider search for sound-alikes. */
  names: ReadonlySet<string>
  tuning?: LmTuning
  /** The rival rules to offer (default: the registry, rivals/rival-rules.ts). */
  rules?: readonly RivalRule[]
  /** Stops the search for sound-alikes between words (engine.ts throwIfStopped). */
  signal?: AbortSignal
}

/** The general words as a set and as a likelihood table, once per list (the list is read once per model file and kept). */
const generalTables = new WeakMap<
  readonly GeneralWord[],
  Promise<{ set: Set<string>; likelihood: Map<string, number> }>
>()
export function generalWordTables(
  general: readonly GeneralWord[],
  slices: Slicer = mainSlices,
): Promise<{ set: Set<string>; likelihood: Map<string, number> }> {
  let t = generalTables.get(general)
  if (!t) {
    t = (async () => {
      const set = new Set<string>()
      const likelihood = new Map<string, number>()
      for (const g of general) {
        if (slices.due()) await slices.turn()
        set.add(g.word)
        likelihood.set(g.word, g.log10)
      }
      return { set, likelihood }
    })()
    generalTables.set(general, t)
  }
  return t
}

/**
 * Runs on the main process: the search for sound-alikes (the longest part, a scan of the dictionary per
 * word) goes word by word in slices, so a long script never holds the event loop (process/slices.ts).
 */
export async function scriptLanguageModel(input: ScriptLmInput): Promise<ScriptLm> {
  const t = input.tuning ?? LM_TUNING
  const rules = input.rules ?? RIVAL_RULES
  const slices = mainSlices
  const generalTop: GeneralWord[] = []
  for (const g of input.general) {
    if (generalTop.length >= t.generalWords) break
    if (slices.due()) await slices.turn()
    if (/^[a-z]+(?:'[a-z]+)?$/.test(g.word) && input.dict.has(g.word)) generalTop.push(g)
  }
  const { set, likelihood } = await generalWordTables(input.general, slices)
  const allowed = input.general.length ? set : null
  const context: RivalContext = {
    names: input.names,
    dict: input.dict,
    pronunciations: input.pronunciations,
    allowed,
    likelihood,
    tuning: t,
    slices,
  }
  // Each rule's rivals for the word (rivals/rival-rules.ts), in the registry's order.
  const wordRivalsOf = async (word: string): Promise<WeightedRival[]> => {
    const out: WeightedRival[] = []
    const seen = new Set([word])
    for (const rule of rules) {
      if (!rule.rivalsOf) continue
      const rivals = await rule.rivalsOf(word, context)
      const offered = rule.freshOnly ? rivals.filter((r) => !seen.has(r.word)) : rivals
      out.push(...offered)
      for (const r of offered) seen.add(r.word)
    }
    return out
  }
  const distinct = [...new Set(input.sentences.flat())]
  const wordRivals = new Map<string, WeightedRival[]>()
  for (const word of distinct) {
    throwIfStopped(input.signal)
    wordRivals.set(word, await wordRivalsOf(word))
  }
  const sentences: WeightedSentence[] = []
  for (const s of input.sentences) {
    if (s.length === 0) continue
    sentences.push({ words: s, weight: 1 })
    for (const [i, word] of s.entries()) {
      for (const other of wordRivals.get(word) ?? []) {
        if (slices.due()) await slices.turn()
        sentences.push({ words: [...s.slice(0, i), other.word, ...s.slice(i + 1)], weight: other.weight, variantOf: s })
      }
    }
    // Whole-sentence variants (a negation dropped, a number's part left out).
    for (const rule of rules) {
      for (const variant of rule.variantsOf?.(s, t) ?? []) sentences.push({ ...variant, variantOf: s })
    }
  }
  const mass = generalTop.reduce((sum, g) => sum + 10 ** g.log10, 0)
  const general: WeightedWord[] = generalTop.map((g) => ({
    word: g.word,
    weight: (t.generalMass * 10 ** g.log10) / mass,
  }))
  const inGeneral = new Set(general.map((g) => g.word))
  const builtInWeight = t.generalMass / Math.max(1, input.builtIn.length) / 4
  for (const word of input.builtIn) if (!inGeneral.has(word)) general.push({ word, weight: builtInWeight })
  const vocabulary = new Set<string>()
  for (const s of sentences) {
    if (slices.due()) await slices.turn()
    for (const word of s.words) vocabulary.add(word)
  }
  for (const g of general) vocabulary.add(g.word)
  return { sentences, general, vocabulary }
}
