/**
 * "Finish for delivery" (issue 33): a take → a new version fitted to the spot's length, its report.
 * read (the take kept by content, never changed) → analyse (speech, pauses and their kinds, room tone) →
 * plan (fit-plan.ts; a refusal ends here, nothing written) → a tempo change as a derived recording when
 * the plan has one (tempo.ts), analysed and planned again at that tempo → the edit list (fit-edit-list.ts)
 * → the version renderer → breaths, clicks and level (clean-stream.ts, level.ts: the render read from its file a
 * block at a time, the repairs laid over it, never held whole) → OUT written whole, only
 * now (onWritten) → OUT measured. The input is measured from the start, in ffmpeg beside the finish.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import type { DeliveryProfile } from '../audio/delivery-profiles'
import { openWavSource, type WavSource } from '../media/wav-source'
import { checkOutput, writeOutputSafely } from '../storage/safe-output'
import { Recordings, type RecordingRef, renderCached, segmentsOf, type TimeSegment } from '../versions/index'
import type { TakeLayout } from './analyse-pauses'
import { analyseDerived, analyseTake, type AnalysedTake, type ScriptUse } from './finish-analysis'
import { measureFigures, type FileFigures } from './finish-measure'
import { fileBytes, finishDiskFull, finishNeeds, wavBytes, type FinishDisk } from './finish-disk'
import { finishReport, type FinishReport } from './finish-report'
import { diskFaultOf } from '../storage/disk-problem'
import type { BreathChoice } from './breaths'
import { cleanRendered, roomToneOfRender } from './clean-stream'
import type { CleanFound, FramePause } from './finish-steps'
import { LevelError, levelTake, type Levelled } from './level'
import { canFill, fitEditList, roomToneBed, type FitBuild } from './fit-edit-list'
import type { RenderFile } from './render-file'
import { pausesAreSilence, roomToneSource, RoomToneSourceError, type RoomToneFrom } from './room-tone-source'
import { fitPlan, type FitInput, type TakeKindToFit } from './fit-plan'
import { tempoRecording } from './tempo'
import { writeFrames } from './write-channels'

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
  /** The longest a pause between sentences may become when the take is lengthened (s; default 2.0). */
  longestPauseS?: number
  /**
   * A take whose pauses are silence keeps its silence (absent or null), or gets this other take's room tone
   * as a bed under it (room-tone-source.ts; issue 42 point 3). A take with room tone of its own is refused it.
   */
  roomTone?: RoomToneFrom | null
  /**
   * Called once OUT is written whole, before it is measured (the window plays the finished audio from
   * here while the rest runs). What it throws fails the finish.
   */
  onWritten?: (out: string) => Promise<void> | void
}

export type { EditKind, FinishReport } from './finish-report'

/**
 * The longest spot a finish takes (s): 3 hours (issue 42). The finish never holds the take: it reads the
 * render from its file a block at a time (render-file.ts), its memory a few numbers a minute of take.
 */
export const MAX_SPOT_LENGTH_S = 3 * 3600
export const MAX_SPOT_WORDS = '3 hours (10800 seconds)'

/** A take that cannot be finished: one sentence for the person; nothing was written. */
export class FinishRefusal extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'FinishRefusal'
  }
}

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

/** The other take's room tone for a take whose pauses are silence; refused in words otherwise. */
async function bedSource(recordings: Recordings, from: RoomToneFrom, ref: RecordingRef, take: AnalysedTake) {
  if (!pausesAreSilence(take))
    throw new FinishRefusal(
      'This take has room tone of its own in its pauses: Booth fills only a take whose pauses are silence.',
    )
  return roomToneSource(recordings, from, ref.format).catch((err: unknown) => {
    throw err instanceof RoomToneSourceError ? new FinishRefusal(err.message) : err
  })
}

async function withSource<T>(ref: RecordingRef, use: (src: WavSource) => Promise<T>): Promise<T> {
  const src = await openWavSource(ref.path)
  try {
    return await use(src)
  } finally {
    await src.close()
  }
}

/** IN's time through the fitted edit list over IN at `tempo` (a recording `tempo` times faster, time for time). */
export function timeMapOf(build: FitBuild, input: string, tempo: number): TimeSegment[] {
  return segmentsOf(build.list).map((s) => ({
    ...s,
    source: input,
    fromS: s.fromS * tempo,
    toS: s.toS * tempo,
    scale: tempo,
  }))
}

