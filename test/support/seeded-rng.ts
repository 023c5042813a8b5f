/** A seeded generator of uniform values in [-0.5, 0.5): the same noise every run (the finish tests' signals). */
export function rng(seed: number): () => number {
  let s = (seed % 2147483646) + 1
  return () => {
    s = (s * 16807) % 2147483647
    return s / 2147483647 - 0.5
  }
}
