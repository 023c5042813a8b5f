/**
 * Mouth clicks in the pauses of a take: found and replaced by the take's own room tone. Pure.
 *
 * - Where: only inside the stretches outside the words given (frames: pauses, head, tail), up to EDGE_GUARD_MS
 *   from a word's edge; an event whose raised stretch runs on to that edge is part of the word (its onset,
 *   a plosive's release, its decay) and left alone: speech is never de-clicked.
 * - What: a click is an impulse of a few milliseconds. Room tone changes little from one sample to the
 *   next, a click a great deal, so the sample-to-sample difference (a high-pass that favours what a click
 *   is made of) is compared with its local background: the median RMS of that difference over the
 *   BACKGROUND_MS around each CLICK_BLOCK_MS block (so a breath in the pause raises the bar inside it).
 *   Samples more than CLICK_RATIO times over it, closer than CLICK_JOIN_MS to each other, make one event,
 *   widened over the neighbouring blocks that still stand CLICK_HOLD_RATIO over it (the click's decay);
 *   an event longer than CLICK_MAX_MS is not a click (a knock, a word) and is left alone.
 * - Repair: the click's span, padded, is replaced by the room tone just before it (or just after, at a
 *   pause's start), joined by equal-power crossfades of REPAIR_FADE_MS: two stretches of room tone are
 *   unrelated noise, so their equal-power mix keeps the level; nothing is ever set to zero.
 */

/** A stretch of a take in frames, [from, to): a pause, a click, a breath. */
export interface FrameSpan {
  from: number
  to: number
}

export const CLICK_MAX_MS = 8
export const EDGE_GUARD_MS = 10
export const CLICK_BLOCK_MS = 2
export const BACKGROUND_MS = 100
const BACKGROUND_STEP = 4
/** A sample difference this many times the local background RMS is part of a click (18 dB: 8σ of noise). */
export const CLICK_RATIO = 8
/** A sample difference under this (about −100 dBFS) is never a click, even in digital silence (a gated take). */
export const CLICK_MIN_STEP = 1e-5
/** A click's peak stands this far over the sound (RMS) in the CLICK_SIDE_MS before it and after it (dB). */
export const CLICK_STANDS_DB = 18
export const CLICK_SIDE_MS = 10
export const CLICK_JOIN_MS = 1
/** A block whose difference RMS stands this far over its background still belongs to the event beside it. */
export const CLICK_HOLD_RATIO = 2.5
/** The span repaired reaches this far before the first and after the last outlying sample. */
export const CLICK_PAD_BEFORE_MS = 0.5
export const CLICK_PAD_AFTER_MS = 2
export const REPAIR_FADE_MS = 1
/** The room tone a patch is matched to: this much either side of the click. */
export const REFERENCE_MS = 50
/** Stretches a patch may come from: this many of its lengths before or after it. */
export const REPAIR_SOURCES = 3

/** Milliseconds as frames, at least one. */
export const frames = (ms: number, sampleRate: number): number => Math.max(1, Math.round((ms / 1000) * sampleRate))

/** Largest absolute sample-to-sample difference over the channels, for frames [from, to). */
function differences(ch: readonly Float32Array[], from: number, to: number): Float32Array {
  const d = new Float32Array(to - from)
  for (const x of ch) {
    for (let i = from; i < to; i++) {
      const v = Math.abs((x[i] as number) - (x[i - 1] as number))
      if (v > (d[i - from] as number)) d[i - from] = v
    }
  }
  return d
}

function median(values: number[]): number {
  const s = values.slice().sort((a, b) => a - b)
  return s.length === 0 ? 0 : (s[Math.floor(s.length / 2)] as number)
}

/** Per block of `block` samples of d: its RMS, and the median of those within `reach` blocks either side (the background). */
function blockStats(d: Float32Array, block: number, reach: number): { rms: Float64Array; bg: Float64Array } {
  const n = Math.ceil(d.length / block)
  const rms = new Float64Array(n)
  for (let b = 0; b < n; b++) {
    let s = 0
    const end = Math.min(d.length, (b + 1) * block)
    for (let i = b * block; i < end; i++) s += (d[i] as number) ** 2
    rms[b] = Math.sqrt(s / (end - b * block))
  }
  // The median moves slowly: taken every BACKGROUND_STEP blocks and held in between.
  const bg = new Float64Array(n)
  const all = Array.from(rms)
  for (let b = 0; b < n; b += BACKGROUND_STEP) {
    const m = median(all.slice(Math.max(0, b - reach), Math.min(n, b + reach + 1)))
    bg.fill(m, b, Math.min(n, b + BACKGROUND_STEP))
  }
  return { rms, bg }
}

