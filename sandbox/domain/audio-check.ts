/**
 * The simulated audio check: deterministic from the take's bytes (a SHA-256 digest), with issues placed
 * on real words of the job's script. About 60% of takes match, about 34% need a look ("check": one to
 * three words missing or changed, preferring legal lines, names and numbers), the rest do not match.
 */
import type { CheckIssue, PlannedCheck } from './state'

const LEGAL = new Set([
  'terms',
  'conditions',
  'apply',
  'restrictions',
  'apr',
  'required',
  'subject',
  'approval',
  'offer',
  'valid',
  'participating',
  'limited',
  'member',
  'fdic',
  'void',
  'prohibited',
  'financing',
  'credit',
  'expires',
  'purchase',
  'necessary',
  'licensed',
  'eligible',
  'fees',
  'details',
  'while',
  'supplies',
  'last',
])
const NUMBER_WORDS = new Set([
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'fifteen',
  'twenty',
  'thirty',
  'forty',
  'fifty',
  'hundred',
  'thousand',
  'percent',
  'zero',
  'half',
])
const SWAPS: Record<string, string> = {
  the: 'a',
  a: 'the',
  and: 'an',
  your: 'you',
  you: 'your',
  for: 'from',
  on: 'in',
  in: 'on',
}

interface Word {
  raw: string // as written, punctuation trimmed
  sentenceStart: boolean
}

export function scriptWords(text: string): Word[] {
  const words: Word[] = []
  let sentenceStart = true
  for (const token of text.split(/\s+/)) {
    const raw = token.replace(/^[^\p{L}\p{N}$]+|[^\p{L}\p{N}%]+$/gu, '')
    if (raw) words.push({ raw, sentenceStart })
    if (/[.!?:]["'”’)]*$/.test(token) || token === '') sentenceStart = true
    else if (raw) sentenceStart = false
  }
  return words
}

function flags(w: Word, names: Set<string>) {
  const lower = w.raw.toLowerCase()
  return {
    legal: LEGAL.has(lower),
    number: /\d/.test(w.raw) || NUMBER_WORDS.has(lower),
    name: names.has(lower) || (!w.sentenceStart && /^\p{Lu}/u.test(w.raw) && lower !== 'i'),
  }
}

function misheard(word: string): string {
  if (/\d/.test(word)) return word.replace(/\d/, (d) => String((Number(d) + 1) % 10))
  const swap = SWAPS[word.toLowerCase()]
  if (swap) return swap
  return word.endsWith('s') && word.length > 3 ? word.slice(0, -1) : `${word}s`
}

/** Plan the check of a take of `scriptText`; `names` are words to treat as names (advertiser, pronunciations). */
export function planCheck(scriptText: string, digest: Uint8Array, names: string[], force?: 'check'): PlannedCheck {
  const words = scriptWords(scriptText)
  const byte = (i: number): number => digest[i % digest.length] ?? 0
  if (words.length === 0) {
    return {
      verdict: null,
      coverage: null,
      summary: 'No script text to compare the take with; the check was skipped.',
      issues: [],
    }
  }
  const roll = byte(0)
  if (force === undefined && roll < 154) {
    return {
      verdict: 'matches',
      coverage: Math.round((0.96 + (byte(1) / 255) * 0.04) * 100) / 100,
      summary: 'The take matches the script.',
      issues: [],
    }
  }
  const mismatch = force === undefined && roll >= 240
  const nameSet = new Set(names.flatMap((n) => n.toLowerCase().split(/\s+/)))
  const flagged = words.map((w, i) => ({ i, f: flags(w, nameSet) })).filter((x) => x.f.legal || x.f.number || x.f.name)
  const count = Math.min(words.length, mismatch ? 4 + (byte(2) % 3) : 1 + (byte(2) % 3))
  const chosen = new Set<number>()
  if (flagged.length > 0) chosen.add(flagged[byte(3) % flagged.length]!.i)
  // other issues land on words a listener would notice (4+ letters or a known swap), never on "as" or "to"
  const notable = words
    .map((w, i) => ({ w, i }))
    .filter(({ w }) => w.raw.length >= 4 || SWAPS[w.raw.toLowerCase()] !== undefined)
  const pool = notable.length > 0 ? notable.map((x) => x.i) : words.map((_, i) => i)
  for (let k = 4; chosen.size < count && k < 64; k++) chosen.add(pool[((byte(k) << 8) | byte(k + 1)) % pool.length]!)
  const issues: CheckIssue[] = [...chosen]
    .sort((a, b) => a - b)
    .map((i, n) => {
      const w = words[i]!
      const f = flags(w, nameSet)
      const kind = mismatch || byte(20 + n) % 2 === 0 ? 'missing' : 'changed'
      return {
        kind,
        severity: f.legal || f.number ? 'high' : 'normal',
        expected: w.raw,
        heard: kind === 'changed' ? misheard(w.raw) : null,
        context: words
          .slice(Math.max(0, i - 4), i + 5)
          .map((x) => x.raw)
          .join(' '),
        ...f,
      }
    })
  const described = issues
    .slice(0, 3)
    .map((x) => (x.kind === 'missing' ? `"${x.expected}" missing` : `"${x.expected}" heard as "${x.heard}"`))
  if (mismatch) {
    const coverage = Math.round((0.35 + (byte(5) / 255) * 0.25) * 100) / 100
    return {
      verdict: 'mismatch',
      coverage,
      summary: `The take does not match this script: about ${Math.round(coverage * 100)}% of its words were heard. Is it the right take for this job?`,
      issues,
    }
  }
  const coverage = Math.round((1 - issues.length / Math.max(words.length, 1)) * 100) / 100
  return {
    verdict: 'check',
    coverage,
    summary: `${issues.length} ${issues.length === 1 ? 'word' : 'words'} to check: ${described.join(', ')}.`,
    issues,
  }
}
