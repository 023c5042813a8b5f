/**
 * False starts: the talent stops and reads again from an earlier point inside one take ("This weekend
 * only, take thir- … This weekend only, take thirty percent off"). Heard as words, that is a stretch that
 * begins like what follows it. Found on the heard words themselves (before the comparison with the
 * script), so the abandoned reading becomes one restart at the pause instead of a pile of extra words.
 */
import type { HeardWord } from './heard-words'
import type { ScriptWord } from '../script/script-model'
import { nearWord, sameWord, type Word } from '../script/words'
import { MAX_ABANDONED, MIN_SHARED, RESTART_SHARED_SHARE } from '../tuning'

export interface Restart {
  /** Heard words [from, to) that were abandoned. */
  from: number
  to: number
}

function similar(a: Word, b: Word): boolean {
  return sameWord(a, b) || nearWord(a, b)
}

/** How many words at the start of `a` and `b` agree (a slip on one of them is forgiven after the first two). */
function sharedStart(heard: readonly HeardWord[], a: number, b: number, limit: number): number {
  let n = 0
  let slips = 0
  while (n < limit && b + n < heard.length) {
    if (similar(heard[a + n] as HeardWord, heard[b + n] as HeardWord)) n++
    else if (n >= MIN_SHARED && slips === 0 && n + 1 < limit) {
      slips++
      n++
    } else break
  }
  return n - (slips && !similar(heard[a + n - 1] as HeardWord, heard[b + n - 1] as HeardWord) ? 1 : 0)
}

/** Where the script says these words. */
function startsOf(script: readonly ScriptWord[], phrase: readonly HeardWord[]): number[] {
  const starts: number[] = []
  for (let i = 0; i + phrase.length <= script.length; i++) {
    if (phrase.every((w, k) => sameWord(script[i + k] as ScriptWord, w))) starts.push(i)
  }
  return starts
}

/**
 * Does the script itself say the first words and then the second, about `gap` words apart (a tag line,
 * "9 to 9"; or two phrases only alike, "F8, FS8")? Then reading them is no restart.
 */
function scripted(
  script: readonly ScriptWord[],
  first: readonly HeardWord[],
  second: readonly HeardWord[],
  gap: number,
): boolean {
  const firsts = startsOf(script, first)
  const seconds = startsOf(script, second)
  return firsts.some((a) => seconds.some((b) => b > a && Math.abs(b - a - gap) <= 3))
}

/**
 * The false start that begins at heard word `i`, if any: the shortest stretch [i, j) the words from j on
 * begin with (at least two of its words, most of it when it is short) that the script does not itself
 * repeat there.
 */
function restartAt(heard: readonly HeardWord[], script: readonly ScriptWord[], i: number): Restart | null {
  for (let j = i + MIN_SHARED; j <= Math.min(heard.length - MIN_SHARED, i + MAX_ABANDONED); j++) {
    const length = j - i
    const shared = sharedStart(heard, i, j, length)
    // The abandoned stretch is mostly the start of the new reading (its last word may be a fragment).
    if (shared < MIN_SHARED || shared < Math.ceil(length * RESTART_SHARED_SHARE)) continue
    if (scripted(script, heard.slice(i, i + MIN_SHARED), heard.slice(j, j + MIN_SHARED), length)) continue
    return { from: i, to: j }
  }
  return null
}

/** Does the new reading begin on the very word the abandoned one began on (not only one that sounds near)? */
const beginsAlike = (heard: readonly HeardWord[], r: Restart) =>
  sameWord(heard[r.from] as HeardWord, heard[r.to] as HeardWord)

/**
 * The false starts among the heard words, in order and not overlapping. A talent starts again on the word
 * they started on: a stretch that begins only on a near word ("apply aaa aab | applyaa aaa aab …") gives way
 * to a false start found inside it that begins on the same word ("aaa aab applyaa | aaa aab applyaa"), or
 * the near word would be both abandoned and read as a change.
 */
export function findRestarts(heard: readonly HeardWord[], script: readonly ScriptWord[]): Restart[] {
  const out: Restart[] = []
  let i = 0
  while (i < heard.length) {
    let found = restartAt(heard, script, i)
    if (found && !beginsAlike(heard, found)) {
      for (let k = i + 1; k < found.to; k++) {
        const inside = restartAt(heard, script, k)
        if (inside && beginsAlike(heard, inside)) {
          found = inside
          break
        }
      }
    }
    if (found) {
      out.push(found)
      i = found.to
    } else i++
  }
  return out
}
