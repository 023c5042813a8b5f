/**
 * "Finish for delivery" (issue 33): a take → a new version fitted to the spot's length, its report.
 * read (the take kept by content, never changed) → analyse (speech, pauses and their kinds, room tone) →
 * plan (fit-plan.ts; a refusal ends here, nothing written) → a tempo change as a derived recording when
 * the plan has one (tempo.ts), analysed and planned again at that tempo → the edit list (fit-edit-list.ts)
 * → the version renderer → breaths, clicks and level (finish-steps.ts, level.ts) → OUT written whole, only
 * now (onWritten) → the input and OUT measured, together.
 */
import { mkdtemp, rename, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, dirname, join, resolve } from 'node:path'
import type { DeliveryProfile } from '../audio/delivery-profiles'
import { fullScale, openWavSource, type WavSource } from '../media/wav-source'
import { Recordings, type RecordingRef } from '../versions/recordings'
import { renderCached } from '../versions/render-cache'
import type { TakeLayout } from './analyse-pauses'
import { analyseDerived, analyseTake, type AnalysedTake, type ScriptUse } from './finish-analysis'
import { measureFigures, type FileFigures } from './finish-measure'
import type { BreathChoice } from './breaths'
import { cleanStep, type FramePause } from './finish-steps'
import { LevelError, levelTake, type Levelled } from './level'
import { canFill, fitEditList, type FitBuild } from './fit-edit-list'
import { fitPlan, type FitInput, type TakeKindToFit } from './fit-plan'
import { tempoRecording } from './tempo'
import { writeChannels } from './write-channels'

export interface FinishRequest {
  input: string
  output: string
  spotLengthS: number
  kind: TakeKindToFit
  profile: DeliveryProfile
  /** With a script, the pauses' kinds come from the read-back's sentences. */
  script?: ScriptUse | null
  ffmpegPath?: string
  /** Breaths in the pauses: lowered (the default), kept, or cut to room tone. */
  breaths?: BreathChoice
  /** The largest tempo change allowed, as a fraction (default and most 0.04; 0: none). */
  maxTempoChange?: number
  /** The shortest a pause between sentences may become (s; default 0.25, at most 1.2). */
  shortestPauseS?: number
  /**
   * Called once OUT is written whole, before it is measured (the window plays the finished audio from
   * here while the rest runs). What it throws fails the finish.
   */
  onWritten?: (out: string) => Promise<void> | void
}

export type EditKind = 'head' | 'tail' | 'pause' | 'breath' | 'click' | 'tempo' | 'gain'

export interface FinishReport {
  out: string
  length_s: number
  tempo: number
  /** The one gain of the whole performance (dB): the level plan's gain and its last trim. */
  gain_db: number
  /** What the level aimed at, in words (level.ts's plan target). */
  level: string
  /** Whether the true-peak limiter turned any peak down. */
  limited: boolean
  before: FileFigures
  after: FileFigures
  /**
   * What changed, in order. head / tail / pause: at_s where it starts in the result, from_s → to_s its
   * length before and after; tempo: the speech's length before and after; breath / click: the stretch of
   * the result (from_s to to_s), a breath with the gain it got or room_tone when cut; gain: the whole result.
   */
  edits: Array<{ kind: EditKind; at_s: number; from_s: number; to_s: number; gain_db?: number; room_tone?: boolean }>
}

/** A take that cannot be finished: one sentence for the person; nothing was written. */
export class FinishRefusal extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'FinishRefusal'
  }
}

const r3 = (x: number): number => Math.round(x * 1000) / 1000
const r2 = (x: number): number => Math.round(x * 100) / 100

/** The planner's figures of a layout. */
export function fitInputOf(layout: TakeLayout, kind: TakeKindToFit, targetS: number): FitInput {
  const rate = layout.sampleRate
  const first = layout.speech[0]
  const last = layout.speech[layout.speech.length - 1]
  if (!first || !last) throw new FinishRefusal('The take has no speech Booth can hear above its room tone.')
  return {
    speechS: layout.speech.reduce((a, s) => a + s.to - s.from, 0) / rate,
    headS: first.from / rate,
    tailS: (layout.frames - last.to) / rate,
    pauses: layout.pauses.map((p) => ({ lengthS: (p.to - p.from) / rate, kind: p.kind })),
    canLengthen: canFill(layout),
    kind,
    targetS,
  }
}

async function withSource<T>(ref: RecordingRef, use: (src: WavSource) => Promise<T>): Promise<T> {
  const src = await openWavSource(ref.path)
  try {
    return await use(src)
  } finally {
    await src.close()
  }
}

/** The fitted result's pauses, in its own frames (between the speech spans as placed). */
function placedPauses(build: FitBuild): FramePause[] {
  return build.placed.slice(1).map((s, i) => {
    const prev = build.placed[i] as FitBuild['placed'][number]
    return { from: prev.at + (prev.to - prev.from), to: s.at }
  })
}

/** A rendered WAV's samples per channel, full scale ±1 (what the level and clean steps take). */
async function channelsOf(path: string): Promise<{ ch: Float32Array[]; rate: number }> {
  const src = await openWavSource(path)
  try {
    const { channels, sample_rate, encoding } = src.format
    const x = await src.readFrames(0, src.frames)
    const scale = 1 / fullScale(encoding)
    const ch = Array.from({ length: channels }, (_, c) => {
      const out = new Float32Array(src.frames)
      for (let f = 0; f < src.frames; f++) out[f] = (x[f * channels + c] as number) * scale
      return out
    })
    return { ch, rate: sample_rate }
  } finally {
    await src.close()
  }
}

