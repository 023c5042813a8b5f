/**
 * What a version's pieces were heard to say, in the version's own time (issue 41, point 1). A version is
 * an edit list of recordings that are never changed, and a recording's words never change either: so the
 * read-back of a version is its pieces' hearings mapped through its edit list, not the rendered file heard
 * afresh. Pauses changed, a level, cuts in pauses, trims and a tempo change of a few per cent do not change
 * the words; hearing a finished render again only adds the recogniser's noise ("summer" → "bummer", a false
 * start that is not there). Pure.
 *
 * A hearing is the first hearing's words, the doubts and the second hearing (words and lattice) a check is
 * made from (main/readback/compare/compare.ts). Each is mapped the same way: an item whose centre lies in a
 * segment's source stretch moves with it, and is kept only where the segment speaks for the result — its
 * core, the stretch between the centres of its crossfades (pieces overlap only by a crossfade, and the cut
 * is at its centre). So a removed stretch's words, doubts and findings go; a word sits once across a join.
 */
import type { Doubt, KeptContest, SecondHearing, TimedWord } from '../../../shared/readback/types'
import type { EditList } from '../../../shared/versions/edit-list'
import type { TimeMapSegment } from '../../../shared/versions/time-map'

/** Everything a check is made from, for one recording or one version. */
export interface Hearing {
  words: TimedWord[]
  doubts: Doubt[]
  /** The second hearing; null when the engine gave none. */
  cross: SecondHearing | null
  engine: string
  /** The rival contests the take's read-back heard (read-back.ts), placed like the words; absent when none. */
  contests?: KeptContest[]
}

/**
 * One stretch of a source placed in the result: source seconds [fromS, toS) go to the result from atS,
 * `scale` source seconds per result second (1; a tempo change of 1.03 plays 1.03 s of the source per
 * second). It speaks for the result over [coreFromS, coreToS).
 */
export interface TimeSegment extends TimeMapSegment {
  source: string
}

interface Span {
  start_s: number
  end_s: number
}

const r4 = (x: number): number => Math.round(x * 10_000) / 10_000

/** The edit list's pieces as time segments: each piece's core runs between the centres of its fades. */
export function segmentsOf(list: EditList): TimeSegment[] {
  const rate = list.format.sample_rate
  return list.pieces.map((p) => {
    const length = p.to - p.from
    return {
      source: p.source,
      fromS: p.from / rate,
      toS: p.to / rate,
      atS: p.at / rate,
      scale: 1,
      coreFromS: (p.at + Math.floor(p.fade_in.frames / 2)) / rate,
      coreToS: (p.at + length - Math.ceil(p.fade_out.frames / 2)) / rate,
    }
  })
}

/** Where a source time lands in the result through one segment. */
export function placeIn(seg: TimeSegment, t: number): number {
  return seg.atS + (t - seg.fromS) / seg.scale
}

/** Items of one source mapped through its segments: those whose centre a segment carries into its core. */
export function mapSpans<T extends Span>(items: readonly T[], segments: readonly TimeSegment[]): T[] {
  const out: T[] = []
  for (const seg of segments) {
    for (const item of items) {
      const centre = (item.start_s + item.end_s) / 2
      if (centre < seg.fromS || centre >= seg.toS) continue
      const at = placeIn(seg, centre)
      if (at < seg.coreFromS || at >= seg.coreToS) continue
      out.push({ ...item, start_s: r4(placeIn(seg, item.start_s)), end_s: r4(placeIn(seg, item.end_s)) })
    }
  }
  return out
}

/** Items in the result's time order (the words of a check are read in order). */
export function inTimeOrder<T extends Span>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.start_s - b.start_s || a.end_s - b.end_s)
}

/** One hearing mapped through the segments of its source. */
export function mapHearing(h: Hearing, segments: readonly TimeSegment[]): Hearing {
  return {
    engine: h.engine,
    words: mapSpans(h.words, segments),
    doubts: mapSpans(h.doubts, segments),
    cross: h.cross
      ? {
          words: mapSpans(h.cross.words, segments),
          ...(h.cross.lattice ? { lattice: mapSpans(h.cross.lattice, segments) } : {}),
        }
      : null,
    ...(h.contests?.length ? { contests: mapSpans(h.contests, segments) } : {}),
  }
}

/**
 * Hearings of parts of one result joined: all words, doubts and second hearings in time order. The second
 * hearing is kept only when every part has one (a part without one would read as the second hearing having
 * heard nothing there); without it every finding is "sure", as with an engine that hears once.
 */
export function joinHearings(parts: readonly Hearing[]): Hearing {
  const crossed = parts.length > 0 && parts.every((p) => p.cross !== null)
  const lattice = parts.some((p) => p.cross?.lattice)
  const contests = inTimeOrder(parts.flatMap((p) => p.contests ?? []))
  return {
    engine: parts.find((p) => p.words.length > 0)?.engine ?? parts[0]?.engine ?? '',
    words: inTimeOrder(parts.flatMap((p) => p.words)),
    doubts: inTimeOrder(parts.flatMap((p) => p.doubts)),
    cross: crossed
      ? {
          words: inTimeOrder(parts.flatMap((p) => p.cross?.words ?? [])),
          ...(lattice ? { lattice: inTimeOrder(parts.flatMap((p) => p.cross?.lattice ?? [])) } : {}),
        }
      : null,
    ...(contests.length ? { contests } : {}),
  }
}

/**
 * The version's hearing from its sources' hearings: each known source mapped through its pieces. `unknown`
 * lists the segments whose source has no hearing (new audio: a punch, a pickup not read back): those parts
 * of the result must be heard in place (version-hearing-place.ts).
 */
export function versionHearing(
  segments: readonly TimeSegment[],
  known: (source: string) => Hearing | null,
): { parts: Hearing[]; unknown: TimeSegment[] } {
  const bySource = new Map<string, TimeSegment[]>()
  for (const s of segments) bySource.set(s.source, [...(bySource.get(s.source) ?? []), s])
  const parts: Hearing[] = []
  const unknown: TimeSegment[] = []
  for (const [source, segs] of bySource) {
    const h = known(source)
    if (h) parts.push(mapHearing(h, segs))
    else unknown.push(...segs)
  }
  return { parts, unknown }
}
