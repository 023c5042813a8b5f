/**
 * The read-back's comparison, without any engine: the script text and the timed words heard in a take
 * go in; the check object with times and script positions comes out. False starts are taken out of the
 * heard words first and come back as one restart issue each, with the stretch that cutting them removes.
 */
import type { Doubt, KeptContest, ReadbackCheck, ReadbackIssue, TimedWord } from '../../../shared/readback/types'
import { align } from '../alignment/align'
import { certaintyJudge, readSecondHearing } from '../certainty/certainty'
import { buildCheck } from './check-builder'
import type { ContestResult, CrossHearing, Sounds } from '../engine'
import { withContests } from '../certainty/rival-contest'
import { squeezedIssues } from './squeezed-words'
import { crossDoubts, withCrossDoubts } from '../certainty/cross-doubts'
import { unsureIssues } from './doubts'
import { heardWords, type HeardWord } from '../alignment/heard-words'
import { findRestarts } from '../alignment/restarts'
import { scriptModel, type ScriptModel } from '../script/script-model'

export interface CompareOptions {
  /** Names to weigh as names wherever they stand (customer, advertiser, product). */
  names?: readonly string[]
  now?: number
  /** Where the engine was not sure of what it heard (Transcript.doubts): script words there are "unsure". */
  doubts?: readonly Doubt[]
  /** A second hearing that does not lean toward the script, for how sure each finding is (certainty.ts). */
  cross?: CrossHearing
  /** How the words are said (the engine's dictionary): a reading that only sounds like the script's is never "Differs" alone (certainty.ts). */
  sounds?: Sounds
  /** The rival contests heard for this take's sure changes (certainty/rival-contest.ts): one the rival did not win clearly is unsure. */
  contests?: readonly (ContestResult | KeptContest)[]
}

export function compareToScript(
  scriptText: string,
  heard: readonly TimedWord[],
  options: CompareOptions = {},
): ReadbackCheck {
  const script = scriptModel(scriptText, options.names ?? [])
  const all = heardWords(heard)
  const restarts = findRestarts(all, script.words)
  const abandoned = new Set(restarts.flatMap((r) => Array.from({ length: r.to - r.from }, (_, k) => r.from + k)))
  const words = all.filter((_, i) => !abandoned.has(i))
  const ops = align(script.words, words)
  // Where each restart's new reading begins among the kept words.
  const keptIndex = (i: number) => all.slice(0, i).filter((_, k) => !abandoned.has(k)).length
  // The second hearing, read once for the false starts, the doubts and the certainty below.
  const second = options.cross ? readSecondHearing(script, options.cross) : undefined
  const crossRestarts = second?.restarts ?? null
  const issues = restarts.map((r) => {
    const issue = restartIssue(script, all, r.from, r.to, ops, keptIndex(r.to))
    // Sure of a false start only when the second hearing heard one there too (or there is no second hearing).
    const fromS = (all[r.from] as HeardWord).start_s
    const toS = (all[r.to] as HeardWord).start_s
    const seen = !crossRestarts || crossRestarts.some((c) => c.from_s < toS && c.to_s > fromS)
    return {
      issue: { ...issue, certainty: seen ? ('sure' as const) : ('unsure' as const) },
      beforeHeard: keptIndex(r.to),
    }
  })
  const doubts = options.cross
    ? withCrossDoubts(options.doubts ?? [], crossDoubts(script, words, ops, options.cross, second))
    : (options.doubts ?? [])
  const unsure = unsureIssues(script, words, ops, doubts)
  // Words heard at the least length the recogniser can give them: most likely left out (squeezed-words.ts).
  if (options.sounds) unsure.push(...squeezedIssues(script, words, ops, options.sounds))
  return buildCheck(script, words, ops, {
    now: options.now ?? Date.now(),
    added: [...issues, ...unsure],
    certainty: withContests(
      certaintyJudge(script, options.cross, second, options.sounds),
      script.words,
      options.contests ?? [],
      script.text,
    ),
  })
}

function restartIssue(
  script: ScriptModel,
  all: HeardWord[],
  from: number,
  to: number,
  ops: ReturnType<typeof align>,
  resumeAt: number,
): ReadbackIssue {
  const first = all[from] as HeardWord
  const resume = all[to] as HeardWord
  // The script word the new reading starts on, for the mark's place and context.
  const op = ops.find((o) => 'h' in o && o.h >= resumeAt && 's' in o)
  const at = op && 's' in op ? (script.words[op.s]?.from ?? 0) : script.text.length
  const context = script.text
    .slice(at, at + 120)
    .replace(/\s+/g, ' ')
    .trim()
    .split(' ')
    .slice(0, 8)
    .join(' ')
  return {
    kind: 'repeated',
    severity: 'normal',
    legal: false,
    name: false,
    number: false,
    expected: null,
    heard: all
      .slice(from, to)
      .map((w) => w.text)
      .join(' '),
    context,
    at_s: Math.round(first.start_s * 1000) / 1000,
    script_from: at,
    script_to: at,
    restart: { from_s: Math.round(first.start_s * 1000) / 1000, to_s: Math.round(resume.start_s * 1000) / 1000 },
  }
}
