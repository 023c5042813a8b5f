/**
 * The clean step over the rendered file (main/finish/clean-stream.ts; issue 42, point 8) against the clean
 * step over the take held whole (finish-steps.ts's cleanStep): the same breaths, clicks and samples to the
 * bit, for each breath choice, mono and stereo, on takes with breaths and clicks planted in their pauses.
 * And a repair that is undone (a click still found over its patch) gives the take back exactly as read.
 */
import fc from 'fast-check'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cleanRender, roomToneOfRender } from '../../../main/finish/clean-stream'
import {
  frames as msFrames,
  REPAIR_FADE_MS,
  repairClicksDone,
  findClicks,
  removeClicks,
} from '../../../main/finish/clicks'
import { cleanStep } from '../../../main/finish/finish-steps'
import { roomToneRmsDbfs } from '../../../main/finish/level-noise-floor'
import { materialize } from '../../../main/finish/level-stream'
import { channelsOf } from '../../support/read-channels'
import { RenderFile } from '../../../main/finish/render-file'
import { writeChannels } from '../../../main/finish/write-channels'
import { plantedBreath, plantedClick } from '../../support/planted-breaths'
import { makeTempDir } from '../../support/audio-fixtures'
import { rng } from '../../support/seeded-rng'

const SR = 48_000
const bytes = (x: Float32Array): Buffer => Buffer.from(x.buffer, x.byteOffset, x.byteLength)

let dir: { dir: string; cleanup: () => Promise<void> }
beforeAll(async () => {
  dir = await makeTempDir('booth-clean-stream-')
})
afterAll(async () => dir.cleanup())

interface Take {
  ch: Float32Array[]
  pauses: Array<{ from: number; to: number }>
}

/**
 * Words (harmonic tones at about -20 dBFS) between pauses of room tone (about -60 dBFS), a breath before each
 * word and a click after it, a stray click mid-pause now and then; the pauses: head, between words, tail.
 */
function plantedTake(seed: number, channels: number, words: number): Take {
  const r = rng(seed)
  const s = (sec: number) => Math.round(sec * SR)
  const spans: Array<{ from: number; to: number }> = []
  let at = s(0.5 + 0.3 * (r() + 0.5))
  for (let k = 0; k < words; k++) {
    const len = s(0.4 + 0.5 * (r() + 0.5))
    spans.push({ from: at, to: at + len })
    at += len + s(0.6 + 0.6 * (r() + 0.5))
  }
  const frames = at + s(0.2)
  const ch = Array.from({ length: channels }, (_, c) => {
    const n = rng(seed * 7 + c)
    let y = 0
    return Float32Array.from({ length: frames }, () => (y = 0.6 * y + n()) * 0.001)
  })
  const add = (at0: number, x: Float32Array) =>
    ch.forEach((y, c) => x.forEach((v, i) => (y[at0 + i] = (y[at0 + i] as number) + v * (c === 0 ? 1 : 0.8))))
  spans.forEach((w, k) => {
    const hz = 110 + 40 * k
    const voice = Float32Array.from({ length: w.to - w.from }, (_, i) => {
      const t = i / SR
      const env = Math.sin((Math.PI * i) / (w.to - w.from)) ** 0.3
      return 0.1 * env * (Math.sin(2 * Math.PI * hz * t) + 0.5 * Math.sin(4 * Math.PI * hz * t))
    })
    add(w.from, voice)
    const b = s(0.22 + 0.2 * (r() + 0.5))
    const bAt = w.from - s(0.07) - b
    if (bAt > s(0.05) && (k === 0 || bAt > (spans[k - 1] as { to: number }).to + s(0.1)))
      add(bAt, plantedBreath(b, -36, seed + k))
    add(w.to + s(0.05 + 0.01 * k), plantedClick(0.1, seed * 3 + k))
    if (r() > 0) add(w.to + s(0.25), plantedClick(0.05, seed * 5 + k))
  })
  const pauses = [
    { from: 0, to: (spans[0] as { from: number }).from },
    ...spans.slice(1).map((w, k) => ({ from: (spans[k] as { to: number }).to, to: w.from })),
    { from: (spans[spans.length - 1] as { to: number }).to, to: frames },
  ]
  return { ch, pauses }
}

