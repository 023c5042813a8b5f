/**
 * The read-back's tuning table: every number that decides what it hears and how sure it is, in one place,
 * in the order of the stages (README.md). Each was chosen on the dev sets (TUNING, HELD_OUT, UNSEEN) and is
 * measured on SEALED, which is never tuned on (`npm run bench -- readback`, docs/measurements.md); a change
 * here is a change of behaviour, and the
 * model-files hash (test/unit/readback/engines/model-files.test.ts) says when it changes what pocketsphinx is handed.
 */

// The script analysed (script/).

/** Fewest digits a run read in groups must give to be taken as a phone number (a local number has seven). */
export const PHONE_DIGITS = 7
/** How far back a month's name is looked for before a day (characters: the longest name, a point, a comma, spaces). */
export const MONTH_LOOK_BACK = 20
/** log10 unigram probability below which a word is no common English word (about the 20 000th word): a name. */
export const RARE = -5.5
/**
 * Below this a word that starts a run of capitalised words is taken for the start of a name ("Harbor Trust"), above it
 * not ("Visit Brightwater", "At Parkside").
 */
export const UNCOMMON = -4.5

// Rivals (rivals/).

/** A head of at least this many letters before a place part makes a compound ("Oak|dale", not "B|ay"). */
export const PLACE_MIN_HEAD = 3
/** A word shorter than this many letters gets no sound-alikes: too many words sound close to it. */
export const SOUND_ALIKE_MIN_LETTERS = 3
/** A word of this many letters or more (or a name) gets the wider sound-alike search: a long word has few near sounds. */
export const SOUND_ALIKE_WIDE_LETTERS = 7

// The language models (language-model/).

/** First hearing's trigram model: the share of each seen n-gram's count given to the lower order (absolute discounting). */
export const ARPA_DISCOUNT = 0.1
/** First hearing's trigram model: weight of each general word against one occurrence of a script word. */
export const ARPA_GENERAL_WEIGHT = 0.05
/** Second hearing's weighted model: how much of each history is left for words not seen after it (β). */
export const WEIGHTED_UNSEEN = 0.11

export interface LmTuning {
  /** Weight of each sound-alike put in place of an ordinary script word (the script word has 1). */
  soundAlikeWeight: number
  /** …in place of a name, place or brand (capitalised words): misreading one of those matters more; also each place part swapped. */
  nameWeight: number
  /** Weight of each other day, month or number put in place of one. */
  classWeight: number
  /** Weight of each sentence with a negation dropped or turned around. */
  negationWeight: number
  /** How many sound-alike words per script word, at most. */
  neighbours: number
  /** How many of the commonest English words join the vocabulary. */
  generalWords: number
  /** Their weight together, against one occurrence of a script word. */
  generalMass: number
}

/** The second hearing's fair-chance model (script-lm.ts): how much each rival and the general words weigh. */
export const LM_TUNING: LmTuning = {
  soundAlikeWeight: 0.015,
  nameWeight: 0.04,
  classWeight: 0.05,
  negationWeight: 0.1,
  neighbours: 12,
  generalWords: 5000,
  generalMass: 2,
}

// The hearings and their doubts (hearing/).

/** Below this lattice posterior the recogniser was not sure of a word it gave (the read-back's one measure of sure). */
export const SURE = 0.8
/** Another word needs at least this lattice posterior over the same stretch to be named as what may have been said. */
export const OTHER = 0.12
/** A rival's share of the probability over a doubted word (rival / (rival + the word given)) that makes the doubt worth a check. */
export const RIVAL_SHARE = 0.5
/** Turns hearing (negations): the most of the pause before and after a sentence taken with it (s); half the pause when it is shorter. */
export const TURNS_EDGE_S = 0.3

// Comparing with the script (compare/).

