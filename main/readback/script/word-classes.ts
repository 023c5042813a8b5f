/**
 * The small words of English, by what each use makes of them. One list would not do: each use asks a
 * different question of a word, so each class is the core below plus the words that question lets in.
 * - The prompter (HALF_EVIDENCE_WORDS): is a word heard here weak evidence of where the voice is? Any word
 *   the script says many times a line is ("not", "will", "we" too), so it counts half.
 * - A doubt over script words (SLIGHT_DOUBT_WORDS): is another reading of these words worth a check?
 *   Only where they carry nothing at all: the core and the fillers a talent says between words.
 * - A slip in the check (SOFT_SLIP_WORDS): does the meaning stay when these words are dropped, added or
 *   changed? The core, a few links and fillers; never a negation ("not", "no": negation-words.ts).
 * - Sound-alikes (NO_SOUND_ALIKE_WORDS): is a word too small or too common to be given rivals of its own in
 *   the second hearing's model? Pronouns and links too: their sound-alikes would crowd the model and a
 *   slip of one is soft anyway.
 * A change to any class is a change of behaviour (test/unit/readback/script/word-classes.test.ts pins each).
 */

/** In every class: articles, the commonest prepositions and links. */
const CORE = ['a', 'an', 'the', 'and', 'to', 'of', 'in', 'on', 'at', 'for', 'is', 'it', 'so', 'that', 'this']
/** Said between words, saying nothing. */
const FILLERS = ['oh', 'well', 'um', 'uh']

/** The prompter's small words: a match of one is half a word of evidence (follow-aligner.ts). */
export const HALF_EVIDENCE_WORDS: ReadonlySet<string> = new Set([
  ...CORE,
  ...['or', 'but', 'by', 'with', 'from', 'as', 'be', 'are', 'was', 'i', 'you', 'your', 'we', 'our', 'us'],
  ...['do', 'not', 'no', 'up', 'all', 'just', 'will'],
])

/** Script words whose doubt alone is not worth a check (compare/doubts.ts). */
export const SLIGHT_DOUBT_WORDS: ReadonlySet<string> = new Set([...CORE, ...FILLERS])

/** Words whose slip alone is soft: the meaning stays (compare/check-builder.ts). */
export const SOFT_SLIP_WORDS: ReadonlySet<string> = new Set([
  ...CORE,
  ...['are', 'just', 'now', 'oh', 'well', 'you', 'your'],
])

/** Words given no sound-alikes of their own in the second hearing's model (rivals/rules/sound-alikes.ts). */
export const NO_SOUND_ALIKE_WORDS: ReadonlySet<string> = new Set([
  ...CORE,
  ...['or', 'but', 'by', 'with', 'from', 'as', 'are', 'was', 'were', 'be', 'been', 'its', 'these', 'those'],
  ...['you', 'your', 'we', 'our', 'us', 'i', 'me', 'my', 'he', 'she', 'his', 'her', 'they', 'them', 'their'],
  ...['if', 'then', 'than', 'too', 'very', 'just', 'now', 'up', 'out', 'off', 'over', 'all', 'any'],
])
