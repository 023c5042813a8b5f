/**
 * Comps: the sentence × take grid of the takes of one job read from the same script, the picks made by
 * default, and the patches that render the picked cells as one take.
 * - A cell is a take's reading of a sentence: its read-back state (clean, issues, not read), loudness, true
 *   peak and length.
 * - By default each sentence takes its last clean reading: the newest take (takes come oldest first) whose
 *   read-back reads that sentence clean; a sentence no take reads clean takes its last reading with the
 *   fewest issues; any cell may be picked instead. "Clean" is the read-back the talent sees: when a take
 *   brings its stored check (names and the recogniser's doubts weighed), its cells are judged by that, not
 *   by a plainer comparison of its words that would call a doubted sentence clean.
 * - The comp is built on one take (the one most cells are picked from): its own sentences stay as they
 *   are, with its pauses and room tone, and every other picked cell is placed into it (place-patches.ts).
 * - Levels: each other take gets one gain, the median over the sentences both read of how much louder the
 *   base take reads them, so neighbouring sentences from different days keep the level relation they have
 *   within one take (a sentence is not pulled to its own neighbour's level).
 * - A sentence that no take reads is named before anything is rendered.
 */
import type { ReadbackCheck, ReadbackIssue } from '../../../shared/readback/types'
import { levelMatchGainDb } from '../cuts/cut-rules'
import type { Patch } from '../fixes/place-patches'
import { medianSentenceLufs } from '../fixes/pickup-plan'
import type { AnalyzedSentence, RecordingAnalysis } from '../cuts/recording-analysis'
import { issueInSentence, scriptSentences } from '../../readback/index'

export type CellState = 'clean' | 'issues' | 'not_read'

export interface CompCell {
  state: CellState
  /** The read-back's issues in it (not soft), in words. */
  issues: string[]
  lufs: number | null
  true_peak_dbtp: number | null
  length_s: number | null
}

export interface CompTake {
  name: string
  analysis: RecordingAnalysis
  /** The take's read-back as the talent sees it, and the script it was checked against: judges its cells when given. */
  readback?: { check: ReadbackCheck; script: string } | null
}

export class CompError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CompError'
  }
}

const round2 = (x: number): number => Math.round(x * 100) / 100

/** `judged`: the read-back's issues in this sentence (not soft), when the take's read-back judges it; else the analysis's. */
export function cellOf(s: AnalyzedSentence | null | undefined, judged?: readonly ReadbackIssue[]): CompCell {
  if (!s) return { state: 'not_read', issues: [], lufs: null, true_peak_dbtp: null, length_s: null }
  const issues = judged ?? s.issues
  return {
    state: issues.length === 0 ? 'clean' : 'issues',
    issues: issues.map((i) =>
      i.kind === 'missing'
        ? `“${i.expected ?? ''}” not heard`
        : i.kind === 'changed'
          ? `“${i.heard ?? ''}” heard for “${i.expected ?? ''}”`
          : `“${i.heard ?? ''}” ${i.kind}`,
    ),
    lufs: s.lufs,
    true_peak_dbtp: s.true_peak_dbtp,
    length_s: round2(s.speechEndS - s.onsetS),
  }
}

/** The read-back's issues (not soft) in each sentence of its script. */
function issuesBySentence(readback: { check: ReadbackCheck; script: string }): ReadbackIssue[][] {
  const issues = readback.check.issues.filter((i) => i.severity !== 'soft')
  return scriptSentences(readback.script).map((range) => issues.filter((i) => issueInSentence(i, range)))
}

/** cells[sentence][take] for `sentenceCount` sentences. */
export function compCells(takes: readonly CompTake[], sentenceCount: number): CompCell[][] {
  const judged = takes.map((t) => (t.readback ? issuesBySentence(t.readback) : null))
  return Array.from({ length: sentenceCount }, (_, k) =>
    takes.map((t, i) => cellOf(t.analysis.sentences[k], judged[i]?.[k])),
  )
}

/** The default pick of each sentence (a take index; null when no take reads it): the last clean reading, else the last with the fewest issues. */
export function defaultPicks(cells: CompCell[][]): Array<number | null> {
  return cells.map((row) => {
    let pick: number | null = null
    row.forEach((c, t) => {
      if (c.state === 'clean') pick = t
    })
    if (pick !== null) return pick
    let fewest = Infinity
    row.forEach((c, t) => {
      if (c.state === 'issues' && c.issues.length <= fewest) {
        fewest = c.issues.length
        pick = t
      }
    })
    return pick
  })
}

/** How much louder `base` reads the sentences both read than `other` does (dB, median); from their typical levels when they share none. */
export function takeOffsetDb(base: RecordingAnalysis, other: RecordingAnalysis): number {
  const diffs: number[] = []
  base.sentences.forEach((s, k) => {
    const o = other.sentences[k]
    if (s?.lufs != null && o?.lufs != null) diffs.push(s.lufs - o.lufs)
  })
  if (diffs.length === 0) return levelMatchGainDb(medianSentenceLufs(base), medianSentenceLufs(other))
  diffs.sort((a, b) => a - b)
  const mid = Math.floor(diffs.length / 2)
  return round2(diffs.length % 2 ? (diffs[mid] as number) : ((diffs[mid - 1] as number) + (diffs[mid] as number)) / 2)
}

export interface CompPlan {
  base: number
  patches: Array<Patch & { take: number }>
}

/**
 * The patches for `picks` (a take index per sentence). `name(k)` names sentence k. Refuses, naming them,
 * sentences that no take reads, and a pick of a cell whose take does not read that sentence.
 */
export function planComp(
  takes: readonly CompTake[],
  picks: ReadonlyArray<number | null>,
  name: (k: number) => string,
): CompPlan {
  const missing = picks.flatMap((p, k) => (p === null ? [k] : []))
  if (missing.length > 0) {
    const named = missing.map(name)
    throw new CompError(
      `No take reads ${named.join(' or ')}; record ${missing.length === 1 ? 'it' : 'them'} (a pickup) before rendering the comp.`,
    )
  }
  picks.forEach((t, k) => {
    const take = takes[t as number]
    if (!take) throw new CompError(`The pick for ${name(k)} names no take of this comp.`)
    if (!take.analysis.sentences[k])
      throw new CompError(`${take.name} does not read ${name(k)}, so it cannot be picked for it.`)
  })
  const counts = takes.map((_, t) => picks.filter((p) => p === t).length)
  const reads = takes.map((t) => t.analysis.sentences.filter((s) => s !== null).length)
  let base = 0
  takes.forEach((_, t) => {
    const better =
      (counts[t] as number) - (counts[base] as number) || (reads[t] as number) - (reads[base] as number) || t - base
    if (better > 0) base = t
  })
  const baseTake = takes[base] as CompTake
  const offsets = takes.map((t, i) => (i === base ? 0 : takeOffsetDb(baseTake.analysis, t.analysis)))
  const patches = picks.flatMap((t, k) =>
    t === base
      ? []
      : [
          {
            sentence: k,
            take: t as number,
            from: (takes[t as number] as CompTake).analysis,
            gainDb: offsets[t as number] as number,
          },
        ],
  )
  return { base, patches }
}
