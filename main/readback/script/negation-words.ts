/**
 * The words that negate a line. A change that adds, drops or turns one ("financing is not available" read
 * as "financing is available") reverses a spot's meaning, so the check weighs it high (check-builder.ts).
 */

/** Helping verbs with their negation joined on. */
const NEGATED_AUX = [
  "isn't",
  "aren't",
  "wasn't",
  "weren't",
  "don't",
  "doesn't",
  "didn't",
  "can't",
  "won't",
  "wouldn't",
  "shouldn't",
  "couldn't",
  "hasn't",
  "haven't",
  "hadn't",
]

export const NEGATION_WORDS: ReadonlySet<string> = new Set([
  'not',
  'never',
  'no',
  'none',
  'nothing',
  'without',
  'cannot',
  ...NEGATED_AUX,
  'nor',
  'neither',
  'nobody',
  'nowhere',
])
