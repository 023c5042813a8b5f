/**
 * Carrying character offsets from one text to another, for marks computed on one text and shown on
 * another:
 * - diffMap: from the script a take was read from to the job's current script, through their diff (the
 *   diff worker's segments, ui/diff/word-diff.ts). A stretch is carried only when it lies wholly in text both
 *   share: marks on words that changed since the take are not guessed onto other words.
 * - alignMap: from the script's plain text (what the read-back and the platform compare with) to the text
 *   of its sanitized HTML as shown. The two hold the same characters but not the same whitespace (block
 *   edges, &nbsp;, line breaks), so they are aligned character by character ignoring whitespace, resyncing
 *   over small differences; a text that does not align is reported, and the caller shows the plain text.
 * Pure; linear in the texts except where they differ.
 */
import type { DiffSegment } from '../../ui/diff/word-diff'
import type { IssueSpan } from './mark-layers'

export interface OffsetMap {
  /** A stretch [from, to) of the source as a stretch of the target, or null when it is not there. */
  span(from: number, to: number): { from: number; to: number } | null
  /** A place between characters of the source as one in the target, or null. */
  point(at: number): number | null
}

export const identityMap: OffsetMap = { span: (from, to) => ({ from, to }), point: (at) => at }

export function diffMap(segments: readonly DiffSegment[]): OffsetMap {
  const shared: Array<{ src: number; dst: number; len: number }> = []
  let src = 0
  let dst = 0
  for (const s of segments) {
    if (s.kind === 'same') shared.push({ src, dst, len: s.text.length })
    if (s.kind !== 'added') src += s.text.length
    if (s.kind !== 'removed') dst += s.text.length
  }
  /** The shared stretch holding source offset `at` (its end counts when `end`). */
  const find = (at: number, end: boolean) => {
    let lo = 0
    let hi = shared.length - 1
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      const s = shared[mid] as { src: number; dst: number; len: number }
      if (at < s.src) hi = mid - 1
      else if (at > s.src + s.len || (at === s.src + s.len && !end)) lo = mid + 1
      else return s
    }
    return null
  }
  return {
    span(from, to) {
      const s = find(from, false)
      if (!s || to > s.src + s.len) return null
      return { from: s.dst + from - s.src, to: s.dst + to - s.src }
    },
    point(at) {
      const s = find(at, false) ?? find(at, true)
      return s ? s.dst + at - s.src : null
    },
  }
}

/** Whitespace for the alignment: what HTML and its plain text may spell differently (NUL marks block edges). */
function isGap(code: number): boolean {
  return (
    code <= 32 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200b) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  )
}

const LOOK = 48
const CONFIRM = 4
/** Past this many differences the texts are not two spellings of one script. */
const MAX_DIFFERENCES = 400

export interface Alignment {
  map: OffsetMap
  /** The share of the source's non-space characters found in the target, 0…1 (1 for an empty source). */
  matched: number
}

export function alignMap(source: string, target: string): Alignment {
  const to = new Int32Array(source.length).fill(-1)
  const nextSolid = (text: string, at: number) => {
    while (at < text.length && isGap(text.charCodeAt(at))) at++
    return at
  }
  /** Whether the next CONFIRM solid characters of both texts agree from i and j. */
  const agree = (i: number, j: number) => {
    for (let k = 0; k < CONFIRM; k++) {
      i = nextSolid(source, i)
      j = nextSolid(target, j)
      if (i >= source.length || j >= target.length) return i >= source.length && j >= target.length ? true : k > 0
      if (source.charCodeAt(i) !== target.charCodeAt(j)) return false
      i++
      j++
    }
    return true
  }
  let solid = 0
  let found = 0
  let differences = 0
  let i = nextSolid(source, 0)
  let j = nextSolid(target, 0)
  while (i < source.length && j < target.length && differences <= MAX_DIFFERENCES) {
    if (source.charCodeAt(i) === target.charCodeAt(j)) {
      to[i] = j
      found++
      solid++
      i = nextSolid(source, i + 1)
      j = nextSolid(target, j + 1)
      continue
    }
    differences++
    let moved = false
    for (let d = 1; d <= LOOK && !moved; d++) {
      if (j + d < target.length && agree(i, j + d)) {
        j = nextSolid(target, j + d)
        moved = true
      } else if (i + d < source.length && agree(i + d, j)) {
        for (let k = i; k < i + d; k++) if (!isGap(source.charCodeAt(k))) solid++
        i = nextSolid(source, i + d)
        moved = true
      }
    }
    if (!moved) {
      solid++
      i = nextSolid(source, i + 1)
      j = nextSolid(target, j + 1)
    }
  }
  for (; i < source.length; i++) if (!isGap(source.charCodeAt(i))) solid++
  const map: OffsetMap = {
    span(from, end) {
      let a = from
      while (a < end && (to[a] ?? -1) < 0) a++
      let b = end - 1
      while (b >= a && (to[b] ?? -1) < 0) b--
      if (a >= end || b < a) return null
      return { from: to[a] as number, to: (to[b] as number) + 1 }
    },
    point(at) {
      // After a gap the place is the next word's start; else just after the character before it.
      const afterGap = at === 0 || isGap(source.charCodeAt(at - 1))
      if (!afterGap) for (let k = at - 1; k >= 0; k--) if ((to[k] ?? -1) >= 0) return (to[k] as number) + 1
      for (let k = at; k < source.length; k++) if ((to[k] ?? -1) >= 0) return to[k] as number
      for (let k = at - 1; k >= 0; k--) if ((to[k] ?? -1) >= 0) return (to[k] as number) + 1
      return null
    },
  }
  return { map, matched: solid === 0 ? 1 : found / solid }
}

/** Carries spans through a map; those that do not land are returned as lost (issue indexes). */
export function mapSpans(spans: readonly IssueSpan[], map: OffsetMap): { spans: IssueSpan[]; lost: number[] } {
  const out: IssueSpan[] = []
  const lost: number[] = []
  for (const s of spans) {
    if (s.from === s.to) {
      const at = map.point(s.from)
      if (at === null) lost.push(s.issue)
      else out.push({ issue: s.issue, from: at, to: at })
    } else {
      const r = map.span(s.from, s.to)
      if (r === null) lost.push(s.issue)
      else out.push({ issue: s.issue, ...r })
    }
  }
  return { spans: out, lost }
}
