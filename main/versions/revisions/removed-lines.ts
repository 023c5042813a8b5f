/**
 * Lines the producer removed, cut out of a take brought to the new script. A take read from an older
 * revision still reads every sentence the producer removed since (revision-map.ts); a version made for the
 * new script leaves them out, in pauses, by the cutting rules (cut-rules.ts):
 * - Removed sentences the take reads one after another (with no sentence the new script keeps read
 *   between them) are one run, and one cut.
 * - A run next to a sentence a patch goes into is taken into that patch's stretch of the take: a line the
 *   revision added where the run was replaces the run (the pauses around it are the run's); otherwise the
 *   patch of the sentence after the run starts from the pause before the run, or the patch of the sentence
 *   before it resumes at the pause after the run.
 * - A run on its own is cut as a false start is (restart-cut.ts): from the pause before it to the pause
 *   before the next sentence read, both cuts at the same distance from their onsets, so the pause keeps the
 *   length of the pause before the run and all of it is the take's room tone. A run at the end is cut from
 *   the pause after the sentence before it to the take's tail, at the same distance from both speech ends,
 *   so the take ends with its own tail.
 * A run with no pause to cut in is refused, naming the sentence; nothing is written.
 */
import { chooseJunction, NoPauseError, type Junction } from '../cuts/cut-rules'
import { PlacementError } from '../cuts/placement-error'
import type { AnalyzedSentence, RecordingAnalysis } from '../cuts/recording-analysis'
import type { RevisionMap } from './revision-map'
import { scriptSentences } from '../../readback/index'

export interface RemovedRun {
  /** The older script's sentences (0-based) the producer removed that the take reads, in order: one cut. */
  old: number[]
  /** The first and last of them as the take reads them (the take's analysis against its own script). */
  first: AnalyzedSentence
  last: AnalyzedSentence
  /** The new script's sentences (0-based) the take reads just before and just after the run; null: none. */
  prev: number | null
  next: number | null
}

/** The runs of removed sentences a take reads. `old`: its analysis against the script it was read from. */
export function removedRuns(old: RecordingAnalysis, map: RevisionMap): RemovedRun[] {
  const runs: RemovedRun[] = []
  let open: Omit<RemovedRun, 'next'> | null = null
  let prev: number | null = null
  map.old.forEach((fate, i) => {
    const read = old.sentences[i] ?? null
    if (!read) return
    if (fate.fate === 'removed') {
      if (open) {
        open.old.push(i)
        open.last = read
      } else open = { old: [i], first: read, last: read, prev }
      return
    }
    if (open) runs.push({ ...open, next: fate.next })
    open = null
    prev = fate.next
  })
  if (open) runs.push({ ...(open as Omit<RemovedRun, 'next'>), next: null })
  return runs
}

/** "sentence 3 of revision 1, “Queen mattresses…”" (shortened past 60 characters); `revision`: the older script's number, when known. */
export function removedSentenceName(oldScript: string, k: number, revision?: number | null): string {
  const s = scriptSentences(oldScript)[k]
  const of = revision ? ` of revision ${revision}` : ' of the take’s script'
  if (!s) return `sentence ${k + 1}${of}`
  const text = s.text.length > 60 ? `${s.text.slice(0, 59)}…` : s.text
  return `sentence ${k + 1}${of}, “${text}”`
}

/** A run taken into a patch's stretch: how much of the take it cut out with it (s). */
export interface AbsorbedRun {
  run: RemovedRun
  removedS: number
}

export interface RemovalPlan {
  /** The take's analysis the patches go into: each absorbed run inside the stretch of its patch's sentence. */
  base: RecordingAnalysis
  /** Runs cut on their own, in order. */
  alone: RemovedRun[]
  /** Runs taken into a patch, by the patch's sentence (0-based, new script). */
  absorbed: Map<number, AbsorbedRun[]>
}

