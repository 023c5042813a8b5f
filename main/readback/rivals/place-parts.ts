/**
 * Place names and street addresses are built from a small stock of parts: Fair|field, Bright|water,
 * River|side, Summit Valley, Maple Lane. A talent who misreads one swaps a part for another of the same
 * stock ("Fairview" for "Fairfield", "Summit Ridge" for "Summit Valley", "Maple Road" for "Maple Lane"),
 * which sounds nothing like it, so no search for sound-alikes offers it. Like the other days and months,
 * the other parts of the stock compete with a name's part in the recogniser's model (script-lm.ts).
 */
import { PLACE_MIN_HEAD as MIN_HEAD } from '../tuning'

/** The endings of place names (and the words they are as names of their own: "Summit Valley"). */
const PLACE_PARTS = [
  'field',
  'fields',
  'view',
  'wood',
  'woods',
  'water',
  'dale',
  'ridge',
  'valley',
  'brook',
  'side',
  'ford',
  'land',
  'ville',
  'ton',
  'port',
  'vale',
  'crest',
  'haven',
  'hill',
  'hills',
  'hurst',
  'lake',
  'park',
  'stone',
  'bridge',
  'bury',
  'wick',
  'worth',
  'gate',
  'glen',
  'grove',
  'meadow',
  'meadows',
  'point',
  'shore',
  'springs',
  'creek',
  'heights',
  'bay',
  'mont',
  'mount',
]

/** Street types: "Maple Lane" is misread as "Maple Road" or "Maple Drive". */
const STREET_TYPES = [
  'street',
  'road',
  'lane',
  'avenue',
  'boulevard',
  'drive',
  'way',
  'court',
  'place',
  'parkway',
  'highway',
  'circle',
  'terrace',
  'square',
]

/**
 * What a name word (lower case, as spoken) may be misread as by swapping its place part or street type:
 * "fairfield" → "fairview", "fairwood", …; "valley" → "ridge", …; "lane" → "road", …. Empty for a word
 * with no such part. A compound's head must be a word of its own (`isWord`: "fair", "bright", "river"), so
 * "Boston" is no "Bos|ton". The new compounds' pronunciations join the head's and the part's (pronunciations.ts).
 */
export function placePartRivals(word: string, isWord: (w: string) => boolean): string[] {
  if (STREET_TYPES.includes(word)) return STREET_TYPES.filter((w) => w !== word)
  if (PLACE_PARTS.includes(word)) return otherParts(word)
  // The longest part the word ends with, after a head of its own.
  const part = PLACE_PARTS.filter(
    (p) => word.endsWith(p) && word.length - p.length >= MIN_HEAD && isWord(word.slice(0, word.length - p.length)),
  ).sort((a, b) => b.length - a.length)[0]
  if (!part) return []
  const head = word.slice(0, word.length - part.length)
  return otherParts(part).map((p) => `${head}${p}`)
}

/** The place parts other than `part` and its plural or singular ("woods" is "wood" read loosely). */
function otherParts(part: string): string[] {
  return PLACE_PARTS.filter((p) => p !== part && p !== `${part}s` && `${p}s` !== part)
}
