/**
 * The take row's version words, the comp grid's keys and picks, the pickup cards' words and the punch
 * request, without a browser: fast-check walks the grid with any key sequence and it never leaves it.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { CompGridView, TakeVersion } from '../../../../shared/versions/types'
import {
  cellWords,
  compPicks,
  effectivePicks,
  moveInGrid,
  unpickedSentences,
  unreadWords,
} from '../../../../renderer/src/takes/versions/comp-grid-model'
import {
  cardChange,
  cardsProgress,
  cardWhere,
  csvProblem,
} from '../../../../renderer/src/takes/versions/pickup-card-words'
import { requestPunch, subscribePunchRequests } from '../../../../renderer/src/takes/versions/punch-request'
import {
  restartWords,
  undoTarget,
  versionFigures,
  versionHeadline,
  versionMark,
  versionReadbackWords,
} from '../../../../renderer/src/takes/versions/version-words'

function version(n: number, made_from: number | null, extra: Partial<TakeVersion> = {}): TakeVersion {
  return {
    number: n,
    operation: n === 1 ? 'recording' : 'pickup',
    created_at: '2026-11-26T08:00:00Z',
    made_from,
    edits: null,
    render_key: null,
    summary: n === 1 ? '' : `Sentence 2 replaced from Pickup ${n + 1}, +0.4 s.`,
    changes: [],
    findings: [],
    preflight: null,
    trim: { head_s: 0, tail_s: 0 },
    trimmed_preflight: null,
    readback: null,
    ...extra,
  }
}

describe('a take’s versions in words', () => {
  it('marks the version beside the take’s name only once there are two', () => {
    expect(versionMark({})).toBeNull()
    expect(versionMark({ versions: [version(1, null)] })).toBeNull()
    expect(versionMark({ versions: [version(1, null), version(2, 1), version(3, 2)], current_version: 3 })).toBe('v3')
    expect(versionMark({ versions: [version(1, null), version(2, 1)], current_version: 1 })).toBe('v1')
  })

  it('undo goes back to the version the current one was made from', () => {
    const versions = [version(1, null), version(2, 1), version(3, 1)]
    expect(undoTarget({ versions, current_version: 3 })).toBe(1)
    expect(undoTarget({ versions, current_version: 2 })).toBe(1)
    expect(undoTarget({ versions, current_version: 1 })).toBeNull()
    expect(undoTarget({})).toBeNull()
  })

  it('says whether a version reads clean, and what the read-back found when not', () => {
    expect(versionReadbackWords(null)).toEqual({ text: 'Not read back', tone: 'muted' })
    expect(versionReadbackWords({ verdict: 'matches', coverage: 1, summary: 'x', clean: true })).toEqual({
      text: 'Reads clean',
      tone: 'success',
    })
    expect(versionReadbackWords({ verdict: 'mismatch', coverage: 0.9, summary: '1 changed.', clean: false }).text).toBe(
      'Differs from the script: 1 changed.',
    )
    expect(versionReadbackWords({ verdict: 'check', coverage: 0.9, summary: ' ', clean: false }).text).toBe(
      'Differs from the script',
    )
  })

  it('gives a version’s figures and headline in one line each', () => {
    const preflight = {
      measured: true,
      duration_s: 12.34,
      voiced_s: 10,
      sample_rate: 48000,
      channels: 1,
      bit_depth: 24,
      peak_dbfs: -1.26,
      lufs: -16.24,
      lead_silence_s: 0.1,
      tail_silence_s: 0.1,
      codec: 'pcm',
      warnings: [],
    }
    expect(versionFigures(preflight)).toBe('12.3 s · −16.2 LUFS · peak −1.3 dBFS')
    expect(versionFigures(null)).toBe('Not measured')
    expect(versionFigures({ ...preflight, measured: false })).toBe('Not measured')
    expect(versionHeadline(version(2, 1))).toBe('v2 · Sentence 2 replaced from Pickup 3, +0.4 s.')
    expect(versionHeadline(version(1, null))).toBe('v1 · The recording as made.')
    expect(versionHeadline({ number: 1, operation: 'comp', summary: '' })).toBe('v1 · The comp as rendered.')
  })

  it('names a false start by where it is and how long', () => {
    expect(restartWords({ from_s: 3.27, to_s: 4.4 })).toBe('false start at 0:03.2 (1.1 s)')
  })
})

const grid: CompGridView = {
  jobId: '1',
  revision_id: '5',
  sentences: [
    { number: 1, text: 'One.' },
    { number: 2, text: 'Two.' },
    { number: 3, text: 'Three.' },
  ],
  takes: [
    { takeId: 'a', name: 'X_main_01', take_number: 1 },
    { takeId: 'b', name: 'X_main_02', take_number: 2 },
  ],
  cells: [
    [
      { takeId: 'a', state: 'clean', issues: [], lufs: -16.04, true_peak_dbtp: -1.5, length_s: 2.04 },
      { takeId: 'b', state: 'issues', issues: ['x'], lufs: -17, true_peak_dbtp: 0.2, length_s: 2.2 },
    ],
    [
      { takeId: 'a', state: 'not_read', issues: [], lufs: null, true_peak_dbtp: null, length_s: null },
      { takeId: 'b', state: 'clean', issues: [], lufs: -16, true_peak_dbtp: -2, length_s: 1 },
    ],
    [
      { takeId: 'a', state: 'not_read', issues: [], lufs: null, true_peak_dbtp: null, length_s: null },
      { takeId: 'b', state: 'not_read', issues: [], lufs: null, true_peak_dbtp: null, length_s: null },
    ],
  ],
  picks: ['a', 'b', null],
  unread: [3],
  left_out: [],
}

describe('the comp grid', () => {
  it('moves with the arrow keys, Home/End and Page keys, and stops at the edges', () => {
    expect(moveInGrid({ row: 0, col: 0 }, 'ArrowRight', 3, 2)).toEqual({ row: 0, col: 1 })
    expect(moveInGrid({ row: 0, col: 1 }, 'ArrowRight', 3, 2)).toEqual({ row: 0, col: 1 })
    expect(moveInGrid({ row: 0, col: 0 }, 'ArrowUp', 3, 2)).toEqual({ row: 0, col: 0 })
    expect(moveInGrid({ row: 1, col: 1 }, 'Home', 3, 2)).toEqual({ row: 1, col: 0 })
    expect(moveInGrid({ row: 1, col: 0 }, 'End', 3, 2, true)).toEqual({ row: 2, col: 1 })
    expect(moveInGrid({ row: 1, col: 1 }, 'PageUp', 3, 2)).toEqual({ row: 0, col: 1 })
    expect(moveInGrid({ row: 0, col: 0 }, 'a', 3, 2)).toBeNull()
    expect(moveInGrid({ row: 0, col: 0 }, 'ArrowDown', 0, 2)).toBeNull()
  })

  it('never leaves the grid, whatever keys are pressed', () => {
    const keys = fc.constantFrom(
      'ArrowUp',
      'ArrowDown',
      'ArrowLeft',
      'ArrowRight',
      'Home',
      'End',
      'PageUp',
      'PageDown',
      'x',
    )
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.tuple(keys, fc.boolean()), { maxLength: 60 }),
        (rows, cols, presses) => {
          let at = { row: 0, col: 0 }
          for (const [key, ctrl] of presses) {
            at = moveInGrid(at, key, rows, cols, ctrl) ?? at
            if (at.row < 0 || at.row >= rows || at.col < 0 || at.col >= cols) return false
          }
          return true
        },
      ),
    )
  })

  it('keeps main’s default picks until the talent picks, and names sentences no take reads', () => {
    expect(effectivePicks(grid, {})).toEqual(['a', 'b', null])
    expect(effectivePicks(grid, { 1: 'b' })).toEqual(['b', 'b', null])
    expect(unpickedSentences(grid, {})).toEqual([3])
    expect(compPicks(grid, {})).toBeNull()
    expect(compPicks(grid, { 3: 'a' })).toEqual([
      { sentence: 1, takeId: 'a' },
      { sentence: 2, takeId: 'b' },
      { sentence: 3, takeId: 'a' },
    ])
    expect(unreadWords([])).toBeNull()
    expect(unreadWords([3])).toBe('Sentence 3 is read by no take: record it before the comp can be rendered.')
    expect(unreadWords([2, 4, 5])).toBe(
      'Sentences 2, 4 and 5 are read by no take: record them before the comp can be rendered.',
    )
  })

  it('says a cell’s state and figures', () => {
    expect(cellWords(grid.cells[0]![0]!)).toEqual({ state: 'Clean', figures: '−16.0 LUFS · −1.5 dBTP · 2.0 s' })
    expect(cellWords(grid.cells[0]![1]!)).toEqual({ state: 'Issues', figures: '−17.0 LUFS · 0.2 dBTP · 2.2 s' })
    expect(cellWords(grid.cells[2]![0]!)).toEqual({ state: 'Not read', figures: '' })
  })
})

describe('pickup cards', () => {
  const card = {
    row: 2,
    sentence: 2,
    locator: { kind: 'text' as const, text: 'Queen' },
    said: 'two seventy-nine',
    should_be: 'two ninety-nine',
    done: false,
  }
  it('says where a card points and what should change', () => {
    expect(cardWhere(card)).toBe('Sentence 2')
    expect(cardWhere({ ...card, sentence: null, locator: { kind: 'time', seconds: 61.55 } })).toBe('At 1:01.5')
    expect(cardWhere({ ...card, sentence: null })).toBe('Row 2')
    expect(cardChange(card)).toBe('Said “two seventy-nine”, should be “two ninety-nine”.')
    expect(cardChange({ said: '', should_be: 'x' })).toBe('Should be “x”.')
    expect(cardChange({ said: ' ', should_be: '' })).toBe('No note on what was said.')
    expect(cardsProgress([card, { ...card, done: true }, { ...card, sentence: null }])).toBe('1 of 2 fixed')
  })

  it('refuses an empty, binary or oversized file before sending it, naming it', () => {
    expect(csvProblem('list.csv', ' \n', 100)).toBe('“list.csv” is empty; a pickup list has a row per pickup.')
    expect(csvProblem('a.png', 'PNG\u0000\u0001', 100)).toBe(
      '“a.png” is not a text file; export the pickup list as CSV.',
    )
    expect(csvProblem('big.csv', 'x'.repeat(101), 100)).toMatch(/^“big.csv” is too long for a pickup list/)
    expect(csvProblem('ok.csv', 'a,b,c', 100)).toBeNull()
  })
})

describe('the punch request', () => {
  it('hands the take and sentence to whoever listens, and is seen again when asked twice', () => {
    const seen: Array<{ takeId: string; sentence: number }> = []
    const stop = subscribePunchRequests((r) => seen.push(r))
    requestPunch('t1', 2)
    requestPunch('t1', 2)
    stop()
    requestPunch('t1', 3)
    expect(seen).toEqual([
      { takeId: 't1', sentence: 2 },
      { takeId: 't1', sentence: 2 },
    ])
    // Kept for the next listener.
    const later: Array<{ takeId: string; sentence: number }> = []
    subscribePunchRequests((r) => later.push(r))()
    expect(later).toEqual([{ takeId: 't1', sentence: 3 }])
  })
})
