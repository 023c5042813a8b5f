/**
 * "Finish for delivery" (issue 33): a take → a new version fitted to the spot's length, its report.
 * read (the take kept by content, never changed) → analyse (speech, pauses and their kinds, room tone) →
 * plan (fit-plan.ts; a refusal ends here, nothing written) → a tempo change as a derived recording when
 * the plan has one (tempo.ts), analysed and planned again at that tempo → the edit list (fit-edit-list.ts)
 * → the version renderer → breaths, clicks and level (finish-steps.ts) → OUT written whole, only now →
 * measured before and after.
 */
import { copyFile, mkdtemp, rename, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, dirname, join, resolve } from 'node:path'
import type { DeliveryProfile } from '../audio/delivery-profiles'
import { fullScale, openWavSource, type WavSource } from '../media/wav-source'
import { Recordings, type RecordingRef } from '../versions/recordings'
import { renderCached } from '../versions/render-cache'
import type { TakeLayout } from './analyse-pauses'
import { analyseDerived, analyseTake, type AnalysedTake, type ScriptUse } from './finish-analysis'
import { measureFigures, type FileFigures } from './finish-measure'
import { cleanStep, levelStep, type FramePause } from './finish-steps'
import { canFill, fitEditList, type FitBuild } from './fit-edit-list'
import { fitPlan, type FitInput, type TakeKindToFit } from './fit-plan'
import { tempoRecording } from './tempo'

export interface FinishRequest {
  input: string
  output: string
  spotLengthS: number
  kind: TakeKindToFit
  profile: DeliveryProfile
  /** With a script, the pauses' kinds come from the read-back's sentences. */
  script?: ScriptUse | null
  ffmpegPath?: string
}

export type EditKind = 'head' | 'tail' | 'pause' | 'breath' | 'click' | 'tempo' | 'gain'

export interface FinishReport {
  out: string
  length_s: number
  tempo: number
  gain_db: number
  before: FileFigures
  after: FileFigures
  edits: Array<{ kind: EditKind; at_s: number; from_s: number; to_s: number }>
}

/** A take that cannot be finished: one sentence for the person; nothing was written. */
export class FinishRefusal extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'FinishRefusal'
  }
}

const r3 = (x: number): number => Math.round(x * 1000) / 1000

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
    const before = await measureFigures(req.input, measureOptions)
    const original = await withSource(ref, (src) => analyseTake(src, ref.hash, req.script ?? null))
    const plan = fitPlan(fitInputOf(original.layout, req.kind, req.spotLengthS))
    if (!plan.ok) throw new FinishRefusal(plan.reason)

    // A tempo change: the whole take through atempo once, then analysed and fitted again at that tempo.
    let used: { ref: RecordingRef; take: AnalysedTake; plan: typeof plan } = { ref, take: original, plan }
    if (plan.tempo !== 1) {
      const derived = await tempoRecording(recordings, ref, plan.tempo, req.ffmpegPath)
      const take = await withSource(derived, (src) => analyseDerived(src, original.layout, plan.tempo))
      const again = fitPlan({ ...fitInputOf(take.layout, req.kind, req.spotLengthS), maxTempoChange: 0 })
      if (!again.ok) throw new FinishRefusal(`At ${((plan.tempo - 1) * 100).toFixed(1)} % tempo the take still does not fit: ${again.reason}`)
      used = { ref: derived, take, plan: { ...again, tempo: plan.tempo } }
    }
    const targetFrames = Math.round(req.spotLengthS * rate)
    const build = fitEditList(used.take.layout, used.take.env, used.plan, used.ref.hash, used.ref.format, targetFrames)
    const rendered = await renderCached(build.list, recordings, join(work, 'renders'))

    const { ch } = await channelsOf(rendered.path)
    const clean = cleanStep(ch, rate, placedPauses(build), used.take.layout.roomToneDb)
    const level = levelStep(ch, rate, req.kind, req.profile)

    const temp = join(dirname(target), `.${basename(target)}.${process.pid}.partial`)
    try {
      await copyFile(rendered.path, temp)
      await rename(temp, target)
    } catch (err) {
      await rm(temp, { force: true })
      throw new FinishRefusal(`The output ${req.output} cannot be written (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}).`)
    }
    const after = await measureFigures(target, measureOptions)
    const speechS = (l: TakeLayout) => l.speech.reduce((a, s) => a + s.to - s.from, 0) / l.sampleRate
    const edits: FinishReport['edits'] = [
      ...(plan.tempo !== 1 ? [{ kind: 'tempo' as const, at_s: 0, from_s: r3(speechS(original.layout)), to_s: r3(speechS(used.take.layout)) }] : []),
      ...build.edits.map((e) => ({ kind: e.kind, at_s: r3(e.at_s), from_s: r3(e.from_s), to_s: r3(e.to_s) })),
      ...clean.breaths.map((b) => ({ kind: 'breath' as const, at_s: r3(b.from / rate), from_s: r3(b.from / rate), to_s: r3(b.to / rate) })),
      ...clean.clicks.map((c) => ({ kind: 'click' as const, at_s: r3(c.from / rate), from_s: r3(c.from / rate), to_s: r3(c.to / rate) })),
      ...(level && level.gain_db !== 0 ? [{ kind: 'gain' as const, at_s: 0, from_s: 0, to_s: r3(level.gain_db) }] : []),
    ]
    return { out: target, length_s: after.length_s, tempo: Math.round(used.plan.tempo * 10000) / 10000, gain_db: level?.gain_db ?? 0, before, after, edits }
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}