export async function finishTake(req: FinishRequest): Promise<FinishReport> {
  if (!(req.spotLengthS > 0)) throw new FinishRefusal('The spot length must be a number of seconds above 0.')
  if (req.spotLengthS > MAX_SPOT_LENGTH_S)
    throw new FinishRefusal(`The spot is ${req.spotLengthS} s long; Booth finishes spots of up to ${MAX_SPOT_WORDS}.`)
  const target = resolve(req.output)
  // The take is never written over, by any name (main/storage/safe-output.ts); checked before any work.
  await checkOutput(req.output, [req.input], 'the take')
  // A disk filling up on the way is said with the space free and the space the finish needs on that disk:
  // first the temporary folder (the working copies), then the one beside the takes (the result).
  const inputBytes = await fileBytes(req.input)
  const writing: { disk: FinishDisk; outputBytes: number } = { disk: 'temporary', outputBytes: inputBytes }
  const full = async (err: unknown, folder: string): Promise<unknown> =>
    (await finishDiskFull(err, writing.disk, folder, finishNeeds(inputBytes, writing.outputBytes)[writing.disk])) ?? err
  const work = await mkdtemp(join(tmpdir(), 'booth-finish-')).catch(async (err: unknown) => {
    throw await full(err, tmpdir())
  })
  // A finish refused or failed on the way stops the measuring it started.
  const stopMeasuring = new AbortController()
  try {
    return await finishIn(work, req, target, stopMeasuring.signal, (disk, bytes) => {
      writing.disk = disk
      writing.outputBytes = bytes
    })
  } catch (err) {
    throw await full(err, writing.disk === 'takes' ? dirname(target) : tmpdir())
  } finally {
    stopMeasuring.abort()
    await rm(work, { recursive: true, force: true })
  }
}

/** The finish in its working folder; `at` is told which disk it writes on from here, and the result's size once known. */
async function finishIn(
  work: string,
  req: FinishRequest,
  target: string,
  stopSignal: AbortSignal,
  at: (disk: FinishDisk, outputBytes: number) => void,
): Promise<FinishReport> {
  const recordings = new Recordings(join(work, 'recordings'), req.ffmpegPath ? { ffmpegPath: req.ffmpegPath } : {})
  let ref: RecordingRef
  try {
    ref = await recordings.add(req.input)
  } catch (err) {
    if (diskFaultOf(err)) throw err
    throw new FinishRefusal(
      `The take ${req.input} is not audio Booth can read (${(err as Error).message.split('\n')[0] ?? ''}).`,
    )
  }
  const rate = ref.format.sample_rate
  const measureOptions = { ...(req.ffmpegPath ? { ffmpegPath: req.ffmpegPath } : {}), signal: stopSignal }
  // Before: the take as decoded, which any WAV Booth reads is (an 8-bit take's own file is not). Measured
  // wholly in ffmpeg, on another core while this one finishes; stopped with the finish (stopSignal).
  const before = measureFigures(ref.path, measureOptions)
  before.catch(() => {})
  const original = await withSource(ref, (src) => analyseTake(src, ref.hash, req.script ?? null))
  const bed = req.roomTone ? await bedSource(recordings, req.roomTone, ref, original) : null
  const limits = {
    ...(req.maxTempoChange !== undefined ? { maxTempoChange: Math.min(Math.max(0, req.maxTempoChange), 0.04) } : {}),
    ...(req.shortestPauseS !== undefined ? { shortestPauseS: req.shortestPauseS } : {}),
    ...(req.longestPauseS !== undefined ? { longestPauseS: req.longestPauseS } : {}),
  }
  const plan = fitPlan({ ...fitInputOf(original.layout, req.kind, req.spotLengthS), ...limits })
  if (!plan.ok) throw new FinishRefusal(plan.reason)

  // A tempo change: the whole take through atempo once, then analysed and fitted again at that tempo.
  let used: { ref: RecordingRef; take: AnalysedTake; plan: typeof plan } = { ref, take: original, plan }
  if (plan.tempo !== 1) {
    const derived = await tempoRecording(recordings, ref, plan.tempo, req.ffmpegPath)
    const take = await withSource(derived, (src) => analyseDerived(src, original.layout, plan.tempo))
    // Its pauses are judged as the original's (atTempo): the plan made again has the first plan's bounds.
    const again = fitPlan({
      ...fitInputOf(take.layout, req.kind, req.spotLengthS),
      ...limits,
      maxTempoChange: 0,
      atTempo: plan.tempo,
    })
    if (!again.ok)
      throw new FinishRefusal(
        `At ${((plan.tempo - 1) * 100).toFixed(1)} % tempo the take still does not fit: ${again.reason}`,
      )
    used = { ref: derived, take, plan: { ...again, tempo: plan.tempo } }
  }
  const targetFrames = Math.round(req.spotLengthS * rate)
  at('temporary', wavBytes(targetFrames, ref.format))
  const build = fitEditList(used.take.layout, used.take.env, used.plan, used.ref.hash, used.ref.format, targetFrames)
  // The bed lies under the whole result; the time map (IN's time) is the fitted list's alone.
  const list = bed
    ? { ...build.list, pieces: [...build.list.pieces, ...roomToneBed(bed.stretches, targetFrames, rate, bed.hash)] }
    : build.list
  const rendered = await renderCached(list, recordings, join(work, 'renders'))

  // The take is never held whole: the render is read from its file a block at a time, with the clean step's
  // repairs laid over each block, each time the level measures it and once more into OUT (docs/measurements.md).
  const { file, clean, pauses } = await cleanRendered(
    rendered.path,
    build,
    bed?.roomToneDb ?? used.take.layout.roomToneDb,
    req.breaths,
  )
  try {
    return await levelAndWrite(req, target, file, {
      build,
      clean,
      pauses,
      used,
      original,
      ref,
      measureOptions,
      before,
      at,
    })
  } finally {
    await file.close()
  }
}

