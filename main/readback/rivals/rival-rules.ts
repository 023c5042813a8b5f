/**
 * The registry of rival rules (rival-rule.ts), in the order the language model offers them: a word's own
 * rivals first (its class, a place part, then sound-alikes not offered yet), then whole-sentence variants.
 * To add a rule, write one file in rules/ and list it here; to remove one, take it off this list.
 */
import type { RivalRule } from './rival-rule'
import { classMembers } from './rules/class-members'
import { negation } from './rules/negation'
import { numberParts } from './rules/number-parts'
import { placeParts } from './rules/place-parts'
import { soundAlikes } from './rules/sound-alikes'

export const RIVAL_RULES: readonly RivalRule[] = [classMembers, placeParts, soundAlikes, negation, numberParts]

/**
 * What a script word may have been read as, by every rule with a hearing of its own (RivalRule.turnsOf), in
 * the registry's order and once each: what the turns hearing gives an equal chance beside the word.
 */
export function wordTurns(word: string, rules: readonly RivalRule[] = RIVAL_RULES): string[] {
  return [...new Set(rules.flatMap((rule) => rule.turnsOf?.(word) ?? []))]
}
