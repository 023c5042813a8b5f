/** A word-level diff of a script change (previous_text → current_text), as segments to show. */
import { diffWords } from 'diff'

export interface DiffSegment {
  kind: 'same' | 'added' | 'removed'
  text: string
}

export function wordDiff(previous: string, current: string): DiffSegment[] {
  const out: DiffSegment[] = []
  for (const part of diffWords(previous, current)) {
    const kind: DiffSegment['kind'] = part.added ? 'added' : part.removed ? 'removed' : 'same'
    const last = out[out.length - 1]
    if (last && last.kind === kind) last.text += part.value
    else out.push({ kind, text: part.value })
  }
  return out
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
