/**
 * Whether a reading only sounds like the script's words: its phones are within SOUND_ALIKE_SHARE of theirs
 * (a weighted edit distance over the longer one's phones, where a near pair such as F and TH costs half;
 * word-rivals.ts). Two hearings agreeing on such a reading ("Offer" heard as "author") say little about the
 * talent: on a voice the acoustic model fits badly, both take one sound for its neighbour. So such a
 * finding alone is "Listen here", not "Differs" (certainty.ts).
 */
import type { Sounds } from '../engine'
import { phoneCodes, phoneDistance } from '../rivals/phone-distance'
import { SOUND_ALIKE_SHARE } from '../tuning'

/** Every way of saying the words one after another (at most `cap`), or null when one of them cannot be said. */
function sayings(words: readonly string[], sounds: Sounds, cap = 16): string[] | null {
  let out = ['']
  for (const word of words) {
    const ways = sounds.get(word.toLowerCase())
    if (!ways?.length) return null
    out = out.flatMap((head) => ways.map((w) => `${head} ${w}`)).slice(0, cap)
  }
  return out
}

/** The reading `heard` sounds like `expected` (both lists of words); false when either cannot be said. */
export function soundsAlike(expected: readonly string[], heard: readonly string[], sounds: Sounds): boolean {
  const a = sayings(expected, sounds)
  const b = sayings(heard, sounds)
  if (!a || !b || expected.length === 0 || heard.length === 0) return false
  for (const x of a) {
    const px = phoneCodes(x)
    for (const y of b) {
      const py = phoneCodes(y)
      const longer = Math.max(px.length, py.length)
      const max = SOUND_ALIKE_SHARE * longer
      if (phoneDistance(px, py, max) <= max) return true
    }
  }
  return false
}
