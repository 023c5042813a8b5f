/** Stretches of a take in seconds, as hearings and lattices give them: one measure of where they meet. */
export interface Span {
  start_s: number
  end_s: number
}

/** How long two stretches share (s); 0 when they do not meet. */
export function overlap(a: Span, b: Span): number {
  return Math.max(0, Math.min(a.end_s, b.end_s) - Math.max(a.start_s, b.start_s))
}

/** The middle of a stretch (s). */
export function mid(w: Span): number {
  return (w.start_s + w.end_s) / 2
}
