/**
 * False starts: the talent stops and reads again from an earlier point inside one take ("This weekend
 * only, take thir- … This weekend only, take thirty percent off"). Heard as words, that is a stretch that
 * begins like what follows it. Found on the heard words themselves (before the comparison with the
 * script), so the abandoned reading becomes one restart at the pause instead of a pile of extra words.
 */
import type { HeardWord } from './heard-words'
import type { ScriptWord } from '../script/script-model'
import { nearWord, sameWord, type Word } from '../script/words'
import { MAX_ABANDONED, MIN_SHARED } from '../tuning'

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
    else if (n >= MIN_SHARED && slips === 0 && n + 1 < limit) { slips++; n++ }
    else break
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
function scripted(script: readonly ScriptWord[], first: readonly HeardWord[], second: readonly HeardWord[], gap: number): boolean {
  const firsts = startsOf(script, first)
  const seconds = startsOf(script, second)
  return firsts.some((a) => seconds.some((b) => b > a && Math.abs(b - a - gap) <= 3))
}

/**
 * The false starts among the heard words, in order and not overlapping. A stretch [i, j) is abandoned when
 * the words from j on begin with its own first words (at least two, most of the stretch when it is short),
 * and the script does not itself repeat them there.
 */
export function findRestarts(heard: readonly HeardWord[], script: readonly ScriptWord[]): Restart[] {
  const out: Restart[] = []
  let i = 0
  while (i < heard.length) {
    let found: Restart | null = null
    for (let j = i + MIN_SHARED; j <= Math.min(heard.length - MIN_SHARED, i + MAX_ABANDONED) && !found; j++) {
      const length = j - i
      const shared = sharedStart(heard, i, j, length)
      // The abandoned stretch is mostly the start of the new reading (its last word may be a fragment).
      if (shared < MIN_SHARED || shared < Math.ceil(length * 0.6)) continue
      if (scripted(script, heard.slice(i, i + MIN_SHARED), heard.slice(j, j + MIN_SHARED), length)) continue
      found = { from: i, to: j }
    }
    if (found) {
      out.push(found)
      i = found.to
    } else i++
  }
  return out
}
