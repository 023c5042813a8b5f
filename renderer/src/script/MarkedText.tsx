/**
 * Plain script text (no HTML) with its marks (script/marks/: pronunciations, Booth's read-back, the
 * platform's check) as React elements: the words are text, the notes are attributes. A long script comes
 * in blocks the browser lays out only when they scroll into view (script/text-chunks.ts).
 */
import { memo, useMemo, type ReactNode } from 'react'
import { chunkBy, type ChunkRules } from './text-chunks'
import { isMarked, type MarkSegment, type MergedMarks } from './marks/mark-layers'
import { pointLook, segmentLook, type MarkView, type OuterLook } from './marks/mark-look'

function outerProps(look: OuterLook) {
  return {
    className: look.className,
    role: look.role ?? undefined,
    tabIndex: look.tabIndex ?? undefined,
    'aria-label': look.label ?? undefined,
    'aria-description': look.description ?? undefined,
    'data-tip': look.tip,
    'data-heard': look.heard ?? undefined,
    'data-rb': look.play ?? undefined,
    'data-pf': look.platform ?? undefined,
  }
}

function Point({ issue, view }: { issue: number; view: MarkView }) {
  const look = pointLook(issue, view)
  if (!look) return null
  return (
    <span {...outerProps(look)}>
      <span className="sm-glyph" aria-hidden="true">
        {look.glyph}
      </span>
    </span>
  )
}

const sameList = (a: readonly number[], b: readonly number[]) =>
  a === b || (a.length === b.length && a.every((x, i) => x === b[i]))

/** A piece is drawn again only when it changed: its place, its pronunciation, or (with a check's mark) the checks. */
function sameSegment(a: { seg: MarkSegment; view: MarkView }, b: { seg: MarkSegment; view: MarkView }): boolean {
  const x = a.seg
  const y = b.seg
  if (
    x.start !== y.start ||
    x.end !== y.end ||
    x.pron !== y.pron ||
    x.pronFirst !== y.pronFirst ||
    x.pronLast !== y.pronLast
  )
    return false
  if (
    !sameList(x.readback, y.readback) ||
    !sameList(x.platform, y.platform) ||
    !sameList(x.before, y.before) ||
    !sameList(x.readbackFirst, y.readbackFirst) ||
    !sameList(x.platformFirst, y.platformFirst)
  )
    return false
  if (x.readback.length || x.platform.length || x.before.length) return a.view === b.view
  if (a.view.text.slice(x.start, x.end) !== b.view.text.slice(y.start, y.end)) return false
  return x.pron === null || a.view.says[x.pron] === b.view.says[y.pron as number]
}

/**
 * Unmarked text with each blank line between paragraphs drawn as a gap of 0.75em (as the HTML script's
 * paragraphs are spaced), not a whole reading line: a plain-text script of one-line paragraphs so shows as
 * many lines as its HTML twin. The line break is still in the page (inside the gap), so offsets into the
 * text and the text's copy are unchanged; a block that ends with its line break draws no empty line.
 */
function withParagraphGaps(full: string, start: number, end: number): ReactNode {
  const out: ReactNode[] = []
  let from = start
  for (let i = full.indexOf('\n', start); i !== -1 && i < end; i = full.indexOf('\n', i + 1)) {
    if (i === 0 || full[i - 1] !== '\n') continue
    if (i > from) out.push(full.slice(from, i))
    out.push(
      <span key={i} className="para-gap">
        {'\n'}
      </span>,
    )
    from = i + 1
  }
  if (from === start) return full.slice(start, end)
  if (from < end) out.push(full.slice(from, end))
  return out
}

const Segment = memo(function Segment({ seg, view }: { seg: MarkSegment; view: MarkView }) {
  const text = view.text.slice(seg.start, seg.end)
  const points = seg.before.map((n) => <Point key={`p${n}`} issue={n} view={view} />)
  if (!isMarked(seg)) return <>{withParagraphGaps(view.text, seg.start, seg.end)}</>
  const look = segmentLook(seg, view)
  let body: ReactNode = text
  if (look.pron) {
    const p = look.pron
    body = (
      <mark
        className={p.first ? 'pron' : 'pron pron-cont'}
        tabIndex={p.focusable ? 0 : undefined}
        data-say={`say: ${p.say}`}
      >
        {text}
        {p.hint && <span className="sr-only"> (say: {p.say})</span>}
      </mark>
    )
  }
  return (
    <>
      {points}
      {look.outer ? <span {...outerProps(look.outer)}>{body}</span> : body}
    </>
  )
}, sameSegment)

const rulesFor = (text: string): ChunkRules<MarkSegment> => ({
  plain: (s) => !isMarked(s),
  text: (s) => text.slice(s.start, s.end),
  split: (s, at) => [
    { ...s, end: s.start + at, pronLast: false },
    { ...s, start: s.start + at, before: [] },
  ],
})

interface ChunkProps {
  segments: MarkSegment[]
  view: MarkView
  many: boolean
  tail: readonly number[]
  /** What the chunk shows, as a string: equal signatures render alike (see sameChunk). */
  sig: string
  /** Whether a check's mark is in the chunk (its looks then depend on the checks' issues). */
  checked: boolean
}

/** A block of a long script is drawn again only when what it shows changed: a new read-back redraws the blocks it marks. */
function sameChunk(a: ChunkProps, b: ChunkProps): boolean {
  return a.sig === b.sig && a.many === b.many && a.tail === b.tail && (!(a.checked || b.checked) || a.view === b.view)
}

function signature(segments: readonly MarkSegment[], view: MarkView): { sig: string; checked: boolean } {
  let checked = false
  const parts: string[] = []
  for (const s of segments) {
    if (s.readback.length || s.platform.length || s.before.length) checked = true
    parts.push(
      `${s.start}:${s.end}:${s.pron === null ? '' : `${view.says[s.pron] ?? ''}${s.pronFirst ? '^' : ''}${s.pronLast ? '$' : ''}`}`,
    )
  }
  const first = segments[0]
  const last = segments[segments.length - 1]
  return { sig: `${parts.join('|')}#${first && last ? view.text.slice(first.start, last.end) : ''}`, checked }
}

const NO_POINTS: readonly number[] = []

const Chunk = memo(function Chunk({ segments, view, many, tail }: ChunkProps) {
  return (
    <div className={many ? 'text-chunk' : undefined}>
      {segments.map((s) => (
        <Segment key={s.start} seg={s} view={view} />
      ))}
      {tail.map((n) => (
        <Point key={`p${n}`} issue={n} view={view} />
      ))}
    </div>
  )
}, sameChunk)

export function MarkedText({ merged, view, className }: { merged: MergedMarks; view: MarkView; className?: string }) {
  const chunks = useMemo(() => chunkBy(merged.segments, rulesFor(view.text)), [merged, view.text])
  return (
    <div className={className}>
      {chunks.map((segments, c) => (
        <Chunk
          key={c}
          segments={segments}
          view={view}
          many={chunks.length > 1}
          tail={c === chunks.length - 1 && merged.after.length > 0 ? merged.after : NO_POINTS}
          {...signature(segments, view)}
        />
      ))}
    </div>
  )
}