/** Alignment costs in whole units: a change costs more than a gap, less than a gap on each side. */
export const ALIGN_COST = { near: 2, sub: 4, gap: 3 } as const
/** Alignment: below this many cells the whole matrix is kept. */
export const ALIGN_FULL_LIMIT = 4_000_000
/** Alignment: the band's margin around the diagonal (words) above that. */
export const ALIGN_MARGIN = 300
/** An abandoned reading longer than this many words is not a false start but a read of its own. */
export const MAX_ABANDONED = 15
/** A restart's new reading must begin with at least this many of the abandoned one's words. */
export const MIN_SHARED = 2
/** …and with at least this share of them (rounded up): the abandoned stretch is mostly the new reading's start. */
export const RESTART_SHARED_SHARE = 0.6
/** Words added that are all small (SOFT_SLIP_WORDS): soft up to this many, a finding of their own above it. */
export const SOFT_EXTRA_WORDS = 2
/** Script words missing from this many on are high severity (a phrase gone), whatever they are. */
export const HIGH_MISSING_WORDS = 4
/** A stretch of this many script words or more heard as far fewer words (MUMBLE_RATIO) is missing, not changed. */
export const MUMBLE_MIN_WORDS = 5
/** …far fewer: at most one heard word for this many script words (a mumble, a breath or a tone taken for a word). */
export const MUMBLE_RATIO = 4
/** The API allows at most 50 issues. */
export const MAX_ISSUES = 50
/** Words of the script shown on each side of an issue as its context. */
export const CONTEXT_WORDS = 4

// How sure each finding is (certainty/).

/**
 * The share of the second hearing's lattice a reading needs over its stretch for Booth to be sure of it: as
 * much as a lattice must hold a word to be sure of it anywhere in the read-back (SURE). At a bare majority
 * (0.5), clean espeak-ng reads came back "Differs" where both hearings agreed on a short word the lattice
 * held at 0.56-0.69 ("midnight" heard as "we", "Greenleaf" as "really"), while the planted misreads agreed
 * on hold 0.9-1.0 there in most reads (docs/measurements.md).
 */
export const SHARE_SURE = SURE
/** Certainty: leeway at a stretch's ends (s): two hearings place word boundaries a frame or two apart. */
export const CERTAINTY_EDGE_S = 0.05
/**
 * Script words in a changed stretch from which it counts as a long one (a sentence skipped or mumbled): sure when the
 * second hearing read none of it as written (certainty.ts); a skip this long is sure though the second hearing heard a
 * few words in its place.
 */
export const LONG_STRETCH_WORDS = 4
/**
 * A reading whose phones differ from the script words' by at most this share of the longer one's phones
 * (weighted edit distance, a near pair such as F/TH costing half) only sounds like them: both hearings on
 * it is no proof, so it is "Listen here", not "Differs" (certainty/sound-alike.ts). A third: "Offer" heard
 * as "author" (0.17) and "Lane" as "Line" (0.33) are sound-alikes, "Thursday" as "Tuesday" (0.4) is not.
 */
export const SOUND_ALIKE_SHARE = 0.34
/** Cross doubts: leeway at a word's ends (s): two hearings place word boundaries a frame or two apart. */
export const CROSS_EDGE_S = 0.05
/** Rival contest (certainty/rival-contest.ts): the longest sure change (script words) heard again under a grammar of its two readings. */
export const CONTEST_MAX_WORDS = 6
/** Rival contest: the pause taken on each side of the stretch heard again (s), beyond the anchor words. */
export const CONTEST_EDGE_S = 0.1
/**
 * Rival contest: how much better (acoustic score per frame of the stretch) the reading heard must fit the sound than the
 * script's for a change to stay "Differs"; less, and it is "Listen here".
 */
export const CONTEST_MARGIN = 5
/**
 * A script word the first hearing gave no more than this per phone (s; three frames, the least a phone can be held)
 * plus SQUEEZED_SLACK_S was squeezed into a gap: most likely left out, "Listen here" (compare/squeezed-words.ts).
 */
export const SQUEEZED_S_PER_PHONE = 0.03
/** Squeezed words: leeway over the least length (s), a frame for where the recogniser puts a word's end. */
export const SQUEEZED_SLACK_S = 0.01

// sherpa-onnx (engines/sherpa/).

/** Longest hotword list handed to the recogniser (the script's phrases, in order). */
export const HOTWORD_MAX_PHRASES = 400
/** How strongly the script's hotwords bias the recogniser. */
export const HOTWORD_SCORE = 1.5
/** Longest a word's last piece is taken to last when nothing follows it (s). */
export const TOKEN_MAX_TAIL_S = 0.6