export async function finishTake(req: FinishRequest): Promise<FinishReport> {
  if (!(req.spotLengthS > 0)) throw new FinishRefusal('The spot length must be a number of seconds above 0.')
  const target = resolve(req.output)
  if (target === resolve(req.input)) throw new FinishRefusal('The output must be another file: the take itself is never changed.')
  const work = await mkdtemp(join(tmpdir(), 'booth-finish-'))
  // A finish refused or failed on the way stops the measuring it started.
  const stopMeasuring = new AbortController()
  try {
    const recordings = new Recordings(join(work, 'recordings'), req.ffmpegPath ? { ffmpegPath: req.ffmpegPath } : {})
    let ref: RecordingRef
    try {
      ref = await recordings.add(req.input)
    } catch (err) {
      throw new FinishRefusal(`The take ${req.input} is not audio Booth can read (${(err as Error).message.split('\n')[0] ?? ''}).`)
    }
    const rate = ref.format.sample_rate
    const measureOptions = { spotLengthS: req.spotLengthS, kind: req.kind, profile: req.profile, ...(req.ffmpegPath ? { ffmpegPath: req.ffmpegPath } : {}) }
    const original = await withSource(ref, (src) => analyseTake(src, ref.hash, req.script ?? null))
    const limits = {
      ...(req.maxTempoChange !== undefined ? { maxTempoChange: Math.min(Math.max(0, req.maxTempoChange), 0.04) } : {}),
      ...(req.shortestPauseS !== undefined ? { shortestPauseS: req.shortestPauseS } : {}),
    }
    const plan = fitPlan({ ...fitInputOf(original.layout, req.kind, req.spotLengthS), ...limits })
    if (!plan.ok) throw new FinishRefusal(plan.reason)

    // A tempo change: the whole take through atempo once, then analysed and fitted again at that tempo.
    let used: { ref: RecordingRef; take: AnalysedTake; plan: typeof plan } = { ref, take: original, plan }
    if (plan.tempo !== 1) {
      const derived = await tempoRecording(recordings, ref, plan.tempo, req.ffmpegPath)
      const take = await withSource(derived, (src) => analyseDerived(src, original.layout, plan.tempo))
      const again = fitPlan({ ...fitInputOf(take.layout, req.kind, req.spotLengthS), ...limits, maxTempoChange: 0 })
      if (!again.ok) throw new FinishRefusal(`At ${((plan.tempo - 1) * 100).toFixed(1)} % tempo the take still does not fit: ${again.reason}`)
      used = { ref: derived, take, plan: { ...again, tempo: plan.tempo } }
    }
    const targetFrames = Math.round(req.spotLengthS * rate)
    const build = fitEditList(used.take.layout, used.take.env, used.plan, used.ref.hash, used.ref.format, targetFrames)
    const rendered = await renderCached(build.list, recordings, join(work, 'renders'))

    const { ch } = await channelsOf(rendered.path)
    const clean = cleanStep(ch, rate, placedPauses(build), used.take.layout.roomToneDb, req.breaths ?? 'lower')
    let level: Levelled
    try {
      level = levelTake(clean.channels, rate, req.kind, req.profile)
    } catch (err) {
      if (err instanceof LevelError) throw new FinishRefusal(err.message)
      throw err
    }

    const temp = join(dirname(target), `.${basename(target)}.${process.pid}.partial`)
    try {
      await writeChannels(temp, level.channels, used.ref.format)
      await rename(temp, target)
    } catch (err) {
      await rm(temp, { force: true })
      throw new FinishRefusal(`The output ${req.output} cannot be written (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}).`)
    }
    await req.onWritten?.(target)
    // Before and after are measured together once the result is playable (the before measurement's samples
    // pass through this thread too, so it waits until then).
    const [before, after] = await Promise.all([measureFigures(req.input, { ...measureOptions, signal: stopMeasuring.signal }), measureFigures(target, measureOptions)])
    // One gain for the whole performance: the planned gain and the last trim together.
    const gainDb = r2(level.plan.gain_db + level.plan.trim_db)
    const speechS = (l: TakeLayout) => l.speech.reduce((a, s) => a + s.to - s.from, 0) / l.sampleRate
    const edits: FinishReport['edits'] = [
      ...(plan.tempo !== 1 ? [{ kind: 'tempo' as const, at_s: 0, from_s: r3(speechS(original.layout)), to_s: r3(speechS(used.take.layout)) }] : []),
      ...build.edits.map((e) => ({ kind: e.kind, at_s: r3(e.at_s), from_s: r3(e.from_s), to_s: r3(e.to_s) })),
      ...clean.breaths.filter((b) => b.by !== 0).map((b) => ({ kind: 'breath' as const, at_s: r3(b.from / rate), from_s: r3(b.from / rate), to_s: r3(b.to / rate), ...(typeof b.by === 'number' ? { gain_db: r2(b.by) } : { room_tone: true }) })),
      ...clean.clicks.map((c) => ({ kind: 'click' as const, at_s: r3(c.from / rate), from_s: r3(c.from / rate), to_s: r3(c.to / rate) })),
      ...(gainDb !== 0 ? [{ kind: 'gain' as const, at_s: 0, from_s: 0, to_s: r3(after.length_s), gain_db: gainDb }] : []),
    ]
    return { out: target, length_s: after.length_s, tempo: Math.round(used.plan.tempo * 10000) / 10000, gain_db: gainDb, level: level.plan.target, limited: level.plan.limiter !== null, before, after, edits }
  } finally {
    stopMeasuring.abort()
    await rm(work, { recursive: true, force: true })
  }
}
