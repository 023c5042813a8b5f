/** A small seeded pseudo-random generator (mulberry32): the same seed always gives the same world. */
export interface Rng {
  /** A float in [0, 1). */
  next(): number
  /** An integer in [min, max] inclusive. */
  int(min: number, max: number): number
  pick<T>(items: readonly T[]): T
  /** The generator's internal state, so it can be persisted and resumed. */
  state(): number
}

export function createRng(seed: number): Rng {
  let s = seed >>> 0
  const next = (): number => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('rng.pick: cannot pick from an empty list')
      return items[Math.floor(next() * items.length)] as T
    },
    state: () => s,
  }
}