/** Mouth clicks inside the pauses (frames), as spans to repair. */
export function findClicks(ch: Float32Array[], sampleRate: number, pauses: FrameSpan[]): FrameSpan[] {
  const total = ch[0]?.length ?? 0
  const guard = frames(EDGE_GUARD_MS, sampleRate)
  const block = frames(CLICK_BLOCK_MS, sampleRate)
  const reach = Math.round(BACKGROUND_MS / 2 / CLICK_BLOCK_MS)
  const join = frames(CLICK_JOIN_MS, sampleRate)
  const longest = frames(CLICK_MAX_MS, sampleRate)
  const clicks: FrameSpan[] = []
  for (const pause of pauses) {
    const from = Math.max(1, pause.from + (pause.from <= 0 ? 0 : guard))
    const to = Math.min(total, pause.to - (pause.to >= total ? 0 : guard))
    const wordBefore = pause.from > 0
    const wordAfter = pause.to < total
    if (to - from < 4 * block) continue
    const d = differences(ch, from, to)
    const { rms, bg } = blockStats(d, block, reach)
    const raised = (b: number): boolean => (rms[b] as number) > CLICK_HOLD_RATIO * (bg[b] as number)
    // A click stands far above the sound just before and just after it; a plosive's release, a breath's or a
    // word's onset in a gated take's silence is followed (or preceded) by sound as loud as itself.
    const side = frames(CLICK_SIDE_MS, sampleRate)
    const pad = frames(CLICK_PAD_AFTER_MS, sampleRate)
    const standsOut = (a: number, b: number): boolean => {
      let peak = 0
      for (const x of ch) for (let i = from + a; i <= from + b; i++) peak = Math.max(peak, Math.abs(x[i] as number))
      const core = peak > 0 ? 20 * Math.log10(peak) : Number.NEGATIVE_INFINITY
      const before = levelDb(ch, Math.max(from, from + a - side), from + a)
      const after = levelDb(ch, from + b + 1 + pad, Math.min(to, from + b + 1 + pad + side))
      return core - Math.max(before, after) >= CLICK_STANDS_DB
    }
    let first = -1
    let last = -1
    const close = (): void => {
      // The event reaches as far as its blocks stand out (a click's decay, or a longer transient's body).
      let fb = Math.floor(first / block)
      while (fb > 0 && raised(fb - 1)) fb--
      let lb = Math.floor(last / block)
      while (lb + 1 < rms.length && raised(lb + 1)) lb++
      if (first >= 0) {
        first = Math.min(first, fb * block)
        last = Math.max(last, Math.min(d.length, (lb + 1) * block) - 1)
      }
      // Raised all the way to a word's side of the stretch: the word's own sound, not a click beside it.
      const touchesWord = (wordBefore && fb === 0) || (wordAfter && lb === rms.length - 1)
      if (first >= 0 && last - first <= longest && !touchesWord && standsOut(first, last)) {
        clicks.push({
          from: Math.max(from, from + first - frames(CLICK_PAD_BEFORE_MS, sampleRate)),
          to: Math.min(to, from + last + 1 + frames(CLICK_PAD_AFTER_MS, sampleRate)),
        })
      }
      first = -1
    }
    for (let i = 0; i < d.length; i++) {
      const b = bg[Math.floor(i / block)] as number
      if (!((d[i] as number) > Math.max(CLICK_MIN_STEP, CLICK_RATIO * b))) continue
      if (first >= 0 && i - last > join) close()
      if (first < 0) first = i
      last = i
    }
    close()
  }
  return mergeSpans(clicks)
}

function mergeSpans(spans: FrameSpan[]): FrameSpan[] {
  const sorted = spans.slice().sort((a, b) => a.from - b.from)
  const out: FrameSpan[] = []
  for (const s of sorted) {
    const prev = out[out.length - 1]
    if (prev && s.from <= prev.to) prev.to = Math.max(prev.to, s.to)
    else out.push({ ...s })
  }
  return out
}

/** Level (dB) over all channels of frames [from, to); -Infinity for digital silence or nothing. */
function levelDb(ch: readonly Float32Array[], from: number, to: number): number {
  if (to <= from) return Number.NEGATIVE_INFINITY
  const r = rms(ch, from, to)
  return r > 0 ? 20 * Math.log10(r) : Number.NEGATIVE_INFINITY
}

/** RMS over all channels of frames [from, to). */
function rms(ch: readonly Float32Array[], from: number, to: number): number {
  let s = 0
  for (const x of ch) for (let i = from; i < to; i++) s += (x[i] as number) ** 2
  return Math.sqrt(s / Math.max(1, (to - from) * ch.length))
}

/**
 * Where to copy a patch of `len` frames for the span [start, end) from: the nearby stretch (up to
 * REPAIR_SOURCES lengths before or after) whose level is closest to the room tone around the click (the
 * quieter side of REFERENCE_MS before and after it: a word nearby raises one side only). A few ms of room
 * tone vary by several dB, so the nearest stretch alone can be audibly louder or softer.
 */