describe('the clean step over the rendered file', () => {
  it('finds, repairs, lowers and cuts exactly as over the take held whole', async () => {
    let breaths = 0
    let clicks = 0
    let cut = 0
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 2 }),
        fc.constantFrom('lower', 'keep', 'cut') as fc.Arbitrary<'lower' | 'keep' | 'cut'>,
        async (seed, channels, choice) => {
          const t = plantedTake(seed, channels, 4)
          const path = join(dir.dir, `take-${seed}-${channels}.wav`)
          await writeChannels(path, t.ch, { sample_rate: SR, channels, encoding: 'pcm_s24' })
          const { ch } = await channelsOf(path)
          const whole = cleanStep(ch, SR, t.pauses, -62, choice)
          const file = await RenderFile.open(path)
          try {
            const found = cleanRender(file, t.pauses, -62, choice)
            expect(found).toEqual({ breaths: whole.breaths, clicks: whole.clicks, clicksLeft: whole.clicksLeft })
            const streamed = materialize(file.passes)
            for (let c = 0; c < channels; c++)
              expect(bytes(streamed[c] as Float32Array).equals(bytes(whole.channels[c] as Float32Array))).toBe(true)
            expect(roomToneOfRender(file, t.pauses)).toBe(roomToneRmsDbfs(whole.channels, SR, t.pauses))
            breaths += whole.breaths.filter((b) => b.by !== 0).length
            cut += whole.breaths.filter((b) => b.by === 'room_tone').length
            clicks += whole.clicks.length
          } finally {
            await file.close()
          }
        },
      ),
      { numRuns: 12 },
    )
    // The takes had something to clean: breaths lowered or cut, clicks repaired.
    expect(breaths).toBeGreaterThan(5)
    expect(cut).toBeGreaterThan(0)
    expect(clicks).toBeGreaterThan(10)
  }, 120_000)

  it('gives a repair that is undone back exactly as read: the whole take and the patched file alike', async () => {
    // Room tone with clicks of 0.5 to 6.5 ms (seed 33: the second click is still found over its patch).
    const r = rng(33)
    const n = SR / 4
    const n0 = rng(33)
    let y = 0
    const x = Float32Array.from({ length: n }, () => (y = 0.6 * y + n0()))
    let e = 0
    for (const v of x) e += v * v
    const g = 10 ** (-60 / 20) / Math.sqrt(e / n)
    x.forEach((v, i) => (x[i] = v * g))
    const k = 2 + Math.floor((r() + 0.5) * 10)
    for (let j = 0; j < k; j++) {
      const at = 1000 + Math.floor((r() + 0.5) * (n - 2000))
      const ms = 0.5 + (r() + 0.5) * 6
      const db = -20 - (r() + 0.5) * 25
      const hz = 1000 + (r() + 0.5) * 8000
      const len = Math.max(2, Math.round((ms / 1000) * SR))
      const click = Float32Array.from(
        { length: len },
        (_, i) => 10 ** (db / 20) * Math.exp(-i / (len / 3)) * (1 - i / len) * Math.cos((2 * Math.PI * hz * i) / SR),
      )
      click.forEach((v, i) => {
        if (at + i < n) x[at + i] = (x[at + i] as number) + v
      })
    }
    const pauses = [{ from: 0, to: n }]
    // Written as float: the very samples the search saw.
    const path = join(dir.dir, 'undo.wav')
    await writeChannels(path, [x], { sample_rate: SR, channels: 1, encoding: 'float32' })
    const { ch } = await channelsOf(path)
    const asRead = (ch[0] as Float32Array).slice()
    const { channels: patched, repaired } = repairClicksDone(ch, SR, findClicks(ch, SR, pauses), pauses)
    const whole = removeClicks(ch, SR, pauses)
    const undone = repaired.filter((c) => whole.left.some((l) => l.from === c.from && l.to === c.to))
    expect(undone.length).toBeGreaterThan(0)
    const file = await RenderFile.open(path)
    try {
      cleanRender(file, pauses, -62, 'keep')
      const streamed = materialize(file.passes)[0] as Float32Array
      const fade = msFrames(REPAIR_FADE_MS, SR)
      for (const u of undone) {
        const a = u.from - fade
        const b = u.to + fade
        // The repair changed these samples; undone, they are the take's as read, to the bit.
        expect(bytes((patched[0] as Float32Array).subarray(a, b)).equals(bytes(asRead.subarray(a, b)))).toBe(false)
        expect(bytes((whole.channels[0] as Float32Array).subarray(a, b)).equals(bytes(asRead.subarray(a, b)))).toBe(
          true,
        )
        expect(bytes(streamed.subarray(a, b)).equals(bytes(asRead.subarray(a, b)))).toBe(true)
      }
    } finally {
      await file.close()
    }
  })
})
