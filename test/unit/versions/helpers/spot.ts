/**
 * The script, reads and measurements the version tests share: a five-sentence spot, the real pocketsphinx
 * read-back (its words cached by the file's SHA-256, so the same audio is heard once per run), and the
 * figures the rules are judged by, measured on the files themselves.
 */
import { PocketsphinxEngine } from '../../../../main/readback/engines/pocketsphinx/pocketsphinx-engine'
import { sha256File } from '../../../../main/versions/store/recordings'
import { measureRange } from '../../../../main/versions/render/range-measures'
import type { Transcribe } from '../../../../main/versions/hearing/version-inputs'
import { openWavSource, fullScale } from '../../../../main/media/wav-source'
import type { TimedWord } from '../../../../shared/readback/types'

export const SENTENCES = [
  "This Saturday only, it's the biggest sale of the year at Dream Street Furniture.",
  'Save 20% on every mattress in the store, and get free delivery on orders over $499.',
  'Queen mattresses start at just $299.',
  'Our sleep experts are here to help you find the perfect fit.',
  'Visit us at 1400 Harbor Boulevard, open 9 to 9.',
]
export const SCRIPT = SENTENCES.join(' ')
/** The voice the fixtures are read in (pocketsphinx reads it as written); other tests use others on purpose. */
export const VOICE = { voice: 'en-us+f2', speed: 175 }

const engine = new PocketsphinxEngine()
const heard = new Map<string, Promise<{ words: TimedWord[]; engine: string }>>()

/**
 * The real read-back engine; the same bytes are heard once. It hands back the words alone (never the
 * doubts), so it runs the first hearing alone, as the versions do when they place cuts (prepareRecordings
 * asks with doubts: false): the hearings that only find doubts cost more than the first and were thrown away.
 */
export const transcribe: Transcribe = async (path, hints) => {
  const key = `${await sha256File(path)}|${hints}`
  let hit = heard.get(key)
  if (!hit) {
    hit = engine.transcribe(path, { hints, doubts: false }).then((t) => ({ words: t.words, engine: t.engine }))
    heard.set(key, hit)
    hit.catch(() => heard.delete(key))
  }
  return hit
}

export async function engineMissing(): Promise<string | null> {
  return engine.unavailable()
}

/** All samples of a WAV (mono mix not taken: interleaved), in full-scale units (±1), and its rate. */
export async function samplesOf(
  path: string,
): Promise<{ x: Float64Array; rate: number; channels: number; frames: number; raw: Float64Array }> {
  const src = await openWavSource(path)
  try {
    const raw = await src.readFrames(0, src.frames)
    const scale = 1 / fullScale(src.format.encoding)
    return {
      x: raw.map((v) => v * scale),
      raw,
      rate: src.format.sample_rate,
      channels: src.format.channels,
      frames: src.frames,
    }
  } finally {
    await src.close()
  }
}

/** Largest sample-to-sample step in [fromS, toS) (mono). */
export function largestStep(x: Float64Array, rate: number, fromS: number, toS: number): number {
  let m = 0
  const a = Math.max(1, Math.round(fromS * rate))
  const b = Math.min(x.length, Math.round(toS * rate))
  for (let i = a; i < b; i++) m = Math.max(m, Math.abs((x[i] as number) - (x[i - 1] as number)))
  return m
}

/** RMS level (dBFS) of [fromS, toS) (mono). */
export function rmsDb(x: Float64Array, rate: number, fromS: number, toS: number): number {
  let s = 0
  const a = Math.max(0, Math.round(fromS * rate))
  const b = Math.min(x.length, Math.round(toS * rate))
  for (let i = a; i < b; i++) s += (x[i] as number) ** 2
  return 10 * Math.log10(s / Math.max(1, b - a))
}

/** BS.1770 loudness of a stretch of a file. */
export async function loudnessOf(path: string, fromS: number, toS: number): Promise<number> {
  const src = await openWavSource(path)
  try {
    const r = await measureRange(
      src,
      Math.round(fromS * src.format.sample_rate),
      Math.round(toS * src.format.sample_rate),
      false,
    )
    if (r.lufs === null) throw new Error(`no loudness for ${fromS}-${toS} of ${path}`)
    return r.lufs
  } finally {
    await src.close()
  }
}

/** Whether `needle` (raw samples) occurs anywhere in `hay` exactly. */
export function occursIn(hay: Float64Array, needle: Float64Array): boolean {
  const first = needle[0] as number
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    if (hay[i] !== first) continue
    for (let j = 1; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer
    return true
  }
  return false
}

/** One recording's samples (mono: channel 0), for measuring steps around a cut. */
export interface Side {
  x: Float64Array
  rate: number
  channels: number
}

const channel0 = (s: Side, i: number): number => s.x[i * s.channels] as number

/** Largest step of channel 0 in frames [a, b). */
function stepIn(s: Side, a: number, b: number): number {
  let m = 0
  for (let i = Math.max(1, a); i < Math.min(s.x.length / s.channels, b); i++)
    m = Math.max(m, Math.abs(channel0(s, i) - channel0(s, i - 1)))
  return m
}

/**
 * At every cut of a timeline (timeline.ts): the largest step of the result across the crossfade (±2 ms),
 * and the largest either recording has of its own within 10 ms of its side of the cut (times its gain;
 * a cut keeps 30 ms from any word, so that is room tone). A click is a step the two sides do not have.
 */
export function cutSteps(
  result: Side,
  timeline: { segments: Array<{ source: string; fromS: number; toS: number; gainDb: number }>; crossfadesS: number[] },
  sides: Map<string, Side>,
): Array<{ atS: number; result: number; own: number }> {
  const out: Array<{ atS: number; result: number; own: number }> = []
  let t = 0
  timeline.segments.forEach((seg, i) => {
    t += seg.toS - seg.fromS
    const next = timeline.segments[i + 1]
    if (!next) return
    const half = (timeline.crossfadesS[i] ?? 0) / 2 + 0.002
    const r = stepIn(result, Math.floor((t - half) * result.rate), Math.ceil((t + half) * result.rate))
    const own = Math.max(
      ...[
        [seg, seg.toS],
        [next, next.fromS],
      ].map(([s, at]) => {
        const side = sides.get((s as typeof seg).source) as Side
        const g = 10 ** ((s as typeof seg).gainDb / 20)
        return (
          g *
          stepIn(side, Math.floor(((at as number) - 0.01) * side.rate), Math.ceil(((at as number) + 0.01) * side.rate))
        )
      }),
    )
    out.push({ atS: t, result: r, own })
  })
  return out
}
