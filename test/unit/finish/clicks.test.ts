import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { EDGE_GUARD_MS, findClicks, repairClicks } from '../../../main/finish/clicks'
import { cleanStep } from '../../../main/finish/finish-steps'
import { rng } from '../../support/seeded-rng'

const SR = 48_000

/** Room tone: smoothed white noise (a gentle low-pass, as a room's hiss), RMS about `db` dBFS. */
function room(frames: number, db: number, seed: number): Float32Array {
  const r = rng(seed)
  const x = new Float32Array(frames)
  let y = 0
  for (let i = 0; i < frames; i++) {
    y = 0.6 * y + r()
    x[i] = y
  }
  let s = 0
  for (const v of x) s += v * v
  const g = 10 ** (db / 20) / Math.sqrt(s / frames)
  return x.map((v) => v * g)
}

/**
 * A damped burst of `ms` at `db` dBFS peak that dies away into the room tone, as a click does: a burst cut
 * off at 5 % of its peak ended on a step of its own, after the click's span, that no repair of the click
 * itself could take out (fast-check found one 1.6 times the room tone's largest step).
 */
function burst(ms: number, db: number, hz: number): Float32Array {
  const n = Math.max(2, Math.round((ms / 1000) * SR))
  return Float32Array.from(
    { length: n },
    (_, i) => 10 ** (db / 20) * Math.exp(-i / (n / 3)) * (1 - i / n) * Math.cos((2 * Math.PI * hz * i) / SR),
  )
}

/** A longer transient (a knock, a lip smack that is part of a word): `ms` of a tone under a smooth Hann envelope. */
function knock(ms: number, db: number, hz: number): Float32Array {
  const n = Math.round((ms / 1000) * SR)
  return Float32Array.from(
    { length: n },
    (_, i) => 10 ** (db / 20) * Math.sin((Math.PI * i) / n) ** 2 * Math.sin((2 * Math.PI * hz * i) / SR),
  )
}

const add = (x: Float32Array, at: number, y: Float32Array): void =>
  y.forEach((v, i) => (x[at + i] = (x[at + i] as number) + v))
const maxStep = (x: Float32Array, a: number, b: number): number => {
  let m = 0
  for (let i = Math.max(1, a); i < b; i++) m = Math.max(m, Math.abs((x[i] as number) - (x[i - 1] as number)))
  return m
}

