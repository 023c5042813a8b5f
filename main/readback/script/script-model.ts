/**
 * The script as the read-back sees it: its words in order, each with where it is written (character
 * offsets, so the UI can strike a skipped line or mark a changed word), its sentence, and whether it is a
 * number, a name or part of a legal line: those weigh more when they are missed or changed.
 */
import { dayAfterMonth, dayOrdinalValue } from './day-of-month'
import { digitGroupRuns, groupNumberWords, isUnreadToken, pieces, pieceWords, type Word } from './words'

export interface ScriptWord extends Word {
  /** The text as written, e.g. "$9.99" or "it's". */
  text: string
  from: number
  to: number
  sentence: number
  number: boolean
  name: boolean
  legal: boolean
}

export interface ScriptModel {
  text: string
  words: ScriptWord[]
  /** Character range of each sentence (or line), in order. */
  sentences: Array<{ from: number; to: number; legal: boolean }>
}

/** Phrases that make a line legal copy: read exactly, or the spot may not air. */
const LEGAL = new RegExp(
  String.raw`\b(terms|conditions|restrictions|apply|apr|a\.p\.r|offer (?:valid|ends|expires)|valid (?:through|until|at|only)|` +
    String.raw`while supplies last|see (?:store|dealer|website) for|details at|subject to|not valid|participating|` +
    String.raw`void where|prohibited|limit(?:ed)? (?:one|\d)|excludes?|member fdic|equal housing|licensed|disclaimer|` +
    String.raw`financing|credit approval|fees?|taxes|rebate|guarantee)\b`,
  'i',
)

/** Sentences: ends at . ! ? followed by space, or at a line break; a point inside a number ("4.9") is no end. */
function sentenceRanges(text: string): Array<{ from: number; to: number }> {
  const out: Array<{ from: number; to: number }> = []
  const re = /(?:[^.!?\n]|[.!?]+(?![\s.!?]|$))+(?:[.!?]+(?=\s|$)|$|(?=\n))|[.!?]+/g
  for (const m of text.matchAll(re)) {
    const raw = m[0]
    const lead = raw.length - raw.trimStart().length
    const body = raw.trim()
    if (body.length === 0 || !/[A-Za-z0-9]/.test(body)) continue
    out.push({ from: m.index + lead, to: m.index + lead + body.length })
  }
  return out
}

/**
 * Builds the model of a script. `names` are words known to be names even at the start of a sentence
 * (the customer, the advertiser); other names are capitalised words that do not start a sentence.
 */
export function scriptModel(text: string, names: readonly string[] = []): ScriptModel {
  const known = new Set(names.flatMap((n) => pieces(n).map((p) => p.text.toLowerCase())))
  const sentences = sentenceRanges(text).map((r) => ({ ...r, legal: LEGAL.test(text.slice(r.from, r.to)) }))
  const raw: Array<Omit<ScriptWord, 'values' | 'key'> & Word> = []
  let s = 0
  let lastSentence = -1
  const unread = [...text.matchAll(/\S+/g)]
    .filter((m) => isUnreadToken(m[0]))
    .map((m) => ({ from: m.index, to: m.index + m[0].length }))
  let u = 0
  for (const p of pieces(text)) {
    while (u < unread.length && (unread[u] as { to: number }).to <= p.from) u++
    if (u < unread.length && p.from >= (unread[u] as { from: number }).from) continue
    while (s < sentences.length - 1 && p.from >= (sentences[s] as { to: number }).to) s++
    const first = s !== lastSentence
    lastSentence = s
    const capitalised = /^[A-Z]/.test(p.text) && p.text !== 'I'
    const name = known.has(p.text.toLowerCase()) || (capitalised && !first)
    const day = dayAfterMonth(text, p.from, p.text)
    for (const w of pieceWords(p.text)) {
      // "October 31" is also read "October thirty-first".
      if (day !== null && w.values) w.values.add(dayOrdinalValue(day))
      raw.push({
        ...w,
        text: p.text,
        from: p.from,
        to: p.to,
        sentence: s,
        number: w.values !== null,
        name: name && w.values === null,
        legal: sentences[s]?.legal ?? false,
      })
    }
  }
  const words: ScriptWord[] = groupNumberWords(raw).map(({ word, members }) => {
    const a = raw[members[0] as number] as ScriptWord
    const b = raw[members[members.length - 1] as number] as ScriptWord
    if (members.length === 1 && word === raw[members[0] as number]) return a
    return {
      ...a,
      key: word.key,
      values: word.values,
      text: text.slice(a.from, b.to),
      to: b.to,
      number: true,
      name: false,
    }
  })
  for (const w of words) if (w.values) w.number = true
  return { text, words: joinDigitGroups(text, words), sentences }
}

/** "555-1212" or "1 800 555 1212" is one number read digit by digit: adjacent digit groups become one token. */
function joinDigitGroups(text: string, words: ScriptWord[]): ScriptWord[] {
  return digitGroupRuns(
    words,
    (w) => w.text,
    (a, b) => text.slice(a.to, b.from),
  ).map((run) => {
    const first = run[0] as ScriptWord
    const last = run[run.length - 1] as ScriptWord
    if (run.length === 1) return first
    const joined = text.slice(first.from, last.to)
    return { ...first, key: joined, text: joined, to: last.to, values: new Set([joined.replace(/\D/g, '')]) }
  })
}
