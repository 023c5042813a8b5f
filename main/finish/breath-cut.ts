/**
 * Breaths cut to room tone (the talent's "cut" choice): each breath's stretch is replaced by a stretch of
 * the same take's room tone as long, taken from the clean part of its pauses (no breath or click in it)
 * closest to the room tone's level, joined with equal-power fades of BREATH_RAMP_MS on both sides. Where no pause holds a clean
 * stretch that long, the breath is lowered to the room tone's level instead (its gain, never digital
 * silence), and the result says so.
 */
import { BREATH_RAMP_MS, lowerBreaths, type Breath, type GainRegion } from './breaths'
import type { FrameSpan } from './clicks'

export interface BreathCut {
  from: number
  to: number
  /** 'room_tone': replaced by room tone; a number: lowered by this many dB instead. */
  by: 'room_tone' | number
}

/** A breath cut to room tone: frames [from, to) (the breath and its fades) crossfaded to the take's from `donor` on. */
export interface RoomToneCut {
  from: number
  to: number
  /** The breath itself: the room tone is whole inside it, faded in and out over the fades either side. */
  breath: { from: number; to: number }
  donor: number
  fade: number
}

/** The frames of a cut's fade, and of the energy index's block. */
export const cutFadeOf = (sampleRate: number): number => Math.max(1, Math.round((BREATH_RAMP_MS / 1000) * sampleRate))
export const energyBlockOf = (sampleRate: number): number => Math.max(1, Math.round(0.01 * sampleRate))

/** Running sums of the first channel's energy per block: any block-aligned stretch's mean square at once. */
export function energyIndex(x: Float32Array, block: number): Float64Array {
  const blocks = Math.floor(x.length / block)
  const sums = new Float64Array(blocks + 1)
  for (let k = 0; k < blocks; k++) {
    let s = 0
    for (let i = k * block; i < (k + 1) * block; i++) s += (x[i] as number) ** 2
    sums[k + 1] = (sums[k] as number) + s
  }
  return sums
}

/**
 * The clean stretch of `frames` in the pauses (away from every busy span) whose level is closest to the room
 * tone's; null when no pause holds one that long.
 */
function donor(
  sums: Float64Array,
  block: number,
  pauses: readonly FrameSpan[],
  busy: readonly FrameSpan[],
  frames: number,
  margin: number,
  roomToneDb: number,
): number | null {
  const span = Math.ceil(frames / block)
  let best: { at: number; e: number } | null = null
  for (const p of pauses) {
    // The clean runs of this pause: between the busy spans (each widened by the margin).
    const inside = busy.filter((b) => b.to + margin > p.from && b.from - margin < p.to).sort((x, y) => x.from - y.from)
    let start = p.from + margin
    for (const run of [
      ...inside.map((b) => ({ end: b.from - margin, next: b.to + margin })),
      { end: p.to - margin, next: p.to },
    ]) {
      for (let k = Math.ceil(start / block); (k + span) * block <= run.end && k + span < sums.length; k++) {
        const ms = ((sums[k + span] as number) - (sums[k] as number)) / (span * block)
        const e = Math.abs(10 * Math.log10(ms || 1e-30) - roomToneDb)
        if (!best || e < best.e) best = { at: k * block, e }
      }
      start = Math.max(start, run.next)
    }
  }
  return best?.at ?? null
}

/**
 * Where each breath is cut from (a RoomToneCut), or, where no pause holds a clean stretch that long, the gain
 * that lowers it to the room tone's level instead; `sums`: the energy index of the take's first channel
 * (energyIndex, over energyBlockOf frames) with its clicks repaired; `total`: its frames.
 */
export function planCuts(
  sums: Float64Array,
  sampleRate: number,
  total: number,
  breaths: readonly Breath[],
  pauses: readonly FrameSpan[],
  busy: readonly FrameSpan[],
  roomToneDb: number,
): { cuts: BreathCut[]; roomTone: RoomToneCut[]; lowered: GainRegion[] } {
  const fade = cutFadeOf(sampleRate)
  const block = energyBlockOf(sampleRate)
  const cuts: BreathCut[] = []
  const roomTone: RoomToneCut[] = []
  const lowered: GainRegion[] = []
  for (const b of breaths) {
    const a = b.from - fade
    const z = b.to + fade
    const from =
      a >= 0 && z <= total ? donor(sums, block, pauses, [...busy, ...breaths], z - a, fade, roomToneDb) : null
    if (from === null) {
      const gainDb = Math.min(0, roomToneDb - b.levelDb)
      lowered.push({ from: b.from, to: b.to, gainDb })
      cuts.push({ from: b.from, to: b.to, by: gainDb })
      continue
    }
    roomTone.push({ from: a, to: z, breath: { from: b.from, to: b.to }, donor: from, fade })
    cuts.push({ from: b.from, to: b.to, by: 'room_tone' })
  }
  return { cuts, roomTone, lowered }
}

/**
 * Frames [a, b) of `cut` crossfaded in place: y holds the take from frame yAt, src its room tone (the take
 * from cut.donor on) for frame srcAt on, srcAt the frame src's first sample stands in for.
 */
export function crossfadeInto(
  y: Float32Array,
  yAt: number,
  src: Float32Array,
  srcAt: number,
  a: number,
  b: number,
  cut: RoomToneCut,
): void {
  const { from, to, breath, fade } = cut
  for (let i = a; i < b; i++) {
    const s = src[i - srcAt] as number
    const w = i < breath.from ? (i - from + 0.5) / fade : i >= breath.to ? (to - i - 0.5) / fade : 1
    const t = (Math.PI / 2) * w
    y[i - yAt] = w === 1 ? s : Math.cos(t) * (y[i - yAt] as number) + Math.sin(t) * s
  }
}

/** `ch` with each breath cut to room tone (new arrays), and what was done to each. */
export function cutBreaths(
  ch: readonly Float32Array[],
  sampleRate: number,
  breaths: readonly Breath[],
  pauses: readonly FrameSpan[],
  busy: readonly FrameSpan[],
  roomToneDb: number,
): { channels: Float32Array[]; cuts: BreathCut[] } {
  let out: Float32Array[] = ch.map((x) => x.slice())
  const sums = energyIndex(out[0] ?? new Float32Array(0), energyBlockOf(sampleRate))
  const total = out[0]?.length ?? 0
  const { cuts, roomTone, lowered } = planCuts(sums, sampleRate, total, breaths, pauses, busy, roomToneDb)
  for (const cut of roomTone)
    for (const y of out)
      crossfadeInto(y, 0, y.slice(cut.donor, cut.donor + (cut.to - cut.from)), cut.from, cut.from, cut.to, cut)
  if (lowered.length) out = lowerBreaths(out, sampleRate, lowered, true)
  return { channels: out, cuts }
}
