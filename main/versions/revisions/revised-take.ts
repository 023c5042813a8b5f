/**
 * A take read from an older revision of the script, seen through the new one (revision-map.ts): its
 * analysis re-indexed by the new script's sentences. A sentence it reads unchanged keeps its reading; a
 * changed one keeps where the take reads its old wording (a pickup replaces it there) but is left to
 * record; an added one is not read in it (a pickup goes between its neighbours, an added last line after
 * the last). A removed sentence is left out of the sentences; its audio is still in the recording, and a
 * version made for the new script cuts it out (removed-lines.ts, from the analysis against the old script).
 */
import type { RecordingAnalysis } from '../cuts/recording-analysis'
import { revisionMap, toRecord, type RevisionMap } from './revision-map'

export interface RevisedTake {
  analysis: RecordingAnalysis
  map: RevisionMap
  /** New sentences (0-based) the take does not read as written now: changed or added. */
  stale: Set<number>
}

export function reviseAnalysis(analysis: RecordingAnalysis, map: RevisionMap): RevisedTake {
  const sentences = map.next.map((s, j) => {
    const read = s.old === null ? null : (analysis.sentences[s.old] ?? null)
    return read ? { ...read, index: j } : null
  })
  return { analysis: { ...analysis, sentences }, map, stale: new Set(toRecord(map)) }
}

/** The take's analysis against `oldScript` seen through `newScript`; the same analysis when they read alike. */
export function reviseTake(analysis: RecordingAnalysis, oldScript: string, newScript: string): RevisedTake {
  if (oldScript === newScript) return { analysis, map: revisionMap(oldScript, newScript), stale: new Set() }
  return reviseAnalysis(analysis, revisionMap(oldScript, newScript))
}

/** The revised analysis with only what the take reads as the new script has it: changed sentences left out too. */
export function usableOnly(revised: RevisedTake): RecordingAnalysis {
  const a = revised.analysis
  return { ...a, sentences: a.sentences.map((s, j) => (revised.stale.has(j) ? null : s)) }
}