/** What the finish knows once the render is cleaned: what the level and the report need. */
interface Cleaned {
  build: FitBuild
  clean: CleanFound
  pauses: FramePause[]
  used: { ref: RecordingRef; take: AnalysedTake; plan: { tempo: number } }
  original: AnalysedTake
  ref: RecordingRef
  measureOptions: Parameters<typeof measureFigures>[1]
  /** The take's own figures, being measured since the finish began. */
  before: Promise<FileFigures>
  at: (disk: FinishDisk, outputBytes: number) => void
}

/** The level planned over the cleaned render's passes, OUT written from them, measured and reported. */
async function levelAndWrite(req: FinishRequest, target: string, file: RenderFile, c: Cleaned): Promise<FinishReport> {
  const { build, clean, pauses, used, original, ref, measureOptions } = c
  const rate = ref.format.sample_rate
  let level: Levelled
  try {
    const phrases = build.placed.map((sp) => ({ from: sp.at, to: sp.at + (sp.to - sp.from) }))
    level = levelTake(file.passes, rate, req.kind, req.profile, {
      phrases,
      roomToneDbfs: roomToneOfRender(file, pauses),
    })
  } catch (err) {
    if (err instanceof LevelError) throw new FinishRefusal(err.message)
    throw err
  }
  c.at('takes', wavBytes(level.frames().frames, used.ref.format))
  // Written beside OUT and renamed onto it only once it is measured too (main/storage/safe-output.ts): a
  // finish that fails on the way leaves no OUT and no temp file, and never replaces the take.
  return writeOutputSafely(
    req.output,
    [req.input],
    async (temp) => {
      try {
        await writeFrames(temp, level.frames, used.ref.format)
      } catch (err) {
        // A disk that refused the write is said as such (finishDiskFull, or the bridge's guard from the error).
        if (diskFaultOf(err)) throw err
        throw new FinishRefusal(
          `The output ${req.output} cannot be written (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}).`,
        )
      }
      await req.onWritten?.(temp)
      // After: OUT once it is playable; before has run beside the finish since it began.
      const [before, after] = await Promise.all([c.before, measureFigures(temp, measureOptions)])
      return finishReport({
        out: target,
        rate,
        original: original.layout,
        used: used.take.layout,
        tempo: used.plan.tempo,
        fitEdits: build.edits,
        clean,
        level,
        before,
        after,
        timeMap: timeMapOf(build, ref.hash, used.plan.tempo),
      })
    },
    'the take',
  )
}
