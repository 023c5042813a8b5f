/**
 * Everything marked on the script the talent reads, as one model: the pronunciations, Booth's read-back
 * of one take and the platform's audio check, merged on the text as shown, with what could not be placed
 * (and why) and where the two checks disagree. Offsets travel from the text each check compared with to
 * the text on screen: read-back (the take's script) → current script (through their diff) → shown text
 * (the sanitized HTML's text, or the same plain text). Pure.
 */
import type { ReadbackIssue } from '../../../../shared/readback/types'
import type { CheckIssue } from '../../takes/check-placement'
import { findDisagreements, type Disagreement } from './disagreements'
import { platformSpans, readbackSpans } from './issue-spans'
import { mergeMarks, type IssueSpan, type MergedMarks, type PronunciationSpan } from './mark-layers'
import type { MarkView } from './mark-look'
import { mapSpans, type OffsetMap } from './offset-maps'

export interface ScriptMarksInput {
  /** The text the marks are laid on (plain script text, or the HTML's text with NUL at block edges). */
  shownText: string
  /** The job's current script text. */
  scriptText: string
  /** From the current script text to the shown text. */
  toShown: OffsetMap
  pronunciations: readonly PronunciationSpan[]
  readback: null | {
    issues: readonly ReadbackIssue[]
    /** The text the read-back compared with (the take's script). */
    readText: string
    /** From readText to the current script text (identity when they are the same). */
    toScript: OffsetMap
  }
  platform: null | {
    issues: readonly CheckIssue[]
    /** Whether both checks are of the same take, so that their differences are disagreements. */
    sameTake: boolean
  }
}

export type UnplacedWhy = 'no_place' | 'script_changed' | 'not_shown'

export interface ScriptMarks {
  merged: MergedMarks
  view: MarkView
  unplacedReadback: Array<{ issue: number; why: UnplacedWhy }>
  unplacedPlatform: number[]
  disagreements: Disagreement[]
}

export function buildScriptMarks(input: ScriptMarksInput): ScriptMarks {
  const unplacedReadback: ScriptMarks['unplacedReadback'] = []
  let rbOnScript: IssueSpan[] = []
  if (input.readback) {
    const placed = readbackSpans(input.readback.readText, input.readback.issues)
    for (const issue of placed.unplaced) unplacedReadback.push({ issue, why: 'no_place' })
    const carried = mapSpans(placed.spans, input.readback.toScript)
    for (const issue of carried.lost) unplacedReadback.push({ issue, why: 'script_changed' })
    rbOnScript = carried.spans
  }
  const pfPlaced = input.platform ? platformSpans(input.scriptText, input.platform.issues) : { spans: [], unplaced: [] }
  const disagreements =
    input.readback && input.platform?.sameTake
      ? findDisagreements(
          input.scriptText,
          { issues: input.readback.issues, spans: rbOnScript },
          { issues: input.platform.issues, spans: pfPlaced.spans },
        )
      : []
  const rbShown = mapSpans(rbOnScript, input.toShown)
  for (const issue of rbShown.lost) unplacedReadback.push({ issue, why: 'not_shown' })
  const pfShown = mapSpans(pfPlaced.spans, input.toShown)
  const rbDisagree = new Map<number, string>()
  const pfDisagree = new Map<number, string>()
  for (const d of disagreements) {
    if (d.readback !== null) rbDisagree.set(d.readback, d.sentence)
    if (d.platform !== null) pfDisagree.set(d.platform, d.sentence)
  }
  return {
    merged: mergeMarks(input.shownText.length, {
      pronunciations: input.pronunciations,
      readback: rbShown.spans,
      platform: pfShown.spans,
    }),
    view: {
      text: input.shownText,
      says: input.pronunciations.map((p) => p.say),
      readback: input.readback?.issues ?? [],
      platform: input.platform?.issues ?? [],
      rbDisagree,
      pfDisagree,
    },
    unplacedReadback: unplacedReadback.sort((a, b) => a.issue - b.issue),
    unplacedPlatform: [...pfPlaced.unplaced, ...pfShown.lost].sort((a, b) => a - b),
    disagreements,
  }
}
