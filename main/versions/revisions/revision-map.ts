/**
 * A producer's revision, sentence by sentence: which sentences of the script a take was read from (old)
 * are in the new script unchanged, which were changed, which were removed, and which new sentences were
 * added. Sentences are the read-back's own (readback/script/script-model.ts), compared by their words as the
 * read-back hears them (case, punctuation and spacing do not count).
 * - Unchanged: the longest run, in order, of sentences with the same words (a longest common subsequence).
 * - Changed: between two unchanged sentences, an old and a new sentence that share at least half their
 *   words (paired in order, the most shared words first).
 * - Everything else in the new script is added, in the old removed.
 * An older take keeps what it reads unchanged; changed and added sentences are what is left to record.
 */
import { scriptModel } from '../../readback/index'

export type NewFate = 'unchanged' | 'changed' | 'added'
export type OldFate = 'unchanged' | 'changed' | 'removed'

export interface RevisionMap {
  /** Per sentence of the new script (0-based): what it is, and the old sentence it comes from (null: added). */
  next: Array<{ fate: NewFate; old: number | null }>
  /** Per sentence of the old script: what became of it, and the new sentence it is (null: removed). */
  old: Array<{ fate: OldFate; next: number | null }>
}

/** Two sentences are one sentence changed when they share at least this share of the longer's words. */
export const CHANGED_SHARE = 0.5

/** Each sentence's words as the read-back compares them. */
export function sentenceWords(text: string): string[][] {
  const model = scriptModel(text)
  const out: string[][] = model.sentences.map(() => [])
  for (const w of model.words) if (w.sentence >= 0 && w.sentence < out.length) (out[w.sentence] as string[]).push(w.key)
  return out
}

/** Pairs of equal items in order, as many as there can be (a longest common subsequence). */
function lcsPairs<T>(a: readonly T[], b: readonly T[], same: (x: T, y: T) => boolean): Array<[number, number]> {
  const n = a.length
  const m = b.length
  const len: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0))
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      const row = len[i] as number[]
      row[j] = same(a[i] as T, b[j] as T)
        ? ((len[i + 1] as number[])[j + 1] as number) + 1
        : Math.max((len[i + 1] as number[])[j] as number, row[j + 1] as number)
    }
  }
  const pairs: Array<[number, number]> = []
  let i = 0
  let j = 0
  while (i < n && j < m) {
    if (same(a[i] as T, b[j] as T)) {
      pairs.push([i, j])
      i++
      j++
    } else if (((len[i + 1] as number[])[j] as number) >= ((len[i] as number[])[j + 1] as number)) i++
    else j++
  }
  return pairs
}

/** How many words two sentences share, in order, out of the longer one's. */
export function sharedShare(a: readonly string[], b: readonly string[]): number {
  const longer = Math.max(a.length, b.length)
  if (longer === 0) return 0
  return lcsPairs(a, b, (x, y) => x === y).length / longer
}

/** In one gap between unchanged sentences: old and new sentences paired in order, the most shared first. */
function pairChanged(
  oldWords: string[][],
  newWords: string[][],
  oldIdx: number[],
  newIdx: number[],
): Array<[number, number]> {
  const n = oldIdx.length
  const m = newIdx.length
  if (n === 0 || m === 0) return []
  // Best total share of pairs in order (a small alignment); gaps are short, so n × m stays small.
  const score = (i: number, j: number): number => {
    const s = sharedShare(oldWords[oldIdx[i] as number] as string[], newWords[newIdx[j] as number] as string[])
    return s >= CHANGED_SHARE ? s : -1
  }
  const best: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0))
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      const s = score(i, j)
      const take = s > 0 ? s + ((best[i + 1] as number[])[j + 1] as number) : -Infinity
      ;(best[i] as number[])[j] = Math.max(
        take,
        (best[i + 1] as number[])[j] as number,
        (best[i] as number[])[j + 1] as number,
      )
    }
  }
  const pairs: Array<[number, number]> = []
  let i = 0
  let j = 0
  while (i < n && j < m) {
    const here = (best[i] as number[])[j] as number
    const s = score(i, j)
    if (s > 0 && Math.abs(here - (s + ((best[i + 1] as number[])[j + 1] as number))) < 1e-9) {
      pairs.push([oldIdx[i] as number, newIdx[j] as number])
      i++
      j++
    } else if (Math.abs(here - ((best[i + 1] as number[])[j] as number)) < 1e-9) i++
    else j++
  }
  return pairs
}

export function revisionMap(oldText: string, newText: string): RevisionMap {
  const a = sentenceWords(oldText)
  const b = sentenceWords(newText)
  const key = (ws: readonly string[]) => ws.join(' ')
  const ka = a.map(key)
  const kb = b.map(key)
  const next: RevisionMap['next'] = b.map(() => ({ fate: 'added', old: null }))
  const old: RevisionMap['old'] = a.map(() => ({ fate: 'removed', next: null }))
  // A sentence with no words (a line of punctuation) is never an anchor.
  const same = lcsPairs(ka, kb, (x, y) => x === y && x !== '')
  for (const [i, j] of same) {
    next[j] = { fate: 'unchanged', old: i }
    old[i] = { fate: 'unchanged', next: j }
  }
  const anchors: Array<[number, number]> = [[-1, -1], ...same, [a.length, b.length]]
  for (let g = 0; g + 1 < anchors.length; g++) {
    const [i0, j0] = anchors[g] as [number, number]
    const [i1, j1] = anchors[g + 1] as [number, number]
    const oldIdx = Array.from({ length: i1 - i0 - 1 }, (_, d) => i0 + 1 + d)
    const newIdx = Array.from({ length: j1 - j0 - 1 }, (_, d) => j0 + 1 + d)
    for (const [i, j] of pairChanged(a, b, oldIdx, newIdx)) {
      next[j] = { fate: 'changed', old: i }
      old[i] = { fate: 'changed', next: j }
    }
  }
  return { next, old }
}

/** The new script's sentences an older take leaves to record (changed or added), 0-based. */
export function toRecord(map: RevisionMap): number[] {
  return map.next.flatMap((s, j) => (s.fate === 'unchanged' ? [] : [j]))
}

/** True when the two scripts read the same, sentence for sentence. */
export function sameSentences(map: RevisionMap): boolean {
  return map.next.length === map.old.length && map.next.every((s) => s.fate === 'unchanged')
}
