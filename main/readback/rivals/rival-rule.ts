/**
 * One rival rule: one way a script word is likely to be misread, given a fair chance in the second
 * hearing's model and recognised in its doubts. Each rule is one file of rules/ implementing this
 * interface; the registry (rival-rules.ts) lists them, and the language model (script-lm.ts
 * scriptLanguageModel), the doubt filter (doubt-filter.ts namesRival), the findings (compare/doubts.ts
 * unsureIssues) and the pocketsphinx engine's turns hearing all read that one list. A rule implements only
 * the parts it needs.
 */
import type { Slicer } from '../../process/slices'
import type { Dictionary } from '../script/pronunciations'
import type { LmTuning } from '../tuning'

/** What a rule may consult when it offers a script word's rivals. */
export interface RivalContext {
  /** Script words written with a capital and the job's names: names, places, brands. */
  names: ReadonlySet<string>
  dict: Dictionary
  /** Each script word's pronunciations (phone strings). */
  pronunciations: ReadonlyMap<string, readonly string[]>
  /** Words allowed as sound-alikes (the general model's vocabulary); null: any dictionary word. */
  allowed: ReadonlySet<string> | null
  /** How likely each general word is (log10). */
  likelihood: ReadonlyMap<string, number>
  tuning: LmTuning
  slices: Slicer
}

/** A word put in a script word's place, with its weight in the model (the script word has 1). */
export interface WeightedRival {
  word: string
  weight: number
}

export interface RivalRule {
  /** What the rule gives a fair chance to, in a few words. */
  name: string
  /** Language model: the words put in one script word's place. */
  rivalsOf?(word: string, context: RivalContext): WeightedRival[] | Promise<WeightedRival[]>
  /** With rivalsOf: offer only words no earlier rule offered for that word. */
  freshOnly?: boolean
  /** Language model: whole sentences put beside a script sentence, with their weight (a negation dropped, a number's part left out). */
  variantsOf?(sentence: readonly string[], tuning: LmTuning): Array<{ words: string[]; weight: number }>
  /** Doubt filter: heard words that name this rule's misread though the model holds no such rival (a number of another value). */
  namedBy?(words: readonly string[], heard: readonly string[]): boolean
  /** Findings: a script word whose leaving out is a change even when the rest was heard as written (a negation). */
  leftOutMatters?(key: string): boolean
  /**
   * A hearing of its own, for a misread too short for the second hearing to decide (a negation is one word):
   * what a script word may have been read as instead ("" = left out). Each sentence holding such a word is
   * heard once more under a grammar of that sentence with these turns at equal weight, so the acoustics
   * alone decide (the turns hearing, engines/pocketsphinx/turns-hearing.ts). [] for a word the rule leaves be.
   */
  turnsOf?(word: string): string[]
}
