/**
 * Biasing sherpa-onnx toward the script: its transducer models take "hotwords" (with modified beam
 * search), each a sequence of the model's own tokens. The script's words are cut into tokens from the
 * model's tokens.txt by greedy longest match (close to what the model's BPE does for ordinary words), and
 * the script's sentences are given as short phrases of three words, so the read is recognised as written
 * while a misread word, which gets no boost, still comes through as itself.
 */
import { readFile } from 'node:fs/promises'
import { spokenSentences } from '../../script/spoken-sentences'
import { HOTWORD_MAX_PHRASES as MAX_PHRASES } from '../../tuning'

const WORD_MARK = '▁'

export interface TokenSet {
  tokens: Set<string>
  upper: boolean
  longest: number
}

export function parseTokens(text: string): TokenSet {
  const tokens = new Set<string>()
  let letters = 0
  let upperLetters = 0
  for (const line of text.split('\n')) {
    const tok = line.trim().split(/\s+/)[0]
    if (!tok || /^<.*>$/.test(tok)) continue
    tokens.add(tok)
    for (const ch of tok) {
      if (/[a-z]/i.test(ch)) {
        letters++
        if (ch === ch.toUpperCase()) upperLetters++
      }
    }
  }
  return { tokens, upper: upperLetters > letters / 2, longest: Math.max(1, ...[...tokens].map((t) => t.length)) }
}

/** A word as the model's tokens ("▁SATUR DAY"), or null when a letter has no token. */
export function tokenize(word: string, set: TokenSet): string[] | null {
  const text = `${WORD_MARK}${set.upper ? word.toUpperCase() : word.toLowerCase()}`
  const out: string[] = []
  let i = 0
  while (i < text.length) {
    let found: string | null = null
    for (let len = Math.min(set.longest, text.length - i); len > 0; len--) {
      const piece = text.slice(i, i + len)
      if (set.tokens.has(piece)) {
        found = piece
        break
      }
    }
    if (!found) return null
    out.push(found)
    i += found.length
  }
  return out
}

/** The hotwords string for a script: phrases of up to three words, as tokens, separated by "/". */
export function scriptHotwords(script: string, set: TokenSet): string {
  const phrases: string[] = []
  const seen = new Set<string>()
  for (const sentence of spokenSentences(script)) {
    for (let i = 0; i < sentence.length && phrases.length < MAX_PHRASES; i += 2) {
      const words = sentence.slice(i, i + 3)
      if (i > 0 && words.length < 2) continue // the last word is in the phrase before
      const toks = words.map((w) =>
        tokenize(w.replace(/'/g, set.tokens.has("'") || set.tokens.has(`${WORD_MARK}'`) ? "'" : ''), set),
      )
      if (toks.some((t) => t === null)) continue
      const phrase = (toks as string[][]).flat().join(' ')
      if (!seen.has(phrase)) {
        seen.add(phrase)
        phrases.push(phrase)
      }
    }
  }
  return phrases.join('/')
}

export async function loadTokenSet(path: string): Promise<TokenSet> {
  return parseTokens(await readFile(path, 'utf8'))
}
