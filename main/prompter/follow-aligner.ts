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
 * - a heard word that fits nowhere (an ad-lib, a slip of the recogniser) leaves the position where it is;
 * - a jump within the near zone further than a lone word may go, made while the voice was elsewhere (an
 *   ad-lib), is only tentative: a recogniser whose language model is the script hears an ad-lib as script now
 *   and then ("the pies are amazing" as "the valley fill our", four words of the next line, where two words
 *   of evidence reach the line's end; a far jump has its own, stricter rule). The position stays until the
 *   jump is borne out (five matched words in a row from it, or a word of a later utterance going on from
 *   it) and goes to the skipped stretch instead when a word is heard there ("over" of "Over 1,250 growers"
 *   after that ad-lib).
 * - words heard in order in the stretch a near move passed over (and on the word it came to) are the
 *   voice catching up, not voice elsewhere: the recogniser heard "in minutes" as "in any" and the position
 *   went on four words to "any"; "minutes or visit any" then came, all behind it, and counted as an ad-lib
 *   (the pacing held and the highlight went back a line, in a clean read). The position stays.
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
/**
 * Evidence of heard words in a row that read no script (a small word counts half) for the voice to be
 * elsewhere: three words' worth ("take two, rolling", "seriously it takes"). A recogniser garbles two words
 * of the script now and then ("see little" for "simple", "and five" for "appointments"); that is not an ad-lib.
 */
export const ELSEWHERE_EVIDENCE = 3
/** Further than a lone word may move it (REACH): a jump this far, made while the voice was elsewhere, is tentative. */
const TENTATIVE_DISTANCE = (REACH[1] as [number, number])[1] + 1
/** Matched words in a row from a tentative jump, within one utterance, that bear it out. */
const CONFIRM_RUN = 5

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
  /** A jump not yet borne out: where the voice would be, and where the jump's run of words starts. */
  tentative: Tentative | null
  /** The script words the last move passed over and the one it came to (first, last index); null if it passed none. */
  passed?: { from: number; to: number } | null
}

interface Tentative {
  state: FollowState
  /** The first script word of the run that made the jump: a word heard before it takes the jump back. */
  from: number
  /** Script words matched in a row since the jump, in the utterance it was made in. */
  placed: number
  /** An utterance ended since the jump: the next word placed after it bears it out. */
  crossed: boolean
}

/** A state whose tentative jump is a copy (a snapshot must not share it). */
function copyState(s: FollowState): FollowState {
  const tentative = s.tentative && { ...s.tentative, state: copyState(s.tentative.state) }
  return { ...s, recent: [...s.recent], tentative }
}

export class FollowAligner {
  private state: FollowState = { position: -1, recent: [], unplaced: 0, elsewhere: 0, tentative: null }

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
    return copyState(this.state)
  }

  restore(state: FollowState): void {
    this.state = copyState(state)
  }

  /** Takes heard words in order; returns the position after them. */
  hearAll(words: readonly Word[]): number {
    for (const w of words) this.hear(w)
    return this.state.position
  }

  /** The recogniser finished an utterance: a tentative jump is borne out by the next word placed after it. */
  utteranceEnded(): void {
    if (this.state.tentative) this.state.tentative.crossed = true
  }

  hear(heard: Word): number {
    const sure = this.step(this.state, heard)
    const t = this.state.tentative
    if (!t) {
      const before = this.state
      const behind = sure.state.position === before.position ? this.passedWord(before, heard) : -1
      if (behind >= 0) {
        // The voice catching up through what the last move passed over: no evidence of voice elsewhere.
        const p = before.passed as { from: number; to: number }
        this.state = {
          ...sure.state,
          elsewhere: before.elsewhere,
          passed: behind < p.to ? { from: behind + 1, to: p.to } : null,
        }
        return this.state.position
      }
      this.state = sure.state
      if (
        sure.jump &&
        sure.jump.near &&
        sure.jump.distance >= TENTATIVE_DISTANCE &&
        sure.jump.elsewhereBefore >= ELSEWHERE_EVIDENCE
      ) {
        // Voice elsewhere, then a run far into unread script: held until borne out.
        const stay = this.unmoved(before, heard)
        this.state = {
          ...stay,
          tentative: { state: sure.state, from: sure.jump.from, placed: sure.jump.run, crossed: false },
        }
      }
      return this.state.position
    }
    // A word of the stretch the jump passed over: the voice is there, not where the jump went.
    if (sure.state.position > this.state.position && sure.state.position < t.from) {
      this.state = { ...sure.state, tentative: null }
      return this.state.position
    }
    const on = this.step(t.state, heard).state
    const moved = on.position > t.state.position
    const placed = moved ? t.placed + 1 : 0
    if (moved && (t.crossed || placed >= CONFIRM_RUN)) this.state = { ...on, tentative: null }
    else
      this.state = {
        ...this.unmoved(this.state, heard),
        tentative: { ...t, state: on, placed },
      }
    return this.state.position
  }

  /** The word of the stretch the last move passed over that `heard` (not a small word) reads, or -1. */
  private passedWord(state: FollowState, heard: Word): number {
    const p = state.passed
    if (!p || weight(heard) < 1) return -1
    for (let k = p.from; k <= p.to; k++) if (fits(this.script.words[k] as Word, heard)) return k
    return -1
  }

  /** The state after a heard word that does not move the position. */
  private unmoved(state: FollowState, heard: Word): FollowState {
    return {
      ...state,
      recent: [...state.recent, heard].slice(-FAR_RUN),
      unplaced: state.unplaced + 1,
      elsewhere: state.elsewhere + weight(heard),
    }
  }

  /** Where one heard word puts the voice from `state` (no tentative jumps here), and the run that moved it. */
  private step(
    state: FollowState,
    heard: Word,
  ): {
    state: FollowState
    jump: { from: number; run: number; distance: number; near: boolean; elsewhereBefore: number } | null
  } {
    const recent = [...state.recent, heard].slice(-FAR_RUN)
    const words = this.script.words
    const pos = state.position
    const nearEnd = this.nearZoneEnd(pos)
    let best = -1
    let bestWeight = 0
    let bestRun = 0
    let readNearer: boolean | null = null
    for (let j = pos + 1; j < words.length; j++) {
      if (!fits(words[j] as Word, heard)) continue
      const { run, evidence, inLine } = this.runEndingAt(j, recent, pos, state.unplaced)
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
        bestRun = run
      }
    }
    if (best < 0) return { state: { ...this.unmoved(state, heard), recent }, jump: null }
    const from = best - bestRun + 1
    // The run's earlier words were heard as voice elsewhere until this one placed them.
    const runEarlier = state.unplaced > 0 ? recent.slice(-bestRun, -1).slice(-state.unplaced) : []
    const elsewhereBefore = state.elsewhere - runEarlier.reduce((a, w) => a + weight(w), 0)
    return {
      state: {
        position: best,
        recent,
        unplaced: 0,
        elsewhere: 0,
        tentative: null,
        // A near move only: a far jump's three words in a row are evidence enough.
        passed: pos >= 0 && best - pos >= 2 && best <= nearEnd ? { from: pos + 1, to: best } : null,
      },
      jump: pos < 0 ? null : { from, run: bestRun, distance: best - pos, near: best <= nearEnd, elsewhereBefore },
    }
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
