/**
 * Pronunciations for the pocketsphinx dictionary: from the CMU dictionary that ships with
 * pocketsphinx-en-us; a word it lacks (a brand, a surname) is split into dictionary words when it is a
 * compound ("Dreamstreet" → dream + street), else spelled by espeak-ng's letter-to-sound rules in IPA and
 * mapped to the model's phones. A word no rule can spell is left out of the recogniser's vocabulary.
 */
import { spawnInBackground } from '../../process/background-child'
import { childEnv } from '../../security/child-env'
import { readFile } from 'node:fs/promises'
import { lettersPhones } from './acronyms'
import { mainSlices } from '../../process/slices'

export type Dictionary = Map<string, string[]>

/** Reads a CMU-style dictionary ("word PH ON ES", variants as "word(2) …"). */
async function loadDictionary(path: string): Promise<Dictionary> {
  const dict: Dictionary = new Map()
  // 130,000 lines: read in slices so the main process keeps answering meanwhile.
  const slices = mainSlices
  for (const line of (await readFile(path, 'utf8')).split('\n')) {
    if (slices.due()) await slices.turn()
    const space = line.indexOf(' ')
    if (space <= 0) continue
    // A variant is written "word(2)": only a name ending in ")" needs the pattern.
    const name = line.slice(0, space)
    const word = name.endsWith(')') ? name.replace(/\(\d+\)$/, '') : name
    const phones = line.slice(space + 1).trim()
    if (!phones) continue
    const list = dict.get(word)
    if (list) list.push(phones)
    else dict.set(word, [phones])
  }
  return dict
}

const dictionaries = new Map<string, Promise<Dictionary>>()

/**
 * The dictionary at `path`, read once per process and shared by everything that hears takes (the
 * read-back, the versions' transcriber, the prompter): one copy in memory instead of one each, and the
 * sound-alike search's index of it (word-rivals.ts) is then built once too. Nothing changes a dictionary
 * once read. A read that failed is tried again by the next caller.
 */
export function dictionaryAt(path: string): Promise<Dictionary> {
  let dict = dictionaries.get(path)
  if (!dict) {
    dict = loadDictionary(path)
    dictionaries.set(path, dict)
    dict.catch(() => dictionaries.delete(path))
  }
  return dict
}

/** IPA (espeak-ng, en-us) to the en-us model's phones. */
const IPA: Record<string, string> = {
  p: 'P',
  b: 'B',
  t: 'T',
  d: 'D',
  k: 'K',
  ɡ: 'G',
  g: 'G',
  f: 'F',
  v: 'V',
  θ: 'TH',
  ð: 'DH',
  s: 'S',
  z: 'Z',
  ʃ: 'SH',
  ʒ: 'ZH',
  h: 'HH',
  tʃ: 'CH',
  dʒ: 'JH',
  m: 'M',
  n: 'N',
  ŋ: 'NG',
  l: 'L',
  ɹ: 'R',
  r: 'R',
  w: 'W',
  j: 'Y',
  ɾ: 'T',
  x: 'K',
  ɬ: 'L',
  i: 'IY',
  iː: 'IY',
  ɪ: 'IH',
  ᵻ: 'IH',
  e: 'EH',
  ɛ: 'EH',
  eɪ: 'EY',
  æ: 'AE',
  a: 'AE',
  ɑ: 'AA',
  ɑː: 'AA',
  ɒ: 'AA',
  ɔ: 'AO',
  ɔː: 'AO',
  oʊ: 'OW',
  əʊ: 'OW',
  o: 'OW',
  oː: 'AO',
  ʊ: 'UH',
  u: 'UW',
  uː: 'UW',
  ʌ: 'AH',
  ə: 'AH',
  ɐ: 'AH',
  ɜ: 'ER',
  ɜː: 'ER',
  ɚ: 'ER',
  ɝ: 'ER',
  aɪ: 'AY',
  aʊ: 'AW',
  ɔɪ: 'OY',
  ɛɹ: 'EH R',
  ɪɹ: 'IH R',
  ʊɹ: 'UH R',
  ɑːɹ: 'AA R',
  ɑɹ: 'AA R',
  ɔːɹ: 'AO R',
  ɔɹ: 'AO R',
  oːɹ: 'AO R',
  aɪɚ: 'AY ER',
  aɪə: 'AY AH',
  eə: 'EH R',
  ɪə: 'IH R',
  ʊə: 'UH R',
  iə: 'IY AH',
  l̩: 'AH L',
  n̩: 'AH N',
  m̩: 'AH M',
}

