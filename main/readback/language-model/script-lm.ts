/**
 * The language model the recogniser hears a take with: the script's sentences as written (so a clean read
 * is recognised as the script), and beside them, at a lower weight, every way a word that matters can be
 * misread in that very place — the other days, months and numbers, the real words that sound closest, a
 * place name with another ending or a street of another kind (place-parts.ts), a negation dropped or
 * turned around — plus the commonest words of English. The script is still favoured,
 * but never so much that a misread has no chance to be heard as itself.
 */
import { classRivals, NUMBER_WORDS, soundNeighbours } from '../rivals/word-rivals'
import type { GeneralWord } from '../rivals/general-lm-words'
import { negationVariants } from '../rivals/negation-variants'
import { placePartRivals } from '../rivals/place-parts'
import { throwIfStopped } from '../engines/engine'
import { mainSlices, type Slicer } from '../../process/slices'
import type { Dictionary } from '../engines/pocketsphinx/pronunciations'
import type { WeightedSentence, WeightedWord } from './weighted-arpa-lm'
import { LM_TUNING, type LmTuning } from '../tuning'

/** Words too small or too common to be worth sound-alikes of their own: a slip of one is soft anyway. */
const FUNCTION_WORDS = new Set(('a an the and or but to of in on at for by with from as is are was were be been it its this that these ' +
  'those you your we our us i me my he she his her they them their so if then than too very just now up out off over all any').split(' '))

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
  /** Stops the search for sound-alikes between words (engine.ts throwIfStopped). */
  signal?: AbortSignal
}

/** The general words as a set and as a likelihood table, once per list (the list is read once per model file and kept). */
const generalTables = new WeakMap<readonly GeneralWord[], Promise<{ set: Set<string>; likelihood: Map<string, number> }>>()
export function generalWordTables(general: readonly GeneralWord[], slices: Slicer = mainSlices): Promise<{ set: Set<string>; likelihood: Map<string, number> }> {
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
  const slices = mainSlices
  const generalTop: GeneralWord[] = []
  for (const g of input.general) {
    if (generalTop.length >= t.generalWords) break
    if (slices.due()) await slices.turn()
    if (/^[a-z]+(?:'[a-z]+)?$/.test(g.word) && input.dict.has(g.word)) generalTop.push(g)
  }
  const { set, likelihood } = await generalWordTables(input.general, slices)
  const allowed = input.general.length ? set : null
  const wordRivalsOf = async (word: string): Promise<Array<{ word: string; weight: number }>> => {
    const name = input.names.has(word)
    const byClass = [...classRivals(word).map((w) => ({ word: w, weight: t.classWeight })),
      ...(name ? placePartRivals(word, (w) => input.dict.has(w)).map((w) => ({ word: w, weight: t.nameWeight })) : [])]
    const sound = FUNCTION_WORDS.has(word) || NUMBER_WORDS.has(word) || word.length < 3 ? [] : await soundNeighbours(word, input.pronunciations.get(word) ?? [], input.dict,
      { allowed, likelihood, limit: t.neighbours, wide: name || word.length >= 7 }, slices)
    const seen = new Set([word, ...byClass.map((c) => c.word)])
    return [...byClass, ...sound.filter((w) => !seen.has(w)).map((w) => ({ word: w, weight: name ? t.nameWeight : t.soundAlikeWeight }))]
  }
  const distinct = [...new Set(input.sentences.flat())]
  const wordRivals = new Map<string, Array<{ word: string; weight: number }>>()
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
    for (const variant of negationVariants(s)) sentences.push({ words: variant, weight: t.negationWeight, variantOf: s })
    // A number read with a part left out ("4.25%" as "four point five percent").
    s.forEach((word, i) => {
      if (NUMBER_WORDS.has(word) && (NUMBER_WORDS.has(s[i - 1] ?? '') || NUMBER_WORDS.has(s[i + 1] ?? ''))) {
        sentences.push({ words: [...s.slice(0, i), ...s.slice(i + 1)], weight: t.classWeight, variantOf: s })
      }
    })
  }
  const mass = generalTop.reduce((sum, g) => sum + 10 ** g.log10, 0)
  const general: WeightedWord[] = generalTop.map((g) => ({ word: g.word, weight: (t.generalMass * 10 ** g.log10) / mass }))
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