/** Where each run goes: into a patch next to it, or on its own. `patched`: the new sentences patches go into. */
export function planRemovals(
  base: RecordingAnalysis,
  runs: readonly RemovedRun[],
  patched: ReadonlySet<number>,
): RemovalPlan {
  const sentences = [...base.sentences]
  const alone: RemovedRun[] = []
  const absorbed = new Map<number, AbsorbedRun[]>()
  const take = (k: number, run: RemovedRun, removedS: number) =>
    absorbed.set(k, [...(absorbed.get(k) ?? []), { run, removedS }])
  const original = (k: number | null): AnalyzedSentence | null => (k === null ? null : (base.sentences[k] ?? null))
  for (const run of runs) {
    const lo = run.prev ?? -1
    const hi = run.next ?? sentences.length
    const slot = [...patched].filter((k) => k > lo && k < hi && !sentences[k]).sort((a, b) => a - b)[0]
    const next = original(run.next)
    const prev = original(run.prev)
    if (slot !== undefined) {
      // A line added where the run was: it replaces the run.
      sentences[slot] = {
        ...run.first,
        index: slot,
        endS: run.last.endS,
        soundEndS: run.last.soundEndS,
        speechEndS: run.last.speechEndS,
        pauseToS: run.last.pauseToS,
        pauseToIsSpeech: run.last.pauseToIsSpeech,
      }
      take(
        slot,
        run,
        next
          ? next.soundOnsetS - run.first.soundOnsetS
          : run.last.soundEndS - (prev ? prev.soundEndS : run.first.soundOnsetS),
      )
    } else if (next && run.next !== null && patched.has(run.next)) {
      const s = sentences[run.next] as AnalyzedSentence
      sentences[run.next] = {
        ...s,
        startS: run.first.startS,
        onsetS: run.first.onsetS,
        soundOnsetS: run.first.soundOnsetS,
        pauseFromS: run.first.pauseFromS,
        pauseFromIsSpeech: run.first.pauseFromIsSpeech,
      }
      take(run.next, run, next.soundOnsetS - run.first.soundOnsetS)
    } else if (prev && run.prev !== null && patched.has(run.prev)) {
      const s = sentences[run.prev] as AnalyzedSentence
      sentences[run.prev] = {
        ...s,
        endS: run.last.endS,
        soundEndS: run.last.soundEndS,
        speechEndS: run.last.speechEndS,
        pauseToS: run.last.pauseToS,
        pauseToIsSpeech: run.last.pauseToIsSpeech,
      }
      take(run.prev, run, run.last.soundEndS - prev.soundEndS)
    } else alone.push(run)
  }
  return { base: { ...base, sentences }, alone, absorbed }
}

/**
 * The cut of a run on its own in the take `base` (its analysis by the new script): where the take jumps
 * from (aS) and to (bS). `name` names the run's first sentence for the person.
 */
export function runCut(base: RecordingAnalysis, run: RemovedRun, name: string): Junction {
  const env = base.env
  const next = run.next === null ? null : (base.sentences[run.next] ?? null)
  const prev = run.prev === null ? null : (base.sentences[run.prev] ?? null)
  try {
    if (next) {
      return chooseJunction(
        {
          env,
          anchorS: run.first.soundOnsetS,
          guardS: run.first.onsetS,
          limitS: run.first.pauseFromS,
          limitIsSpeech: run.first.pauseFromIsSpeech,
        },
        {
          env,
          anchorS: next.soundOnsetS,
          guardS: next.onsetS,
          limitS: next.pauseFromS,
          limitIsSpeech: next.pauseFromIsSpeech,
        },
        'before',
      )
    }
    if (!prev) throw new PlacementError(`Booth cannot cut out ${name}: the take reads nothing else of the new script.`)
    return chooseJunction(
      {
        env,
        anchorS: prev.soundEndS,
        guardS: prev.speechEndS,
        limitS: prev.pauseToS,
        limitIsSpeech: prev.pauseToIsSpeech,
      },
      {
        env,
        anchorS: run.last.soundEndS,
        guardS: run.last.speechEndS,
        limitS: run.last.pauseToS,
        limitIsSpeech: run.last.pauseToIsSpeech,
      },
      'after',
    )
  } catch (err) {
    if (!(err instanceof NoPauseError)) throw err
    throw new PlacementError(`Booth cannot cut out ${name}, which the producer removed: in the take, ${err.message}.`)
  }
}
