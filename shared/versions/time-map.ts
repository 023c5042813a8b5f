/**
 * Positions through a finish's time map (issue 42, point 7): the A/B player starts the other side at the same
 * word, not the same clock time, since a fit moves every word after the first shortened pause. The map is the
 * finish report's `time_map` (main/finish/finish-report.ts, kept on the version as VersionFinish.time_map):
 * the version before's [fromS, toS) plays from atS in the finished one at `scale` seconds of it per second
 * (the tempo), and speaks for the finished one over [coreFromS, coreToS) (the pieces' crossfades overlap).
 * Pure; the renderer and tests import it.
 */

export interface TimeMapSegment {
  fromS: number
  toS: number
  atS: number
  scale: number
  coreFromS: number
  coreToS: number
}

const lengthIn = (s: TimeMapSegment): number => (s.toS - s.fromS) / s.scale
const placed = (s: TimeMapSegment, t: number): number => s.atS + (t - s.fromS) / s.scale
const sourced = (s: TimeMapSegment, b: number): number => s.fromS + (b - s.atS) * s.scale

/**
 * Where time `t` (s) of the version before is heard in the finished one. A moment the finish cut (a pause
 * shortened, the head or tail) goes to the next stretch it kept; past the last, to the finished audio's end.
 * No map (a finish made before maps were kept): the same clock time.
 */
export function finishedTimeOf(map: readonly TimeMapSegment[] | null | undefined, t: number): number {
  if (!map || map.length === 0) return t
  const carrying = map.filter((s) => t >= s.fromS && t < s.toS)
  const inCore = carrying.find((s) => {
    const b = placed(s, t)
    return b >= s.coreFromS && b < s.coreToS
  })
  const hit = inCore ?? carrying[0]
  if (hit) return placed(hit, t)
  const later = map.filter((s) => s.fromS > t).sort((a, b) => a.fromS - b.fromS)[0]
  if (later) return later.atS
  return Math.max(...map.map((s) => s.atS + lengthIn(s)))
}

/** Where time `b` (s) of the finished version was in the version before (the inverse of finishedTimeOf where both exist). */
export function beforeTimeOf(map: readonly TimeMapSegment[] | null | undefined, b: number): number {
  if (!map || map.length === 0) return b
  const inCore = map.find((s) => b >= s.coreFromS && b < s.coreToS)
  const hit = inCore ?? map.find((s) => b >= s.atS && b < s.atS + lengthIn(s))
  if (hit) return sourced(hit, b)
  const byPlace = [...map].sort((x, y) => x.atS - y.atS)
  const first = byPlace[0] as TimeMapSegment
  if (b < first.atS) return first.fromS
  const before = byPlace.filter((s) => s.atS <= b).pop() as TimeMapSegment
  return before.toS
}
