/**
 * Places the audio check's issues on the script's words: each issue's `expected` words are found in the
 * script text (using the issue's `context` to pick the right occurrence when a word repeats), and the
 * script is cut into plain pieces and marked pieces. An issue that cannot be placed (no `expected`, or
 * words the script does not contain) is returned as unplaced, to be listed on its own. Pure.
 */
import type { components } from '../../../shared/api/talent-v1'
import type { AsRead } from '../../../shared/api-read'

/** An issue of the service's audio check (its kind and severity may be 'unknown') or of Booth's read-back. */
export type CheckIssue = AsRead<components['schemas']['CheckIssue']>

export interface ScriptWord {
  /** The word folded for comparison (lower case, outer punctuation and curly quotes removed). */
  key: string
  /** Where the word itself (without outer punctuation) starts and ends in the text. */
  start: number
  end: number
}

export interface ScriptPiece {
  text: string
  /** Indexes into the issues list of the issues marked on this piece; empty for plain text. */
  issues: number[]
}

export interface Placement {
  pieces: ScriptPiece[]
  /** Issues (by index) that could not be placed on the script. */
  unplaced: number[]
}

const EDGE = /^[^\p{L}\p{N}$]+|[^\p{L}\p{N}%]+$/gu

/** Folds a word for comparison: lower case (Greek final sigma as sigma), straight apostrophes, no outer punctuation. */
export function foldWord(word: string): string {
  return word.normalize('NFKC').replace(/[’‘]/g, "'").replace(EDGE, '').toLowerCase().replace(/ς/g, 'σ')
}

/** The words of a text with their positions. */
export function scriptWords(text: string): ScriptWord[] {
  const words: ScriptWord[] = []
  for (const m of text.matchAll(/\S+/g)) {
    const token = m[0]
    const lead = /^[^\p{L}\p{N}$]*/u.exec(token)?.[0].length ?? 0
    const trail = /[^\p{L}\p{N}%]*$/u.exec(token.slice(lead))?.[0].length ?? 0
    const inner = token.slice(lead, token.length - trail)
    if (!inner) continue
    words.push({ key: foldWord(inner), start: m.index + lead, end: m.index + token.length - trail })
  }
  return words
}

const keysOf = (text: string): string[] => text.split(/\s+/).map(foldWord).filter(Boolean)

function occurrences(words: ScriptWord[], seq: string[]): number[] {
  const found: number[] = []
  if (seq.length === 0) return found
  for (let i = 0; i + seq.length <= words.length; i++) {
    if (seq.every((k, j) => words[i + j]?.key === k)) found.push(i)
  }
  return found
}

/** Word index range [from, to) of an issue in the script, or null when it cannot be placed. */
export function locateIssue(words: ScriptWord[], issue: CheckIssue): { from: number; to: number } | null {
  if (!issue.expected) return null
  const expected = keysOf(issue.expected)
  const hits = occurrences(words, expected)
  if (hits.length === 0) return null
  if (hits.length > 1) {
    // The context is a window of words around the issue: use it to pick the occurrence.
    const context = keysOf(issue.context)
    for (const at of occurrences(words, context)) {
      const within = hits.find((h) => h >= at && h + expected.length <= at + context.length)
      if (within !== undefined) return { from: within, to: within + expected.length }
    }
    // A context that is cut or differs: the occurrence sharing the most context words nearby.
    const near = new Set(context)
    let best = hits[0]!
    let bestScore = -1
    for (const h of hits) {
      let score = 0
      for (let k = Math.max(0, h - 5); k < Math.min(words.length, h + expected.length + 5); k++)
        if (near.has(words[k]!.key)) score++
      if (score > bestScore) [best, bestScore] = [h, score]
    }
    return { from: best, to: best + expected.length }
  }
  return { from: hits[0]!, to: hits[0]! + expected.length }
}

export function placeIssues(text: string, issues: readonly CheckIssue[]): Placement {
  const words = scriptWords(text)
  const perWord = new Map<number, number[]>()
  const unplaced: number[] = []
  issues.forEach((issue, n) => {
    const at = locateIssue(words, issue)
    if (!at) {
      unplaced.push(n)
      return
    }
    for (let w = at.from; w < at.to; w++) perWord.set(w, [...(perWord.get(w) ?? []), n])
  })
  const pieces: ScriptPiece[] = []
  let cursor = 0
  words.forEach((word, w) => {
    const marked = perWord.get(w)
    if (!marked) return
    const gap = text.slice(cursor, word.start)
    const last = pieces[pieces.length - 1]
    if (last && last.issues.length > 0 && sameIssues(last.issues, marked) && gap.trim() === '') {
      // The next word of the same issue: one mark over both, the space between included.
      last.text += gap + text.slice(word.start, word.end)
    } else {
      if (gap) pieces.push({ text: gap, issues: [] })
      pieces.push({ text: text.slice(word.start, word.end), issues: marked })
    }
    cursor = word.end
  })
  if (cursor < text.length) pieces.push({ text: text.slice(cursor), issues: [] })
  return { pieces, unplaced }
}

function sameIssues(a: number[], b: number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i])
}

/** One issue as a sentence: "“APR” missing (legal line, number)". */
export function describeIssue(issue: CheckIssue): string {
  const expected = issue.expected ? `“${issue.expected}”` : null
  const heard = issue.heard ? `“${issue.heard}”` : null
  let text: string
  switch (issue.kind) {
    case 'missing':
      text = `${expected ?? 'A word'} missing`
      break
    case 'changed':
      text = `${expected ?? 'A word'} heard as ${heard ?? 'something else'}`
      break
    case 'extra':
      text = `${heard ?? 'A word'} read but not in the script`
      break
    case 'repeated':
      text = `${expected ?? heard ?? 'A word'} read twice`
      break
    case 'unknown':
      text = `${expected ?? heard ?? 'A word'}: an issue of a kind Booth does not know`
      break
  }
  const flags = [issue.legal && 'legal line', issue.name && 'name', issue.number && 'number'].filter(Boolean)
  return flags.length ? `${text} (${flags.join(', ')})` : text
}

export const SEVERITY_WORDS: Record<CheckIssue['severity'], string> = {
  high: 'Important',
  normal: 'Worth a listen',
  soft: 'Minor',
  unknown: 'Importance unknown',
}
