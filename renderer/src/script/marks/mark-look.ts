/**
 * How one marked segment (mark-layers.ts) looks and reads, the same for the plain-text renderer (React)
 * and the HTML one (DOM): its classes, whether it is a button that plays the take, what a screen reader
 * says, the tip shown on hover and focus, and the word heard shown under it. Everything is plain text
 * for attributes (aria-label, data-tip, data-heard, data-say); nothing becomes HTML. Pure.
 */
import type { ReadbackIssue } from '../../../../shared/readback/types'
import { describeIssue, type CheckIssue } from '../../takes/check-placement'
import {
  clock,
  describeReadbackIssue,
  issueKindWord,
  playFrom,
  READBACK_LABEL,
} from '../../takes/readback/readback-words'
import type { MarkSegment } from './mark-layers'

export const PLATFORM_LABEL = 'The platform’s audio check'

export interface MarkView {
  /** The text the segments cut (block edges of HTML as NUL). */
  text: string
  /** Pronunciation respellings, by pronunciation index. */
  says: readonly string[]
  readback: readonly ReadbackIssue[]
  platform: readonly CheckIssue[]
  /** A disagreement's sentence by read-back issue and by platform issue. */
  rbDisagree: ReadonlyMap<number, string>
  pfDisagree: ReadonlyMap<number, string>
}

export interface OuterLook {
  className: string
  /** A button plays the take from just before the read-back issue `play`. */
  role: 'button' | null
  /** 0: a stop of its own in the tab order; -1: part of a mark whose first piece is the stop; null: not focusable. */
  tabIndex: 0 | -1 | null
  /** aria-label of a button; aria-description of anything else. */
  label: string | null
  description: string | null
  tip: string
  heard: string | null
  play: number | null
  /** The first platform issue on it (data-pf: a disagreement in the list finds its mark by it). */
  platform: number | null
  /** A point mark's sign (inserted words, a restart); null for marks on words. */
  glyph: string | null
}

export interface PronLook {
  say: string
  first: boolean
  focusable: boolean
  /** The visually hidden "(say: …)" at its end (when no outer mark says it). */
  hint: boolean
}

export interface SegmentLook {
  outer: OuterLook | null
  pron: PronLook | null
}

const SEVERITY_ORDER = { soft: 0, normal: 1, high: 2 } as const
/** The worst severity of a list; one the API document does not name ("unknown") counts as normal, never as soft. */
const worst = (list: ReadonlyArray<{ severity: 'soft' | 'normal' | 'high' | 'unknown' }>) =>
  list.reduce<'soft' | 'normal' | 'high'>((w, i) => {
    const s = i.severity === 'unknown' ? 'normal' : i.severity
    return SEVERITY_ORDER[s] > SEVERITY_ORDER[w] ? s : w
  }, 'soft')

