/**
 * Words written in capitals ("FDIC", "APR", "ATM") are read letter by letter: "member F-D-I-C". The
 * pronunciation dictionary rarely has them, and a guess at reading them as a word ("fdik") is not what
 * the talent says, so the recogniser hears the letters as other words ("fdic yes see") and a clean read
 * gets an extra. Each such word also gets its letters as a pronunciation.
 */

/** Each letter's name in the en-us model's phones. */
const LETTERS: Record<string, string> = {
  a: 'EY',
  b: 'B IY',
  c: 'S IY',
  d: 'D IY',
  e: 'IY',
  f: 'EH F',
  g: 'JH IY',
  h: 'EY CH',
  i: 'AY',
  j: 'JH EY',
  k: 'K EY',
  l: 'EH L',
  m: 'EH M',
  n: 'EH N',
  o: 'OW',
  p: 'P IY',
  q: 'K Y UW',
  r: 'AA R',
  s: 'EH S',
  t: 'T IY',
  u: 'Y UW',
  v: 'V IY',
  w: 'D AH B AH L Y UW',
  x: 'EH K S',
  y: 'W AY',
  z: 'Z IY',
}

/**
 * The words of a text written in capitals, 2 to 6 letters ("FDIC" → "fdic"), lower-cased as the read-back's
 * words are. None in copy written mostly in capitals (radio copy often is): there capitals say nothing.
 */
export function writtenAcronyms(text: string): string[] {
  const words = text.match(/[A-Za-z]{2,}/g) ?? []
  const capitals = words.filter((w) => w === w.toUpperCase())
  if (capitals.length * 2 > words.length) return []
  const out = new Set<string>()
  for (const m of text.matchAll(/(?<![A-Za-z'’])[A-Z]{2,6}(?![A-Za-z'’])/g)) out.add(m[0].toLowerCase())
  return [...out]
}

/** The word's letters as phones: "fdic" → "EH F D IY AY S IY"; null for anything but letters. */
export function lettersPhones(word: string): string | null {
  if (!/^[a-z]+$/.test(word)) return null
  return [...word].map((c) => LETTERS[c] as string).join(' ')
}