function patchShift(
  ch: readonly Float32Array[],
  start: number,
  end: number,
  sampleRate: number,
  usable: (shift: number) => boolean,
): number {
  const total = (ch[0] as Float32Array).length
  const len = end - start
  const reach = frames(REFERENCE_MS, sampleRate)
  const before = start - reach >= 0 ? rms(ch, start - reach, start) : Number.POSITIVE_INFINITY
  const after = end + reach <= total ? rms(ch, end, end + reach) : Number.POSITIVE_INFINITY
  const reference = Math.min(before, after)
  let best = 0
  let bestMiss = Number.POSITIVE_INFINITY
  for (let k = 1; k <= REPAIR_SOURCES; k++) {
    for (const shift of [-k * len, k * len]) {
      if (start + shift < 0 || end + shift > total || !usable(shift)) continue
      const level = rms(ch, start + shift, end + shift)
      const miss = Number.isFinite(reference) && level > 0 && reference > 0 ? Math.abs(Math.log(level / reference)) : k
      if (miss < bestMiss) {
        best = shift
        bestMiss = miss
      }
    }
  }
  return best
}

/**
 * The take with each click replaced by the neighbouring room tone (new arrays; the input untouched). Clicks
 * are repaired in order, so a patch taken from before a click never carries an earlier click.
 */
export function repairClicks(
  ch: Float32Array[],
  sampleRate: number,
  clicks: FrameSpan[],
  pauses: readonly FrameSpan[] = [],
): Float32Array[] {
  return repairClicksDone(ch, sampleRate, clicks, pauses).channels
}

/**
 * repairClicks, and the clicks it did repair (a click with no room tone to take a patch from is passed over),
 * each with the samples it patched over as they were. With `pauses`, a patch comes only from the stretch
 * outside the words that holds its click: never a word's audio. `inPlace`: patched in `ch` itself (the
 * finish's own copy of a long take: no second one), not in new arrays.
 */
export function repairClicksDone(
  ch: Float32Array[],
  sampleRate: number,
  clicks: FrameSpan[],
  pauses: readonly FrameSpan[] = [],
  inPlace = false,
): { channels: Float32Array[]; repaired: FrameSpan[]; was: Float32Array[][] } {
  const out = inPlace ? ch : ch.map((x) => x.slice())
  const repaired: FrameSpan[] = []
  const was: Float32Array[][] = []
  const total = out[0]?.length ?? 0
  const fade = frames(REPAIR_FADE_MS, sampleRate)
  const spans = mergeSpans(clicks)
  // Every patched stretch as read, taken before any patch (a patch may reach into a neighbour's stretch).
  const asRead = spans.map((c) => ch.map((x) => x.slice(Math.max(0, c.from - fade), c.to + fade)))
  spans.forEach((click, k) => {
    const start = click.from - fade
    const end = click.to + fade
    if (start < 0 || end > total) return
    // A stretch over a later click (not repaired yet) would carry it: such a stretch is passed over.
    const later = spans.slice(k + 1)
    const home = pauses.find((p) => p.from <= click.from && click.to <= p.to)
    const inHome = (d: number): boolean => !home || (start + d >= home.from && end + d <= home.to)
    const shift = patchShift(
      out,
      start,
      end,
      sampleRate,
      (d) => inHome(d) && !later.some((c) => c.from - fade < end + d && start + d < c.to + fade),
    )
    if (shift === 0) return
    repaired.push({ ...click })
    was.push(asRead[k] as Float32Array[])
    for (const y of out) {
      for (let i = start; i < end; i++) {
        const src = y[i + shift] as number
        let w = 1
        if (i < click.from) w = (i - start + 0.5) / fade
        else if (i >= click.to) w = (end - i - 0.5) / fade
        const a = (Math.PI / 2) * w
        y[i] = w === 1 ? src : Math.cos(a) * (y[i] as number) + Math.sin(a) * src
      }
    }
  })
  return { channels: out, repaired, was }
}

export interface ClicksRemoved {
  channels: Float32Array[]
  /** The clicks removed: repaired, and not found again in the result. */
  removed: FrameSpan[]
  /** Clicks found and left as read: no room tone to patch them from, or still found after the patch (then undone). */
  left: FrameSpan[]
}

/**
 * Clicks found in the pauses, repaired, and checked: the result is searched again, and a patch over which a
 * click is still found is undone (those samples are the take's again), so what is reported removed is what
 * the result no longer holds, and every other sample is as it was.
 */
export function removeClicks(
  ch: Float32Array[],
  sampleRate: number,
  pauses: FrameSpan[],
  inPlace = false,
): ClicksRemoved {
  const found = findClicks(ch, sampleRate, pauses)
  if (found.length === 0) return { channels: ch, removed: [], left: [] }
  const { channels, repaired, was } = repairClicksDone(ch, sampleRate, found, pauses, inPlace)
  const again = findClicks(channels, sampleRate, pauses)
  const fade = frames(REPAIR_FADE_MS, sampleRate)
  const overlaps = (a: FrameSpan, b: FrameSpan): boolean => a.from < b.to && b.from < a.to
  const removed: FrameSpan[] = []
  const left = found.filter((c) => !repaired.some((r) => r.from === c.from && r.to === c.to))
  repaired.forEach((r, j) => {
    if (!again.some((c) => overlaps(c, r))) {
      removed.push(r)
      return
    }
    for (let k = 0; k < channels.length; k++)
      (channels[k] as Float32Array).set(was[j]?.[k] as Float32Array, r.from - fade)
    left.push(r)
  })
  return { channels, removed, left: left.sort((a, b) => a.from - b.from) }
}
