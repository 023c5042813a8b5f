/**
 * The diff of a script change (previous_text → current_text), as segments to show, at a bounded cost.
 *
 * The text both versions share at the start and at the end is set aside first (cheap), so a small edit in
 * a long script is compared word by word however long the script is. What is left is compared:
 * - word by word when both sides together are at most WORD_DIFF_MAX_CHARS characters and differ in at
 *   most WORD_DIFF_MAX_EDITS words;
 * - else sentence by sentence (at most SENTENCE_DIFF_MAX_EDITS sentences changed);
 * - else line by line (at most LINE_DIFF_MAX_EDITS lines);
 * - else as the old text removed and the new text added.
 * Each step gives up (jsdiff's maxEditLength) before it gets expensive, so the worst case stays within a
 * few hundred milliseconds, and it runs in a Web Worker (word-diff.worker.ts), never on the UI thread.
 */
import { diffLines, diffSentences, diffWordsWithSpace, type ChangeObject } from 'diff'

export const WORD_DIFF_MAX_CHARS = 20_000
export const WORD_DIFF_MAX_EDITS = 600
export const SENTENCE_DIFF_MAX_EDITS = 500
export const LINE_DIFF_MAX_EDITS = 2_000

export interface DiffSegment {
  kind: 'same' | 'added' | 'removed'
  text: string
}

/** How finely the change was compared. */
export type DiffGranularity = 'words' | 'sentences' | 'lines' | 'whole'

export interface ScriptDiff {
  granularity: DiffGranularity
  segments: DiffSegment[]
}

function push(out: DiffSegment[], kind: DiffSegment['kind'], text: string): void {
  if (!text) return
  const last = out[out.length - 1]
  if (last && last.kind === kind) last.text += text
  else out.push({ kind, text })
}

function appendParts(out: DiffSegment[], parts: readonly ChangeObject<string>[]): void {
  for (const part of parts) push(out, part.added ? 'added' : part.removed ? 'removed' : 'same', part.value)
}

const isSpace = (c: string | undefined) => c !== undefined && /\s/.test(c)

/** Lengths of the shared start and end of two texts, each cut back to a whitespace edge so no word is split. */
export function sharedEnds(a: string, b: string): { head: number; tail: number } {
  const max = Math.min(a.length, b.length)
  let head = 0
  while (head < max && a.charCodeAt(head) === b.charCodeAt(head)) head++
  if (head < max || a.length !== b.length) while (head > 0 && !(isSpace(a[head - 1]) && isSpace(b[head - 1]))) head--
  let tail = 0
  while (tail < max - head && a.charCodeAt(a.length - 1 - tail) === b.charCodeAt(b.length - 1 - tail)) tail++
  if (tail < max - head || a.length !== b.length)
    while (tail > 0 && !(isSpace(a[a.length - tail]) && isSpace(b[b.length - tail]))) tail--
  return { head, tail }
}

function diffMiddle(a: string, b: string): { granularity: DiffGranularity; parts: ChangeObject<string>[] } {
  if (a.length + b.length <= WORD_DIFF_MAX_CHARS) {
    const parts = diffWordsWithSpace(a, b, { maxEditLength: WORD_DIFF_MAX_EDITS })
    if (parts) return { granularity: 'words', parts }
  }
  const sentences = diffSentences(a, b, { maxEditLength: SENTENCE_DIFF_MAX_EDITS })
  if (sentences) return { granularity: 'sentences', parts: sentences }
  const lines = diffLines(a, b, { maxEditLength: LINE_DIFF_MAX_EDITS })
  if (lines) return { granularity: 'lines', parts: lines }
  return {
    granularity: 'whole',
    parts: [
      { value: a, added: false, removed: true, count: 1 },
      { value: b, added: true, removed: false, count: 1 },
    ],
  }
}

/**
 * The change from `previous` to `current`, as finely as the bounded cost allows. Joined, the non-added segments give
 * `previous` and the non-removed give `current`.
 */
export function scriptDiff(previous: string, current: string): ScriptDiff {
  const { head, tail } = sharedEnds(previous, current)
  const out: DiffSegment[] = []
  push(out, 'same', previous.slice(0, head))
  const middle = diffMiddle(previous.slice(head, previous.length - tail), current.slice(head, current.length - tail))
  appendParts(out, middle.parts)
  push(out, 'same', previous.slice(previous.length - tail))
  return { granularity: previous === current ? 'words' : middle.granularity, segments: out }
}

/** How many words were added and removed, for a one-line summary. */
export function diffStats(segments: readonly DiffSegment[]): { added: number; removed: number } {
  const words = (text: string) => text.split(/\s+/).filter(Boolean).length
  let added = 0
  let removed = 0
  for (const s of segments) {
    if (s.kind === 'added') added += words(s.text)
    if (s.kind === 'removed') removed += words(s.text)
  }
  return { added, removed }
}
