/**
 * The marks of the script on screen, as one model (script-marks.ts), recomputed only when an input
 * changes. A typed HTML script is marked on its sanitized text (with the checks' offsets aligned onto
 * it); when the HTML and the plain text do not align, the plain text is shown marked instead, so no mark
 * is guessed. A take read from another revision waits for the diff worker before its marks are placed.
 */
import { useMemo } from 'react'
import type { ReadbackIssue } from '../../../../shared/readback/types'
import type { CheckIssue } from '../../takes/check-placement'
import { collectText } from '../mark-pronunciations'
import { findPronunciationMatches, type Pronunciation } from '../pronunciation-matches'
import { sanitizedFragment } from '../sanitize-html'
import { useScriptDiff } from '../../ui/diff/use-script-diff'
import { alignMap, diffMap, identityMap, type OffsetMap } from './offset-maps'
import { buildScriptMarks, type ScriptMarks } from './script-marks'

/** Below this share of the plain text found in the HTML's text, the plain text is shown instead. */
export const MIN_ALIGNED = 0.9

export interface ScriptMarksRequest {
  html: string | null
  text: string
  pronunciations: readonly Pronunciation[]
  readback: { issues: readonly ReadbackIssue[]; readText: string } | null
  platform: { issues: readonly CheckIssue[]; sameTake: boolean } | null
}

export interface ShownScriptMarks extends ScriptMarks {
  /** 'html': the sanitized HTML, marked in place; 'text': the plain text. */
  mode: 'html' | 'text'
  /** True while the read-back waits for the diff between the take's script and the current one. */
  placing: boolean
}

/**
 * The same value while its content stays the same: the job and its deliveries are read again every few
 * seconds as new objects, and laying the marks again would replace the words under the talent's focus.
 */
function useSameContent<T>(value: T): T {
  const key = JSON.stringify(value) ?? 'null'
  return useMemo(() => JSON.parse(key) as T, [key])
}

export function useScriptMarks(req: ScriptMarksRequest): ShownScriptMarks {
  const { html, text } = req
  const pronunciations = useSameContent(req.pronunciations)
  const rbIssues = useSameContent(req.readback?.issues ?? null)
  const pfIssues = useSameContent(req.platform?.issues ?? null)
  const readText = req.readback?.readText ?? null
  const sameTake = req.platform?.sameTake ?? false
  const htmlText = useMemo(() => (html === null ? null : collectText(sanitizedFragment(html)).text), [html])
  const checks = rbIssues !== null || pfIssues !== null
  const aligned = useMemo(
    () => (htmlText !== null && checks ? alignMap(text, htmlText) : null),
    [htmlText, text, checks],
  )
  const mode: 'html' | 'text' =
    htmlText !== null && (aligned === null || aligned.matched >= MIN_ALIGNED) ? 'html' : 'text'
  const shownText = mode === 'html' ? (htmlText as string) : text

  const otherRevision = readText !== null && readText !== text
  const diff = useScriptDiff(otherRevision ? readText : null, otherRevision ? text : null)
  const placing = rbIssues !== null && otherRevision && diff === null

  const prons = useMemo(() => findPronunciationMatches(shownText, pronunciations), [shownText, pronunciations])
  const marks = useMemo(() => {
    const toShown: OffsetMap = mode === 'html' && aligned ? aligned.map : identityMap
    const toScript: OffsetMap | null = !otherRevision ? identityMap : diff ? diffMap(diff.segments) : null
    return buildScriptMarks({
      shownText,
      scriptText: text,
      toShown,
      pronunciations: prons,
      readback: rbIssues && readText !== null && toScript ? { issues: rbIssues, readText, toScript } : null,
      platform: pfIssues ? { issues: pfIssues, sameTake } : null,
    })
  }, [shownText, text, aligned, mode, prons, rbIssues, readText, otherRevision, diff, pfIssues, sameTake])
  return { ...marks, mode, placing }
}
