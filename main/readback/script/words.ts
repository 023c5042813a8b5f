/**
 * Words for the read-back, the same way on both sides: the script as written and the words the
 * recogniser heard. Case and punctuation go; contractions open up ("it's" → "it is"); a run of number
 * words becomes one number token whose values can be compared with a number written in digits.
 */
import { heardValues, isNumberWord, NUMBER_GLUE, parseWrittenNumber } from './number-words'

const CURRENCY_UNITS = new Set(['dollar', 'dollars', 'pound', 'pounds', 'euro', 'euros'])
const SMALL_UNITS = new Set(['cent', 'cents', 'pence'])

export interface Word {
  /** Lower-case, no punctuation; for a number token the words or digits as read. */
  key: string
  /** For a number token: every value it can mean ("20%", "9.99"); null for other words. */
  values: Set<string> | null
}

const PRONOUN_S = new Set(['it', 'that', 'there', 'what', 'here', 'he', 'she', 'who', 'where', 'how', 'let'])
const NOT_STEMS: Record<string, string> = { ca: 'can', wo: 'will', sha: 'shall', ai: 'is' }
const SUFFIXES: Record<string, string> = { re: 'are', ve: 'have', ll: 'will', m: 'am', d: 'would' }

/** "it's" → ["it", "is"]; "don't" → ["do", "not"]; "Dream's" → ["dreams"]; a plain word stays itself. */
export function expandContraction(word: string): string[] {
  const w = word.toLowerCase().replace(/[’‘`]/g, "'")
  if (w === 'cannot') return ['can', 'not']
  const nt = /^([a-z]+)n't$/.exec(w)
  if (nt) {
    const stem = nt[1] as string
    return [NOT_STEMS[stem] ?? stem, 'not']
  }
  const m = /^([a-z]+)'([a-z]+)$/.exec(w)
  if (!m) return [w.replace(/'/g, '')]
  const [, head, tail] = m as unknown as [string, string, string]
  if (tail === 's') return head === 'let' ? ['let', 'us'] : PRONOUN_S.has(head) ? [head, 'is'] : [`${head}s`]
  const full = SUFFIXES[tail]
  return full ? [head, full] : [`${head}${tail}`]
}

/** Pieces of written text: a number with its sign/suffix, or a word with inner apostrophes. */
const PIECE = /[$£€]?\d+(?:,\d{3})*(?:\.\d+)?(?:%|st\b|nd\b|rd\b|th\b|s\b)?|[A-Za-z]+(?:['’][A-Za-z]+)*|&/g

export interface Piece {
  text: string
  from: number
  to: number
}

/** The pieces of a text with their character offsets. */
export function pieces(text: string): Piece[] {
  const out: Piece[] = []
  for (const m of text.matchAll(PIECE)) out.push({ text: m[0], from: m.index, to: m.index + m[0].length })
  return out
}

/** One piece's words: a written number becomes a number token; "&" is "and"; a contraction opens up. */
export function pieceWords(text: string): Word[] {
  if (text === '&') return [{ key: 'and', values: null }]
  const written = parseWrittenNumber(text)
  if (written) return [{ key: text, values: new Set([written.value]) }]
  return expandContraction(text).map((key) => ({ key, values: null }))
}

/**
 * Runs of spoken number words ("twenty percent", "nine dollars ninety nine") joined into one number
 * token each; `members` says which input words each output word came from.
 */
export function groupNumberWords(words: Word[]): Array<{ word: Word; members: number[] }> {
  const out: Array<{ word: Word; members: number[] }> = []
  let i = 0
  while (i < words.length) {
    const w = words[i] as Word
    // "dollar four ninety nine": a currency word said before the number belongs to it.
    const lead =
      CURRENCY_UNITS.has(w.key) &&
      i + 1 < words.length &&
      (words[i + 1] as Word).values === null &&
      isNumberWord((words[i + 1] as Word).key)
        ? 1
        : 0
    const head = words[i + lead] as Word
    if (head.values === null && isNumberWord(head.key) && head.key !== 'percent' && head.key !== 'point') {
      let j = i + lead + 1
      while (j < words.length) {
        const next = words[j] as Word
        if (next.values !== null) break
        if (isNumberWord(next.key)) {
          j++
          continue
        }
        if (
          NUMBER_GLUE.has(next.key) &&
          j + 1 < words.length &&
          (isNumberWord((words[j + 1] as Word).key) || SMALL_UNITS.has((words[j + 1] as Word).key))
        ) {
          j++
          continue
        }
        if (CURRENCY_UNITS.has(next.key) || SMALL_UNITS.has(next.key)) {
          j++
          continue
        }
        break
      }
      const keys = words.slice(i, j).map((x) => x.key)
      const values = heardValues(keys)
      if (values.size > 0) {
        out.push({ word: { key: keys.join(' '), values }, members: range(i, j) })
        i = j
        continue
      }
    }
    out.push({ word: w, members: [i] })
    i++
  }
  return out
}

function range(a: number, b: number): number[] {
  return Array.from({ length: b - a }, (_, k) => a + k)
}

/** Whether a script word and a heard word say the same thing. */
export function sameWord(a: Word, b: Word): boolean {
  if (a.values && b.values) {
    for (const v of a.values) if (b.values.has(v)) return true
    return false
  }
  if (a.values || b.values) return false
  return a.key === b.key
}

/** Close enough to be a recognition slip rather than a misread: a plural, a different ending. */
export function nearWord(a: Word, b: Word): boolean {
  const keys = shorterFirst(a, b)
  return keys !== null && (inflected(...keys) || startsAlike(...keys))
}

/** One word with an ending added (a plural, a past, an -ing): "harbor" and "harbors", not "brightwater" and "brightwood". */
export function inflectedForm(a: Word, b: Word): boolean {
  const keys = shorterFirst(a, b)
  return keys !== null && inflected(...keys)
}

/** The two words' keys, shorter first; null for a number, which is near nothing but its value. */
function shorterFirst(a: Word, b: Word): [string, string] | null {
  if (a.values || b.values) return null
  return a.key.length <= b.key.length ? [a.key, b.key] : [b.key, a.key]
}

function inflected(shorter: string, longer: string): boolean {
  return (
    longer === `${shorter}s` ||
    longer === `${shorter}es` ||
    longer === `${shorter}ed` ||
    longer === `${shorter}d` ||
    longer === `${shorter}ing`
  )
}

function startsAlike(shorter: string, longer: string): boolean {
  return shorter.length >= 5 && longer.startsWith(shorter.slice(0, 5)) && Math.abs(shorter.length - longer.length) <= 2
}

/**
 * Whether two digit groups written one after the other are one number read digit by digit ("555-1212",
 * "1 800 555 1212"): only spaces, dashes, dots and brackets between them, and no sentence end (". ").
 * The script and the heard words both use this rule, so a number read exactly always matches.
 */
export function joinsDigitGroup(prevText: string, nextText: string, gap: string): boolean {
  return /^[\d\s\-.()]+$/.test(prevText) && /^\d+$/.test(nextText) && /^[\s\-.()]*$/.test(gap) && !/[.]\s/.test(gap)
}

/**
 * Items in runs: consecutive items whose written forms joinsDigitGroup() joins form one run (one number
 * read digit by digit); every other item is a run of one. The script's words, the heard words and the
 * spoken sentences all group by this, each with its own item type.
 */
export function digitGroupRuns<T>(
  items: readonly T[],
  text: (item: T) => string,
  gap: (prev: T, next: T) => string,
): T[][] {
  const runs: T[][] = []
  items.forEach((item, k) => {
    const prev = items[k - 1]
    const run = runs[runs.length - 1]
    if (run && prev !== undefined && joinsDigitGroup(text(prev), text(item), gap(prev, item))) run.push(item)
    else runs.push([item])
  })
  return runs
}

const FILLERS = new Set(['um', 'uh', 'ah', 'er', 'erm', 'hmm', 'mm'])

/**
 * A whitespace-delimited token that is not read as words: a filler ("um") or a bracketed mark ("[laughs]",
 * "<sil>", "++noise++"). Recognisers write these for noises; in a script they are directions. Both sides
 * skip them, so neither counts as missing or extra.
 */
export function isUnreadToken(token: string): boolean {
  return isNoiseMark(token) || FILLERS.has(token.toLowerCase())
}

/** A recogniser's noise or silence mark, or a bracketed direction: "<sil>", "[laughs]", "++noise++". */
export function isNoiseMark(token: string): boolean {
  return /^(?:<[^>]*>|\[[^\]]*\]|\+\+[^+]*\+\+)$/.test(token)
}
