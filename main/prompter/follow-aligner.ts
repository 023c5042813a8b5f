/**
 * The prompter's aligner: where in the script the voice is, word by word as the recogniser hears it.
 * It only moves forward, and prefers the nearest place a heard word fits:
 * - within the line being read and the next one, a heard word moves the position when it is close
 *   (a lone small word like "the" only to the very next word, and never into the next line; any other
 *   word up to four words on);
 *   further on only when it ends a run of matched words worth two words ("garden soil", "in the store");
 * - a jump further than the next line (a skipped sentence) needs three matched words in a row, and is
 *   not taken when those three words also fit where the voice already was (a phrase read again, or a
 *   phrase the script repeats later);
 * - a heard word that fits nowhere (an ad-lib, a slip of the recogniser) leaves the position where it is.
 * Numbers compare by value, so "twenty percent" is "20%" (the read-back's number words).
 */
import { HALF_EVIDENCE_WORDS, nearWord, sameWord, type Word, type ScriptModel, type ScriptWord } from '../readback'

/** Matched words in a row that a jump further than the next line needs. */
export const FAR_RUN = 3
/** Words of evidence: a small word counts half. */
const SMALL_WEIGHT = 0.5
/** How far (in script words) a match of this much evidence may move the position within the near zone. */
const REACH: Array<[minWeight: number, maxWords: number]> = [
  [2, Infinity],
  [1, 4],
  [SMALL_WEIGHT, 1],
]
/** A far jump needs this much evidence in its three words (not three small words). */
const FAR_WEIGHT = 2

function weight(w: Word): number {
  return w.values === null && HALF_EVIDENCE_WORDS.has(w.key) ? SMALL_WEIGHT : 1
}

function fits(script: Word, heard: Word): boolean {
  return sameWord(script, heard) || nearWord(script, heard)
}

export interface FollowState {
  /** Index of the script word last heard; -1 before the first. */
  position: number
  /** The last heard words (most recent last), enough for a run of FAR_RUN. */
  recent: Word[]
  /** How many of the heard words before the newest came after the position last moved (none placed yet). */
  unplaced: number
  /** The evidence of the heard words since the position last moved (a small word counts half): voice elsewhere. */
  elsewhere: number
}

export class FollowAligner {
  private state: FollowState = { position: -1, recent: [], unplaced: 0, elsewhere: 0 }

  constructor(private readonly script: Pick<ScriptModel, 'words'>) {}

  get position(): number {
    return this.state.position
  }

  get word(): ScriptWord | null {
    return this.script.words[this.state.position] ?? null
  }

  /** Evidence (a small word counts half) of the words heard since the position last moved: they read no script. */
  get elsewhere(): number {
    return this.state.elsewhere
  }

  snapshot(): FollowState {
    return { ...this.state, recent: [...this.state.recent] }
  }

  restore(state: FollowState): void {
    this.state = { ...state, recent: [...state.recent] }
  }

  /** Takes heard words in order; returns the position after them. */
  hearAll(words: readonly Word[]): number {
    for (const w of words) this.hear(w)
    return this.state.position
  }

  hear(heard: Word): number {
    const recent = [...this.state.recent, heard].slice(-FAR_RUN)
    this.state.recent = recent
    const words = this.script.words
    const pos = this.state.position
    const nearEnd = this.nearZoneEnd(pos)
    let best = -1
    let bestWeight = 0
    let readNearer: boolean | null = null
    for (let j = pos + 1; j < words.length; j++) {
      if (!fits(words[j] as Word, heard)) continue
      const { run, evidence, inLine } = this.runEndingAt(j, recent, pos, this.state.unplaced)
      let ok: boolean
      // A small word alone is too weak to start the next line (a recogniser's "our" in "dollars").
      if (j <= nearEnd)
        ok =
          nearOk(j - pos, evidence) &&
          (inLine >= 1 || pos < 0 || (words[j] as ScriptWord).sentence === (words[pos] as ScriptWord).sentence)
      else {
        ok = run >= FAR_RUN && evidence >= FAR_WEIGHT && j - FAR_RUN + 1 > pos
        // The same words where the voice already was, or in the near zone: the nearer reading wins.
        if (ok) ok = !(readNearer ??= this.fitsUpTo(nearEnd, recent))
      }
      // The strongest evidence wins; among equals, the nearest place.
      if (ok && evidence > bestWeight) {
        best = j
        bestWeight = evidence
      }
    }
    if (best >= 0) this.state.position = best
    this.state.unplaced = best >= 0 ? 0 : this.state.unplaced + 1
    this.state.elsewhere = best >= 0 ? 0 : this.state.elsewhere + weight(heard)
    return this.state.position
  }

  /** Last script index of the near zone: the rest of the current line and all of the next one. */
  private nearZoneEnd(pos: number): number {
    const words = this.script.words
    const line = pos >= 0 ? (words[pos] as ScriptWord).sentence : (words[0]?.sentence ?? 0)
    let end = Math.max(pos, 0)
    while (end + 1 < words.length && (words[end + 1] as ScriptWord).sentence <= line + 1) end++
    return end
  }

  /**
   * Matched words in a row ending with script word j and the newest heard word (at most FAR_RUN), their
   * evidence, and the part of it in j's own line. Given the position and how many heard words before the
   * newest are unplaced, a heard word that moved the position (or came before one that did) is not taken
   * again for a script word after the position: in "save only Sunday. The Sunday the.", the "Sunday"
   * that moved the voice to "save only Sunday" is not also the next line's "Sunday" when "the" follows.
   */
  private runEndingAt(
    j: number,
    recent: readonly Word[],
    pos = Number.POSITIVE_INFINITY,
    unplaced = 0,
  ): { run: number; evidence: number; inLine: number } {
    let run = 0
    let evidence = 0
    let inLine = 0
    const line = (this.script.words[j] as ScriptWord).sentence
    while (run < recent.length && j - run >= 0) {
      if (run > unplaced && j - run > pos) break
      const s = this.script.words[j - run] as ScriptWord
      if (!fits(s, recent[recent.length - 1 - run] as Word)) break
      evidence += weight(s)
      if (s.sentence === line) inLine += weight(s)
      run++
    }
    return { run, evidence, inLine }
  }

  /** Whether the last FAR_RUN heard words fit in a row anywhere up to script word `end`. */
  private fitsUpTo(end: number, recent: readonly Word[]): boolean {
    if (recent.length < FAR_RUN) return false
    for (let k = FAR_RUN - 1; k <= end; k++) if (this.runEndingAt(k, recent).run >= FAR_RUN) return true
    return false
  }
}

function nearOk(distance: number, evidence: number): boolean {
  return REACH.some(([minWeight, maxWords]) => evidence >= minWeight && distance <= maxWords)
}