/** Long quotes shortened for tips and labels (the whole issue stays in the take's list). */
export function shorten(text: string, max = 140): string {
  const flat = text.split('\u0000').join(' ').replace(/\s+/g, ' ').trim()
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`
}

export const isPlayable = (i: ReadbackIssue) => i.at_s !== null && Number.isFinite(i.at_s)

function kindClass(i: ReadbackIssue): string {
  if (i.restart) return 'restart'
  if (i.confidence === 'unsure') return 'unsure'
  return i.kind
}

/** The word heard, shown small under the first piece of a changed or unsure mark. */
function heardUnder(i: ReadbackIssue): string | null {
  if (!i.heard || (i.kind !== 'changed' && i.confidence !== 'unsure')) return null
  const heard = shorten(i.heard, 28)
  return i.confidence === 'unsure' ? `${heard}?` : heard
}

function tipLines(view: MarkView, rb: readonly number[], pf: readonly number[], play: ReadbackIssue | null): string[] {
  const lines: string[] = []
  for (const n of rb) {
    const i = view.readback[n]
    if (i) lines.push(`${READBACK_LABEL} · ${issueKindWord(i)}: ${shorten(describeReadbackIssue(i))}`)
  }
  for (const n of pf) {
    const i = view.platform[n]
    if (i) lines.push(`${PLATFORM_LABEL}: ${shorten(describeIssue(i))}`)
  }
  const sentences = new Set(
    [...rb.map((n) => view.rbDisagree.get(n)), ...pf.map((n) => view.pfDisagree.get(n))].filter(
      (s): s is string => !!s,
    ),
  )
  for (const s of sentences) lines.push(`The two checks disagree: ${s}`)
  if (play) lines.push(`Click or press Enter: plays the take from ${clock(playFrom(play.at_s))}`)
  return lines
}

export function segmentLook(seg: MarkSegment, view: MarkView): SegmentLook {
  const say = seg.pron !== null ? (view.says[seg.pron] ?? null) : null
  if (seg.readback.length === 0 && seg.platform.length === 0) {
    return {
      outer: null,
      pron: say === null ? null : { say, first: seg.pronFirst, focusable: seg.pronFirst, hint: seg.pronLast },
    }
  }
  const rbIssues = seg.readback.map((n) => view.readback[n]).filter((i): i is ReadbackIssue => i !== undefined)
  const pfIssues = seg.platform.map((n) => view.platform[n]).filter((i): i is CheckIssue => i !== undefined)
  if (rbIssues.length === 0 && pfIssues.length === 0) {
    return {
      outer: null,
      pron: say === null ? null : { say, first: seg.pronFirst, focusable: seg.pronFirst, hint: seg.pronLast },
    }
  }
  const words = shorten(view.text.slice(seg.start, seg.end), 80)
  // The issue this piece stands for: one that starts here (so every issue has its own first piece to
  // click and tab to, also inside another), else one that covers it; a playable one first.
  // Of issues starting together (one mark for both, both in its tip), it plays from the earliest.
  const playable = (n: number) => {
    const i = view.readback[n]
    return i !== undefined && isPlayable(i)
  }
  const earliest = (list: readonly number[]) =>
    list.filter(playable).sort((a, b) => (view.readback[a]?.at_s ?? 0) - (view.readback[b]?.at_s ?? 0))[0]
  const mainAt =
    earliest(seg.readbackFirst) ?? seg.readbackFirst[0] ?? earliest(seg.readback) ?? seg.readback[0] ?? null
  const main = mainAt === null ? null : (view.readback[mainAt] ?? null)
  const play = main && isPlayable(main) ? main : null
  const disagree = seg.readback.some((n) => view.rbDisagree.has(n)) || seg.platform.some((n) => view.pfDisagree.has(n))
  const classes = ['sm']
  if (main) classes.push('rb', `rb-${kindClass(main)}`, `sev-${worst(rbIssues)}`)
  if (pfIssues.length) classes.push('pf', `pf-sev-${worst(pfIssues)}`)
  if (disagree) classes.push('disagree')
  const first = main
    ? seg.readbackFirst.includes(mainAt as number)
    : seg.platform.some((n) => seg.platformFirst.includes(n))
  if (!first) classes.push('sm-cont')
  const tip = tipLines(view, seg.readback, seg.platform, play).join('\n')
  const sayWords = say === null ? '' : ` (say: ${say})`
  const spoken = `${words}${sayWords} — ${tip.replace(/\n/g, '. ').replace(/^Click or press Enter: /m, '')}`
  const outer: OuterLook = {
    className: classes.join(' '),
    role: play ? 'button' : null,
    tabIndex: first ? 0 : play ? -1 : null,
    label: play ? spoken : null,
    description: play ? null : spoken,
    tip,
    heard: main && first ? heardUnder(main) : null,
    play: play ? mainAt : null,
    platform: seg.platform[0] ?? null,
    glyph: null,
  }
  return { outer, pron: say === null ? null : { say, first: seg.pronFirst, focusable: false, hint: false } }
}

const GLYPHS: Record<string, string> = {
  restart: '↺',
  repeated: '↻',
  extra: '‸',
  missing: '‸',
  changed: '‸',
  unsure: '‸',
}

/** A read-back issue that stands between words: inserted words, a word said again, a restart. */
export function pointLook(n: number, view: MarkView): OuterLook | null {
  const i = view.readback[n]
  if (!i) return null
  const kind = kindClass(i)
  const play = isPlayable(i) ? i : null
  const tip = tipLines(view, [n], [], play).join('\n')
  const heard = i.restart
    ? 'restart'
    : i.kind === 'extra' && i.heard
      ? `+ ${shorten(i.heard, 28)}`
      : i.kind === 'repeated'
        ? 'again'
        : null
  return {
    className: `sm rb rb-point rb-${kind} sev-${i.severity}`,
    role: play ? 'button' : null,
    tabIndex: 0,
    label: play ? tip.replace(/\n/g, '. ').replace(/Click or press Enter: /, '') : null,
    description: play ? null : tip.replace(/\n/g, '. '),
    tip,
    heard,
    play: play ? n : null,
    platform: null,
    glyph: GLYPHS[kind] ?? '‸',
  }
}