/** Maps one espeak-ng IPA word ("d_ɹ_ˈiː_m") to phones, or null when a symbol is unknown. */
function ipaToPhones(ipa: string): string | null {
  const out: string[] = []
  for (const raw of ipa.split('_')) {
    const sym = raw.replace(/[ˈˌ'‿-]/g, '').trim()
    if (!sym || sym === 'ʔ') continue
    const phones = IPA[sym] ?? IPA[sym.replace(/ː/g, '')]
    if (!phones) return null
    out.push(phones)
  }
  return out.length ? out.join(' ') : null
}

/** espeak-ng's IPA for each word, one call for all of them. */
async function espeakIpa(words: readonly string[], espeakPath = 'espeak-ng'): Promise<Map<string, string>> {
  const result = new Map<string, string>()
  if (words.length === 0) return result
  const text = await new Promise<string>((resolve) => {
    const child = spawnInBackground(espeakPath, ['-v', 'en-us', '-q', '--ipa', '--sep=_'], {
      stdio: ['pipe', 'pipe', 'ignore'],
      windowsHide: true,
      env: childEnv(),
    })
    let out = ''
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString('utf8')
    })
    child.on('error', () => resolve(''))
    child.on('close', () => resolve(out))
    // espeak-ng missing or gone mid-write: its input's EPIPE is no error of main's (the answer is then '').
    child.stdin.on('error', () => undefined)
    // One word per line so the answer lines up with the question.
    child.stdin.end(`${words.join('\n')}\n`)
  })
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
  if (lines.length !== words.length) return result
  words.forEach((w, i) => result.set(w, (lines[i] as string).replace(/\s+/g, '_')))
  return result
}

/** A compound of two or three dictionary words, each at least three letters. */
function splitCompound(word: string, dict: Dictionary, depth = 0): string | null {
  for (let cut = word.length - 3; cut >= 3; cut--) {
    const head = dict.get(word.slice(0, cut))?.[0]
    if (!head) continue
    const rest = word.slice(cut)
    const tail = dict.get(rest)?.[0] ?? (depth < 1 ? splitCompound(rest, dict, depth + 1) : null)
    if (tail) return `${head} ${tail}`
  }
  return null
}

/**
 * Dictionary lines ("word PHONES", "word(2) PHONES") for the given words; words with no pronunciation
 * are returned in `missing`.
 */
export async function pronounce(
  words: Iterable<string>,
  dict: Dictionary,
  options: PronounceOptions = {},
): Promise<{ lines: string[]; missing: string[] }> {
  const variants = new Map<string, string[]>()
  const unique = [...new Set(words)].sort()
  const slices = mainSlices
  for (const word of unique) {
    if (slices.due()) await slices.turn()
    const known =
      dict.get(word) ??
      (/^[a-z]+$/.test(word) ? [splitCompound(word, dict)].filter((x): x is string => x !== null) : [])
    variants.set(word, [...known])
  }
  // espeak-ng's reading for every word the dictionary lacks, and as one more variant of the script's own words.
  const extra = new Set(options.alsoSpell ?? [])
  const ask = unique.filter((w) => (variants.get(w) ?? []).length === 0 || extra.has(w))
  const ipa = await espeakIpa(
    ask.map((w) => w.replace(/'/g, '')),
    options.espeakPath,
  )
  for (const word of ask) {
    const phones = ipaToPhones(ipa.get(word.replace(/'/g, '')) ?? '')
    const list = variants.get(word) ?? []
    if (phones && !list.includes(phones)) list.push(phones)
  }
  // A word written in capitals is read letter by letter (acronyms.ts).
  for (const word of options.spellOut ?? []) {
    const list = variants.get(word)
    const phones = lettersPhones(word)
    if (list && phones && !list.includes(phones)) list.push(phones)
  }
  const lines: string[] = []
  const missing: string[] = []
  for (const [word, list] of variants) {
    if (slices.due()) await slices.turn()
    if (list.length === 0) missing.push(word)
    list.forEach((p, i) => lines.push(`${word}${i ? `(${i + 1})` : ''} ${p}`))
  }
  return { lines, missing }
}

export interface PronounceOptions {
  espeakPath?: string
  /** Words that also get espeak-ng's reading as a variant (the script's words: brands, names, odd spellings). */
  alsoSpell?: Iterable<string>
  /** Words written in capitals (acronyms.ts), that also get their letters as a reading. */
  spellOut?: Iterable<string>
}
