/**
 * The clean step's repairs as patches laid over the render a block at a time (main/finish/take-patches.ts,
 * render-file.ts; issue 42, point 8): whatever the block size, and with patches straddling block edges and
 * overlapping each other, a pass gives exactly what applying the patches in turn to the whole take gives.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { breathGain } from '../../../main/finish/breaths'
import { crossfadeInto, type RoomToneCut } from '../../../main/finish/breath-cut'
import { TakePatches, type PatchOp } from '../../../main/finish/take-patches'
import { RenderFile } from '../../../main/finish/render-file'
import { channelsOf } from '../../support/read-channels'
import { makeAudio, makeTempDir } from '../../support/audio-fixtures'

const bytes = (x: Float32Array): Buffer => Buffer.from(x.buffer, x.byteOffset, x.byteLength)

/** The patches applied in turn to the whole take (a copy): what the whole-array clean step does. */
function applyWhole(take: readonly Float32Array[], ops: readonly PatchOp[]): Float32Array[] {
  const y = take.map((x) => x.slice())
  for (const op of ops) {
    if (op.kind === 'replace') y.forEach((x, c) => x.set(op.samples[c] as Float32Array, op.from))
    else if (op.kind === 'gain') {
      for (let f = op.from; f < op.to; f++)
        for (const x of y) x[f] = (x[f] as number) * breathGain(f, op.region, op.gain, op.ramp)
    } else {
      const { cut } = op
      for (const x of y)
        crossfadeInto(x, 0, x.slice(cut.donor, cut.donor + (cut.to - cut.from)), cut.from, cut.from, cut.to, cut)
    }
  }
  return y
}

/** A pass over `take` in blocks of `block` frames with `patches` laid over each block, joined. */
function readInBlocks(take: readonly Float32Array[], patches: TakePatches, block: number): Float32Array[] {
  const frames = take[0]?.length ?? 0
  const raw = (from: number, to: number) => take.map((x) => x.slice(from, to))
  const out = take.map(() => new Float32Array(frames))
  for (let at = 0; at < frames; at += block) {
    const y = raw(at, Math.min(frames, at + block))
    patches.overlay(y, at, raw)
    y.forEach((x, c) => (out[c] as Float32Array).set(x, at))
  }
  return out
}

/** Random patches over a take of `frames`: replaced stretches, lowered regions with ramps, room-tone cuts. */
const opsOf = (frames: number, channels: number) =>
  fc.array(
    fc.oneof(
      fc
        .record({ from: fc.nat(frames - 2), len: fc.integer({ min: 1, max: 700 }), seed: fc.nat() })
        .map(({ from, len, seed }) => {
          const to = Math.min(frames, from + len)
          const samples = Array.from({ length: channels }, (_, c) =>
            Float32Array.from({ length: to - from }, (_, i) => Math.sin(seed + 7 * c + i)),
          )
          return { kind: 'replace', from, to, samples } as PatchOp
        }),
      fc
        .record({
          from: fc.nat(frames - 2),
          len: fc.integer({ min: 1, max: 900 }),
          ramp: fc.integer({ min: 1, max: 60 }),
          db: fc.double({ min: -30, max: 0, noNaN: true }),
        })
        .map(({ from, len, ramp, db }) => {
          const region = { from, to: Math.min(frames, from + len), gainDb: db }
          const a = Math.max(0, region.from - ramp)
          return {
            kind: 'gain',
            from: a,
            to: Math.min(frames, region.to + ramp),
            region,
            gain: 10 ** (db / 20),
            ramp,
          } as PatchOp
        }),
      fc
        .record({
          from: fc.nat(frames - 2),
          len: fc.integer({ min: 3, max: 600 }),
          fade: fc.integer({ min: 1, max: 40 }),
          donor: fc.nat(frames - 1),
        })
        .map(({ from, len, fade, donor }) => {
          const to = Math.min(frames, from + len, frames - (frames - donor < len ? len : 0))
          const cut: RoomToneCut = {
            from,
            to,
            breath: { from: Math.min(to, from + fade), to: Math.max(from, to - fade) },
            donor: Math.min(donor, frames - (to - from)),
            fade,
          }
          return { kind: 'cut', from, to, cut } as PatchOp
        }),
    ),
    { minLength: 1, maxLength: 12 },
  )

