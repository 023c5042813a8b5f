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
