/**
 * One marked text from three layers laid on the same characters: the job's pronunciations, Booth's
 * read-back issues and the platform's audio-check issues. Every layer is a list of character spans of the
 * text shown; the result is the text cut into consecutive segments (joined, they give back every character
 * exactly once), each naming what covers it, plus the read-back's point marks (inserted words, restarts)
 * at the segment they stand before. Overlaps are kept, never dropped: a word that is a pronunciation, a
 * changed word and a platform issue at once carries all three. Pure; nothing here reads the text itself.
 */

export interface PronunciationSpan {
  start: number
  end: number
  say: string
}

/** An issue of a layer on the text: `issue` is its index in that layer's list; from === to is a point. */
export interface IssueSpan {
  issue: number
  from: number
  to: number
}

export interface MarkLayers {
  /** Non-overlapping, as findPronunciationMatches gives them (an overlapping one is skipped). */
  pronunciations: readonly PronunciationSpan[]
  readback: readonly IssueSpan[]
  platform: readonly IssueSpan[]
}

export interface MarkSegment {
  start: number
  end: number
  /** The pronunciation covering these characters (index into layers.pronunciations), or null. */
  pron: number | null
  /** Whether the segment starts its pronunciation (the respelling and focus go there) / ends it. */
  pronFirst: boolean
  pronLast: boolean
  /** Read-back issues covering the segment, ascending. */
  readback: number[]
  /** Platform issues covering the segment, ascending. */
  platform: number[]
  /** Read-back issues whose first segment this is (the one that takes keyboard focus). */
  readbackFirst: number[]
  platformFirst: number[]
  /** Read-back point issues (inserted words, a restart) that stand just before this segment. */
  before: number[]
}

export interface MergedMarks {
  segments: MarkSegment[]
  /** Read-back point issues at the very end of the text. */
  after: number[]
}

const within = (x: number, length: number) => Number.isInteger(x) && x >= 0 && x <= length

function byPosition(
  spans: readonly IssueSpan[],
  length: number,
  pick: 'from' | 'to',
  empty: boolean,
): Map<number, number[]> {
  const map = new Map<number, number[]>()
  for (const s of spans) {
    if (!within(s.from, length) || !within(s.to, length) || s.to < s.from) continue
    if ((s.from === s.to) !== empty) continue
    const at = s[pick]
    const list = map.get(at)
    if (list) list.push(s.issue)
    else map.set(at, [s.issue])
  }
  return map
}

/** The one empty list of a segment without such marks (frozen: shared by many segments). */
const NONE = Object.freeze([]) as unknown as number[]
const sorted = (list: Iterable<number> & { size?: number; length?: number }) =>
  (list.size ?? list.length) === 0 ? NONE : [...list].sort((a, b) => a - b)
const same = (a: readonly number[], b: readonly number[]) =>
  a === b || (a.length === b.length && a.every((x, i) => x === b[i]))

/** Cuts [0, length) into segments by every layer's edges. Spans outside the text are ignored (callers list them as not placed). */
export function mergeMarks(length: number, layers: MarkLayers): MergedMarks {
  const prons: PronunciationSpan[] = []
  let reach = 0
  for (const p of [...layers.pronunciations].sort((a, b) => a.start - b.start)) {
    if (!within(p.start, length) || !within(p.end, length) || p.end <= p.start || p.start < reach) continue
    prons.push(p)
    reach = p.end
  }
  const pronIndex = new Map(layers.pronunciations.map((p, i) => [p, i]))
  const rbStart = byPosition(layers.readback, length, 'from', false)
  const rbEnd = byPosition(layers.readback, length, 'to', false)
  const rbPoint = byPosition(layers.readback, length, 'from', true)
  const pfStart = byPosition(layers.platform, length, 'from', false)
  const pfEnd = byPosition(layers.platform, length, 'to', false)

  const cuts = new Set<number>([0, length])
  for (const p of prons) cuts.add(p.start).add(p.end)
  for (const m of [rbStart, rbEnd, rbPoint, pfStart, pfEnd]) for (const at of m.keys()) cuts.add(at)
  const edges = [...cuts].sort((a, b) => a - b)

  const segments: MarkSegment[] = []
  const rb = new Set<number>()
  const pf = new Set<number>()
  let p = 0
  for (let k = 0; k + 1 < edges.length; k++) {
    const start = edges[k] as number
    const end = edges[k + 1] as number
    for (const n of rbEnd.get(start) ?? []) rb.delete(n)
    for (const n of pfEnd.get(start) ?? []) pf.delete(n)
    const rbFirst = rbStart.get(start) ?? NONE
    const pfFirst = pfStart.get(start) ?? NONE
    for (const n of rbFirst) rb.add(n)
    for (const n of pfFirst) pf.add(n)
    while (p < prons.length && (prons[p] as PronunciationSpan).end <= start) p++
    const pron = prons[p] && (prons[p] as PronunciationSpan).start <= start ? (prons[p] as PronunciationSpan) : null
    const before = rbPoint.get(start) ?? NONE
    const seg: MarkSegment = {
      start,
      end,
      pron: pron ? (pronIndex.get(pron) ?? null) : null,
      pronFirst: pron !== null && pron.start === start,
      pronLast: pron !== null && pron.end === end,
      readback: sorted(rb),
      platform: sorted(pf),
      readbackFirst: sorted(rbFirst),
      platformFirst: sorted(pfFirst),
      before: sorted(before),
    }
    const last = segments[segments.length - 1]
    // Two pieces covered alike, with nothing standing between them, are one segment.
    if (
      last &&
      before.length === 0 &&
      !seg.pronFirst &&
      !rbFirst.length &&
      !pfFirst.length &&
      last.pron === seg.pron &&
      same(last.readback, seg.readback) &&
      same(last.platform, seg.platform)
    ) {
      last.end = end
      last.pronLast = seg.pronLast
    } else segments.push(seg)
  }
  return { segments, after: sorted(rbPoint.get(length) ?? NONE) }
}

/** Whether a segment carries any mark (plain text otherwise). */
export function isMarked(s: MarkSegment): boolean {
  return s.pron !== null || s.readback.length > 0 || s.platform.length > 0 || s.before.length > 0
}
