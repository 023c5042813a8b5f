/**
 * The prompter's pacing between recognitions: the recogniser places a word some time after it was said
 * (an utterance must end and be decoded), so in between the highlight moves on by itself while the voice
 * is active, at the talent's own rate in this take, and holds while the voice pauses.
 * - The anchor is the last word the recogniser placed and the moment it ended in the take.
 * - The rate is syllables per second of voiced time: learned from each short step between two placed
 *   words (a jump is a skipped line, not a rate). Before the first, a prior (a commercial read's pace);
 *   the prior's weight fades as the take's own evidence grows, and is gone after PRIOR_FADE_S of it.
 * - The prediction is the last word whose syllables after the anchor fit in the voiced time since it,
 *   at that rate, and settleS more (the recogniser's word ends are a little early, and a rate a little
 *   fast): it stops at a word boundary, so it is never more than the word being said ahead of a voice
 *   read at the learned rate. It coasts only so far past the anchor (an ad-lib or a stumble is voice
 *   that reads no script) and then holds until the recogniser speaks again: as far as the voice has
 *   lately run on before the recogniser reported (the longest of its last few waits, 1 to 1.8 s of voice;
 *   maxCoastS before the first), so a busy machine's slower recogniser does not leave it holding.
 * - It runs at most maxLeadWords past the anchor (two): the anchor is a word the voice has said, so the
 *   prediction is never more than one word past the word being said, whatever the voice does meanwhile (an
 *   ad-lib the recogniser has not reported yet is voice too). A coast the voice outruns waits a little.
 * - Voice the recogniser heard as words that read no script after the anchor (an ad-lib, a restart, a
 *   slate) holds it: from then on it shows at most the word after the anchor (the word the talent comes
 *   back to), whatever the voice does, until the recogniser places a script word again (relocked).
 * Pure: voiced time is handed in (voice-activity.ts measures it).
 */

export interface PaceOptions {
  /** Syllables per second of voiced time before the take gives its own (a commercial read). */
  priorRate: number
  /** Seconds of voiced time the prior is worth against the take's first evidence. */
  priorS: number
  /** Voiced time past the anchor after which the prediction holds (before the recogniser's pace is known). */
  maxCoastS: number
  /** Whether the coast follows how long the recogniser has been taking to report (the longest of the last few waits, within bounds). */
  adaptCoast: boolean
  /** Voiced time a word is given past its predicted end before it counts as said (rate errors, the recogniser's early word ends). */
  settleS: number
  /** Script words the prediction may run past the last one the recogniser placed, until it places another. */
  maxLeadWords: number
}

export const PACE_DEFAULTS: PaceOptions = {
  priorRate: 4.5,
  priorS: 1.5,
  maxCoastS: 1.4,
  settleS: 0.1,
  adaptCoast: true,
  maxLeadWords: 2,
}

/** A step between two placed words longer than this is a skip, not evidence of the rate. */
const MAX_STEP_WORDS = 4
/** Rates outside this (syllables per voiced second) are a recogniser's timing slip, not the talent. */
const MIN_RATE = 1.5
const MAX_RATE = 12
/** Steps with less voiced time than this carry no rate (one frame either way would swing it). */
const MIN_STEP_VOICED_S = 0.08
/** The adapted coast: the longest of this many last waits for the recogniser, kept within these bounds. */
const WAITS_KEPT = 4
const MIN_COAST_S = 1
const MAX_COAST_S = 1.8
/** Voiced seconds of the take's own evidence after which the prior no longer counts. */
export const PRIOR_FADE_S = 3

export interface Anchor {
  /** Script word last placed by the recogniser; -1 before the first. */
  index: number
  /** Take time (s) where the voice was last placed: that word's end, or later heard words that fit nowhere. */
  atS: number
}

export class PaceModel {
  private readonly opts: PaceOptions
  private anchorNow: Anchor = { index: -1, atS: 0 }
  private syllables = 0
  private seconds = 0
  private waits: number[] = []
  private held = false

  /** `weights`: syllables of each script word, in order. */
  constructor(
    private readonly weights: readonly number[],
    options: Partial<PaceOptions> = {},
  ) {
    this.opts = { ...PACE_DEFAULTS, ...options }
  }

  get anchor(): Anchor {
    return { ...this.anchorNow }
  }

  /** Syllables per voiced second: the prior, then more and more the take's own. */
  get rate(): number {
    const prior = this.opts.priorS * Math.max(0, 1 - this.seconds / PRIOR_FADE_S)
    return (this.opts.priorRate * prior + this.syllables) / (prior + this.seconds)
  }

  /**
   * The recogniser placed the voice on script word `index`, which ended at `atS`; `voicedS` is the voiced
   * time from the anchor to `atS`. Anything not after the anchor (a partial result heard again) is news
   * already taken; while holding, a script word placed further on relocks it even if it ended before the
   * voice heard elsewhere.
   */
  recognised(index: number, atS: number, voicedS: number): void {
    const a = this.anchorNow
    if (index <= a.index) return
    if (atS < a.atS) {
      if (this.held) this.anchorNow = { index, atS: a.atS }
      this.held = false
      return
    }
    if (index - a.index <= MAX_STEP_WORDS && voicedS >= MIN_STEP_VOICED_S) {
      const syl = this.span(a.index, index)
      const r = syl / voicedS
      if (r >= MIN_RATE && r <= MAX_RATE) {
        this.syllables += syl
        this.seconds += voicedS
      }
    }
    this.anchorNow = { index, atS }
    this.held = false
  }

  /** Whether the voice since the anchor was heard reading no script: the prediction holds at the anchor's next word. */
  get holding(): boolean {
    return this.held
  }

  /**
   * A recognition came: `voicedSinceAnchorS` is the voiced time from the anchor it found to now, how long
   * the voice ran on unplaced this time; the coast is the longest of the last few such waits.
   */
  reported(voicedSinceAnchorS: number): void {
    this.waits = [...this.waits, voicedSinceAnchorS].slice(-WAITS_KEPT)
  }

  /** Voiced time the prediction may run past the anchor. */
  get coastS(): number {
    if (!this.opts.adaptCoast || this.waits.length === 0) return this.opts.maxCoastS
    return Math.min(MAX_COAST_S, Math.max(MIN_COAST_S, ...this.waits))
  }

  /**
   * Voice up to `atS` was recognised as words that read no script word after the anchor; with `hold` (an
   * ad-lib, not a recogniser's slip) the pacing holds until the recogniser places a script word again.
   */
  heardElsewhere(atS: number, hold = true): void {
    if (atS > this.anchorNow.atS) this.anchorNow = { ...this.anchorNow, atS }
    if (hold) this.held = true
  }

  /** Where the voice is, given the voiced time since the anchor. */
  predict(voicedSinceS: number): number {
    if (this.held) return Math.min(this.anchorNow.index + 1, this.weights.length - 1)
    const budget = Math.min(Math.max(voicedSinceS - this.opts.settleS, 0), this.coastS) * this.rate
    let at = this.anchorNow.index
    let used = 0
    const last = Math.min(this.weights.length - 1, this.anchorNow.index + this.opts.maxLeadWords)
    // (A hair of tolerance: a word that ends exactly now has ended.)
    while (at + 1 <= last && used + (this.weights[at + 1] as number) <= budget + 1e-9) {
      used += this.weights[at + 1] as number
      at++
    }
    return at
  }

  /** Syllables of the words after `from` up to and including `to`. */
  private span(from: number, to: number): number {
    let n = 0
    for (let k = from + 1; k <= to; k++) n += this.weights[k] ?? 0
    return n
  }
}
