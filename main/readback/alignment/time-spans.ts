/** Stretches of a take in seconds, as hearings and lattices give them: one measure of where they meet. */
export interface Span {
  start_s: number
  end_s: number
}

/** How long two stretches share (s); 0 when they do not meet. */
export function overlap(a: Span, b: Span): number {
  return Math.max(0, Math.min(a.end_s, b.end_s) - Math.max(a.start_s, b.start_s))
}

/**
 * Do two stretches meet over at least half the shorter one? The read-back's one test of "the same place" for a
 * word, a doubt and a lattice entry. `floorS`: a stretch counts as at least this long, so a zero-length one
 * (a lattice entry of one frame) is not met by everything that touches it; 0 takes the stretches as they are.
 */
export function overlapsHalfShorter(a: Span, b: Span, floorS = 0.01): boolean {
  return overlap(a, b) >= 0.5 * Math.max(floorS, Math.min(a.end_s - a.start_s, b.end_s - b.start_s))
}

/** The middle of a stretch (s). */
export function mid(w: Span): number {
  return (w.start_s + w.end_s) / 2
}