describe('findClicks and repairClicks', () => {
  it('find every click of 0.5 to 8 ms in a pause, nothing else, and repair each to the room tone', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e6 }),
        fc.double({ min: -75, max: -50, noNaN: true }),
        fc.array(
          fc.record({
            ms: fc.double({ min: 0.5, max: 6, noNaN: true }),
            overDb: fc.double({ min: 25, max: 50, noNaN: true }),
            hz: fc.integer({ min: 1000, max: 6000 }),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        (seed, roomDb, specs) => {
          const x = room(SR, roomDb, seed)
          const pause = { from: 0, to: SR }
          const at = specs.map((_, k) => Math.round(0.1 * SR + k * 0.2 * SR))
          specs.forEach((c, k) => add(x, at[k] as number, burst(c.ms, roomDb + c.overDb, c.hz)))
          const found = findClicks([x], SR, [pause])
          expect(found).toHaveLength(specs.length)
          found.forEach((f, k) => {
            expect(f.from).toBeLessThanOrEqual(at[k] as number)
            expect(f.to).toBeGreaterThan(at[k] as number)
            expect(f.to - f.from).toBeLessThanOrEqual(0.012 * SR)
          })
          const y = repairClicks([x], SR, found)[0] as Float32Array
          const clean = maxStep(x, 0.05 * SR, 0.09 * SR) * 1.6
          for (const f of found) {
            expect(maxStep(y, f.from - 48, f.to + 48)).toBeLessThanOrEqual(clean)
            for (let i = f.from; i < f.to; i++) expect(y[i]).not.toBe(0)
          }
          expect(y.every((v, i) => v === x[i] || found.some((f) => i >= f.from - 48 && i < f.to + 48))).toBe(true)
        },
      ),
      {
        numRuns: 30,
        examples: [
          [
            253254,
            -50,
            [
              { ms: 4.697916666666667, overDb: 34.1735364025969, hz: 1596 },
              { ms: 0.5, overDb: 25, hz: 1000 },
            ],
          ],
        ],
      },
    )
  })

  it('leave the edges of a pause, speech outside the pauses and long transients alone', () => {
    const x = room(SR, -65, 3)
    const edge = Math.round(0.1 * SR)
    add(x, edge + Math.round(0.005 * SR), burst(2, -20, 3000)) // inside the pause but within the edge guard (a word's release)
    add(x, Math.round(0.5 * SR), knock(30, -20, 2000)) // 30 ms: no click
    add(x, Math.round(0.9 * SR), burst(2, -20, 3000)) // outside the pause given
    const pauses = [{ from: edge, to: Math.round(0.8 * SR) }]
    expect(EDGE_GUARD_MS).toBeGreaterThan(5)
    expect(findClicks([x], SR, pauses)).toEqual([])
  })

  it('find a click up to 20 ms from a word, but not in a word whose sound runs on past the guard', () => {
    const x = room(SR, -65, 4)
    const wordEnd = Math.round(0.2 * SR)
    const wordStart = Math.round(0.7 * SR)
    // A word's release dies away 16 ms into the pause, 6 ms past the guard: short as a click, but the word's.
    const decay = knock(32, -20, 2500)
    add(x, wordEnd, decay.subarray(decay.length / 2))
    // A click 45 ms after a word and one 20 ms before the next: removed.
    const near = [wordEnd + Math.round(0.045 * SR), wordStart - Math.round(0.02 * SR)]
    add(x, near[0] as number, burst(2, -22, 3000))
    add(x, near[1] as number, burst(2, -22, 3000))
    const found = findClicks([x], SR, [{ from: wordEnd, to: wordStart }])
    expect(found).toHaveLength(2)
    near.forEach((at, k) => expect(found[k]!.from <= at && at < found[k]!.to).toBe(true))
    // The repair takes its patch from the pause alone: nothing from beyond its edges.
    const y = repairClicks([x], SR, found, [{ from: wordEnd, to: wordStart }])[0] as Float32Array
    expect(maxStep(y, near[1]! - 100, near[1]! + 200)).toBeLessThan(maxStep(x, near[1]! - 100, near[1]! + 200) / 5)
  })

  it('take no step of digital silence for a click (a gated take), but a click in it', () => {
    const x = new Float32Array(SR / 2)
    x[12_000] = 3e-6 // under −100 dBFS: a dither's last bit, no click
    add(x, 20_000, burst(2, -30, 3000))
    const found = findClicks([x], SR, [{ from: 0, to: SR / 2 }])
    expect(found).toHaveLength(1)
    expect(found[0]!.from).toBeLessThanOrEqual(20_000)
  })

  it('look at every channel and repair them together; deterministic, input untouched', () => {
    const l = room(SR / 2, -60, 8)
    const r = room(SR / 2, -60, 9)
    add(r, 12_000, burst(1, -25, 4000))
    const copy = [l.slice(), r.slice()]
    const found = findClicks([l, r], SR, [{ from: 0, to: SR / 2 }])
    expect(found).toHaveLength(1)
    const a = repairClicks([l, r], SR, found)
    expect(repairClicks([l, r], SR, found)).toEqual(a)
    expect([l, r]).toEqual(copy)
    expect(maxStep(a[1] as Float32Array, found[0]!.from, found[0]!.to)).toBeLessThan(
      maxStep(r, found[0]!.from, found[0]!.to) / 5,
    )
  })

  it('repair in the finish’s own copy (in place) exactly as in new arrays, clicks side by side too', () => {
    const bytes = (x: Float32Array): Buffer => Buffer.from(x.buffer, x.byteOffset, x.byteLength)
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(fc.integer({ min: 3000, max: SR / 2 - 3000 }), { minLength: 1, maxLength: 5 }),
        (seed, ats) => {
          const x = room(SR / 2, -60, seed)
          ats.forEach((a, k) => add(x, a, burst(1 + (k % 3), -25, 3000 + 500 * k)))
          // A second click just after the first: their patches' fades meet.
          add(x, (ats[0] as number) + 90, burst(1, -28, 5000))
          const read = x.slice()
          const pauses = [{ from: 0, to: SR / 2 }]
          const apart = cleanStep([x], SR, pauses, -60, 'lower')
          expect(apart.clicks.length).toBeGreaterThan(0)
          expect(bytes(x).equals(bytes(read))).toBe(true)
          const own = cleanStep([x], SR, pauses, -60, 'lower', true)
          expect(own.channels[0]).toBe(x)
          expect(bytes(x).equals(bytes(apart.channels[0] as Float32Array))).toBe(true)
          expect([own.clicks, own.clicksLeft, own.breaths]).toEqual([apart.clicks, apart.clicksLeft, apart.breaths])
        },
      ),
      { numRuns: 15 },
    )
  })
})
