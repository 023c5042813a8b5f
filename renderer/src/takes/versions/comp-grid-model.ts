/**
 * The comp grid's pure parts: moving the focused cell with the keys a grid takes (arrows, Home/End,
 * Ctrl+Home/End), the picks the talent changed over main's defaults, the picks sent to renderComp, and
 * a cell's words. Tested without a browser (test/unit/renderer/takes/versions-window-words.test.ts and test/unit/versions/revision-window.test.ts).
 */
import type { CompCellView, CompGridView } from '../../../../shared/versions/types'
import { formatLoudness, formatTakeLength } from '../take-numbers'

export interface GridPosition {
  row: number
  col: number
}

/** Where the focus goes for a key in a rows × cols grid; null when the key does not move it. */
export function moveInGrid(
  at: GridPosition,
  key: string,
  rows: number,
  cols: number,
  ctrl = false,
): GridPosition | null {
  if (rows <= 0 || cols <= 0) return null
  const clamp = (p: GridPosition): GridPosition => ({
    row: Math.min(rows - 1, Math.max(0, p.row)),
    col: Math.min(cols - 1, Math.max(0, p.col)),
  })
  switch (key) {
    case 'ArrowUp':
      return clamp({ row: at.row - 1, col: at.col })
    case 'ArrowDown':
      return clamp({ row: at.row + 1, col: at.col })
    case 'ArrowLeft':
      return clamp({ row: at.row, col: at.col - 1 })
    case 'ArrowRight':
      return clamp({ row: at.row, col: at.col + 1 })
    case 'Home':
      return ctrl ? { row: 0, col: 0 } : clamp({ row: at.row, col: 0 })
    case 'End':
      return ctrl ? { row: rows - 1, col: cols - 1 } : clamp({ row: at.row, col: cols - 1 })
    case 'PageUp':
      return clamp({ row: 0, col: at.col })
    case 'PageDown':
      return clamp({ row: rows - 1, col: at.col })
    default:
      return null
  }
}

/** The take picked for each sentence: the talent's choice where made, else main's default (null: no take reads it). */
export function effectivePicks(grid: CompGridView, chosen: Readonly<Record<number, string>>): Array<string | null> {
  return grid.sentences.map((s, i) => chosen[s.number] ?? grid.picks[i] ?? null)
}

/** Sentences nothing is picked for (the grid's unread ones, named before rendering). */
export function unpickedSentences(grid: CompGridView, chosen: Readonly<Record<number, string>>): number[] {
  const picks = effectivePicks(grid, chosen)
  return grid.sentences.filter((_, i) => picks[i] === null).map((s) => s.number)
}

/** What renderComp is sent; null while a sentence has no pick. */
export function compPicks(
  grid: CompGridView,
  chosen: Readonly<Record<number, string>>,
): Array<{ sentence: number; takeId: string }> | null {
  const picks = effectivePicks(grid, chosen)
  const out: Array<{ sentence: number; takeId: string }> = []
  for (let i = 0; i < grid.sentences.length; i++) {
    const takeId = picks[i]
    if (!takeId) return null
    out.push({ sentence: (grid.sentences[i] as { number: number }).number, takeId })
  }
  return out
}

const STATE_WORDS: Record<CompCellView['state'], string> = { clean: 'Clean', issues: 'Issues', not_read: 'Not read' }

/** A cell's state in a word, and its figures: "−16.2 LUFS · TP −1.3 · 2.4 s". */
export function cellWords(cell: CompCellView): { state: string; figures: string } {
  const tp =
    cell.true_peak_dbtp === null || !Number.isFinite(cell.true_peak_dbtp)
      ? '—'
      : `${cell.true_peak_dbtp < 0 ? '−' : ''}${Math.abs(cell.true_peak_dbtp).toFixed(1)} dBTP`
  // A take read from an older script offers no reading of a sentence changed or added since (its issue says which).
  const older = cell.state === 'not_read' && cell.issues.length > 0
  return {
    state: older ? 'Older script' : STATE_WORDS[cell.state],
    figures:
      cell.state === 'not_read' ? '' : `${formatLoudness(cell.lufs)} · ${tp} · ${formatTakeLength(cell.length_s)}`,
  }
}

/** "Sentence 3 is read by no take" / "Sentences 2 and 4 are read by no take" (or null). */
export function unreadWords(numbers: readonly number[]): string | null {
  if (numbers.length === 0) return null
  if (numbers.length === 1)
    return `Sentence ${numbers[0]} is read by no take: record it before the comp can be rendered.`
  const list = `${numbers.slice(0, -1).join(', ')} and ${numbers[numbers.length - 1]}`
  return `Sentences ${list} are read by no take: record them before the comp can be rendered.`
}

/**
 * Whether a cell can be picked for the comp, and if not, why (said when it has the focus): a take that
 * does not read the sentence, or read it from an older script, has no reading of it to splice in.
 */
export function cellUse(cell: CompCellView | undefined): { usable: boolean; why: string | null } {
  if (!cell) return { usable: false, why: 'This take has nothing for this sentence.' }
  if (cell.state !== 'not_read') return { usable: true, why: null }
  if (cell.issues.length > 0)
    return { usable: false, why: `Cannot be picked: this take was read from an older script. ${cell.issues[0]}` }
  return { usable: false, why: 'Cannot be picked: this take does not read this sentence.' }
}