describe('the patches laid over the take a block at a time', () => {
  it('give exactly the patches applied in turn to the whole take, for any block size and patches across block edges', () => {
    let straddled = 0
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 }).chain((channels) =>
          fc.integer({ min: 800, max: 5000 }).chain((frames) =>
            fc.record({
              channels: fc.constant(channels),
              seed: fc.nat(),
              ops: opsOf(frames, channels),
              frames: fc.constant(frames),
              // Block sizes no patch is laid out on: primes and odd sizes.
              block: fc.constantFrom(7, 61, 127, 509, 997, 4099),
            }),
          ),
        ),
        ({ channels, seed, ops, frames, block }) => {
          const take = Array.from({ length: channels }, (_, c) =>
            Float32Array.from({ length: frames }, (_, i) => Math.fround(0.3 * Math.sin(0.01 * i * (c + 1) + seed))),
          )
          const patches = new TakePatches()
          for (const op of ops) patches.add(op)
          if (ops.some((op) => Math.floor(op.from / block) !== Math.floor((op.to - 1) / block))) straddled++
          const whole = applyWhole(take, patches.ops)
          const blocks = readInBlocks(take, patches, block)
          for (let c = 0; c < channels; c++)
            expect(bytes(blocks[c] as Float32Array).equals(bytes(whole[c] as Float32Array))).toBe(true)
        },
      ),
      { numRuns: 150 },
    )
    expect(straddled).toBeGreaterThan(50)
  })

  describe('over a rendered file', () => {
    let dir: { dir: string; cleanup: () => Promise<void> }
    let take: string
    beforeAll(async () => {
      dir = await makeTempDir('booth-take-patches-')
      // Stereo 24-bit, an odd number of frames: no block size divides it.
      take = await makeAudio(dir.dir, 'take', [{ kind: 'noise', seconds: 2.31, dbfs: -12 }], {
        sampleRate: 44_100,
        channels: 2,
      })
    })
    afterAll(async () => dir.cleanup())

    it('read in passes (its frames as read-channels.ts reads them) with the patches, as the whole take patched', async () => {
      const { ch } = await channelsOf(take)
      const file = await RenderFile.open(take)
      try {
        expect(file.frames).toBe(ch[0]?.length)
        const frames = file.frames
        const ops: PatchOp[] = [
          {
            kind: 'replace',
            from: 65_530,
            to: 65_600,
            samples: [new Float32Array(70).fill(0.25), new Float32Array(70).fill(-0.25)],
          },
          {
            kind: 'gain',
            from: 65_500,
            to: 70_000,
            region: { from: 65_600, to: 69_000, gainDb: -15 },
            gain: 10 ** (-15 / 20),
            ramp: 100,
          },
          {
            kind: 'cut',
            from: 10_000,
            to: 12_000,
            cut: { from: 10_000, to: 12_000, breath: { from: 10_200, to: 11_800 }, donor: frames - 2_500, fade: 200 },
          },
        ]
        for (const op of ops) file.patches.add(op)
        const whole = applyWhole(ch, ops)
        const pass = file.passes()
        for (let at = 0; at < frames; at += 65_536) {
          const y = pass.next(65_536)
          y.forEach((x, c) =>
            expect(bytes(x).equals(bytes((whole[c] as Float32Array).subarray(at, at + x.length)))).toBe(true),
          )
        }
        expect(file.read(65_000, 70_500).map((x) => Array.from(x))).toEqual(
          whole.map((x) => Array.from(x.subarray(65_000, 70_500))),
        )
      } finally {
        await file.close()
      }
    })
  })
})
