import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BREATH_RAMP_MS, breathGainDb, findBreaths, lowerBreaths, type Breath } from '../../../main/finish/breaths'
import { Biquad, highPass } from '../../../shared/audio-dsp/biquad'
import { rng } from '../../support/seeded-rng'

const SR = 48_000

function atRms(x: Float32Array, db: number): Float32Array {
  let s = 0
  for (const v of x) s += v * v
  const g = 10 ** (db / 20) / Math.sqrt(s / x.length)
  return x.map((v) => v * g)
}

/** White noise through high-passes at `lo` and one-pole low-passes at `hi` (0: none), faded in and out over a quarter each (unless steady). */
function noise(ms: number, db: number, seed: number, lo: number, hi: number, steady = false): Float32Array {
  const n = Math.round((ms / 1000) * SR)
  const r = rng(seed)
  const hp = [new Biquad(highPass(lo, 0.7, SR)), new Biquad(highPass(lo, 0.7, SR))]
  const a = hi > 0 ? 1 - Math.exp((-2 * Math.PI * hi) / SR) : 1
  let l1 = 0
  let l2 = 0
  const x = new Float32Array(n)
  for (let i = 0; i < n; i++) {
    let v = r()
    for (const f of hp) v = f.step(v)
    l1 += a * (v - l1)
    l2 += a * (l1 - l2)
    x[i] = steady ? l2 : l2 * Math.min(1, i / (n / 4), (n - i) / (n / 4))
  }
  return atRms(x, db)
}

/** A vowel: 150 Hz and its first 12 harmonics, faded like a breath. */
function vowel(ms: number, db: number): Float32Array {
  const n = Math.round((ms / 1000) * SR)
  const x = Float32Array.from({ length: n }, (_, i) => {
    let v = 0
    for (let k = 1; k <= 12; k++) v += Math.sin((2 * Math.PI * 150 * k * i) / SR) / k
    return v * Math.min(1, i / (n / 4), (n - i) / (n / 4))
  })
  return atRms(x, db)
}

const ROOM_DB = -70

/** Two seconds: a loud "voice" second, then a pause of room tone with `sound` in its middle. */
function take(sound: Float32Array, seed = 1): { x: Float32Array; pause: { from: number; to: number }; at: number } {
  const x = noise(2000, ROOM_DB, seed + 100, 20, 0, true)
  const voice = vowel(900, -22)
  voice.forEach((v, i) => (x[i] = (x[i] as number) + v))
  const at = Math.round(1.5 * SR - sound.length / 2)
  sound.forEach((v, i) => (x[at + i] = (x[at + i] as number) + v))
  return { x, pause: { from: SR, to: 2 * SR }, at }
}

describe('findBreaths', () => {
  it('finds a breath (band-limited noise of 150-600 ms, 10-30 dB over the room tone) inside the pause', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e6 }),
        fc.integer({ min: 220, max: 580 }),
        fc.double({ min: 12, max: 30, noNaN: true }),
        (seed, ms, overDb) => {
          const b = noise(ms, ROOM_DB + overDb, seed, 200, 2000)
          const t = take(b, seed)
          const found = findBreaths([t.x], SR, [t.pause], ROOM_DB)
          expect(found).toHaveLength(1)
          const f = found[0] as Breath
          expect(f.from).toBeGreaterThanOrEqual(t.at - 0.02 * SR)
          expect(f.to).toBeLessThanOrEqual(t.at + b.length + 0.02 * SR)
          expect(f.levelDb).toBeGreaterThan(ROOM_DB + 8)
        },
      ),
      { numRuns: 15 },
    )
  })

  it('takes no voiced sound, no hiss of a sibilant, nothing too short or too long, nothing too faint, and nothing outside the pauses for a breath', () => {
    const none = (sound: Float32Array, what: string): void => {
      const t = take(sound)
      expect(findBreaths([t.x], SR, [t.pause], ROOM_DB), what).toEqual([])
    }
    none(vowel(300, -45), 'a vowel')
    none(noise(300, -45, 4, 5000, 0), 'a sibilant')
    none(noise(100, -45, 5, 200, 2000), '100 ms')
    none(noise(900, -45, 6, 200, 2000), '900 ms')
    none(noise(300, ROOM_DB + 4, 7, 200, 2000), '4 dB over the room tone')
    const t = take(noise(300, -45, 8, 200, 2000))
    expect(findBreaths([t.x], SR, [{ from: 0, to: SR }], ROOM_DB)).toEqual([])
    expect(findBreaths([t.x, t.x], SR, [t.pause], ROOM_DB)).toHaveLength(1)
  })
})

describe('breathGainDb and lowerBreaths', () => {
  it('never lower a breath under the room tone, and lower one well above it by 10-20 dB', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -90, max: -20, noNaN: true }),
        fc.double({ min: -90, max: -30, noNaN: true }),
        (levelDb, roomDb) => {
          const g = breathGainDb('lower', { from: 0, to: 1, levelDb }, roomDb) as number
          expect(g).toBeLessThanOrEqual(0)
          if (levelDb >= roomDb) expect(levelDb + g).toBeGreaterThanOrEqual(roomDb - 1e-9)
          if (levelDb - roomDb >= 20) expect(g).toBeGreaterThanOrEqual(-20)
          if (levelDb - roomDb >= 15) expect(g).toBeLessThanOrEqual(-10)
        },
      ),
    )
  })

  it('apply the gain inside each breath, ramp just outside it and touch nothing else', () => {
    const t = take(noise(300, -45, 9, 200, 2000))
    const [b] = findBreaths([t.x], SR, [t.pause], ROOM_DB)
    const region = { ...(b as Breath), gainDb: -15 }
    const y = lowerBreaths([t.x], SR, [region])[0] as Float32Array
    const ramp = (BREATH_RAMP_MS / 1000) * SR
    const g = 10 ** (-15 / 20)
    let wrong = 0
    for (let i = 0; i < t.x.length; i++) {
      if (i >= region.from && i < region.to) wrong += y[i] === Math.fround((t.x[i] as number) * g) ? 0 : 1
      else if (i < region.from - ramp || i >= region.to + ramp) wrong += y[i] === t.x[i] ? 0 : 1
      else
        wrong +=
          Math.abs(y[i] as number) <= Math.abs(t.x[i] as number) &&
          Math.abs(y[i] as number) >= Math.abs((t.x[i] as number) * g) - 1e-9
            ? 0
            : 1
    }
    expect(wrong).toBe(0)
  })
})
