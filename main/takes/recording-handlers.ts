/**
 * The recording bridge calls: the renderer's AudioWorklet sends interleaved float32 PCM (base64) in
 * chunks; main writes it through the TakeStore's streaming 24-bit WAV writer and answers each chunk with
 * its level for the input meter.
 */
import type { TakeStore } from './take-store'
import type { TakeKind, TakeLabel, TakeMeta } from './take-types'
import type { DeliveryProfile } from '../audio/delivery-profiles'
import { TakeInputError } from './take-input-checks'
import type { RecordingLevel } from '../../shared/bridge-takes'
import type { JobFactsForTake } from './job-facts-lookup'
import { RunningMeasurement } from '../audio/running-measurement'
import { UserFacingError } from '../bridge/describe-error'
import { WavWriteFailedError } from '../media/wav-writer'
import { recordingStoppedSentence } from './recording-stopped'
import { diskFaultIn } from '../storage/disk-problem'

export interface RecordingCalls {
  start(a: {
    jobId: string
    sampleRate: number
    channels: number
    label?: TakeLabel
    script?: { revision_id: string | null; text: string }
  }): Promise<{ takeId: string }>
  append(a: { takeId: string; pcmBase64: string }): Promise<RecordingLevel>
  /**
   * `pcmBase64`: the last samples, written before the take is finished. `appended`: how many appends the
   * page sent; those still on their way are waited for (at most LATE_APPEND_WAIT_MS) and written first.
   */
  stop(a: { takeId: string; pcmBase64?: string; appended?: number }): Promise<TakeMeta>
  cancel(a: { takeId: string }): Promise<null>
  /**
   * Runs the reference passes still waiting to start and waits for every one under way: the takes area
   * calls it before it stops, so no take's file is written after (the app quitting, a test's folder removed).
   */
  settle(): Promise<void>
}

/** Decodes base64 little-endian float32 samples; every frame must be whole. */
export function decodePcmFloat32(pcmBase64: string, channels: number): Float32Array {
  const bytes = Buffer.from(pcmBase64, 'base64')
  if (bytes.length === 0) throw new TakeInputError('The recorded chunk is empty.')
  const frameBytes = 4 * channels
  if (bytes.length % frameBytes !== 0) {
    throw new TakeInputError(
      `The recorded chunk has ${bytes.length} bytes, which is not a whole number of ${channels}-channel float32 frames.`,
    )
  }
  const samples = new Float32Array(bytes.length / 4)
  for (let i = 0; i < samples.length; i++) samples[i] = bytes.readFloatLE(i * 4)
  return samples
}

/** The longest Stop waits for appends the page sent before it that have not arrived (one lost on the way must not hold the take). */
export const LATE_APPEND_WAIT_MS = 2_000

/** How long after Stop the ffmpeg reference pass starts (the window draws the check meanwhile). */
export const REFERENCE_PASS_DELAY_MS = 300

/** The delivery profile of a job (null: the default of its kind). */
export type ProfileOf = (jobId: string, kind: TakeKind) => Promise<DeliveryProfile | null>

/**
 * `checked`: a stopped take's check, the moment it is known, while its file is still being closed and
 * saved (the take as listed then: `saving`, still "recording" on disk); stop answers once it is saved.
 */
export function createRecordingCalls(
  store: TakeStore,
  facts: (jobId: string) => Promise<JobFactsForTake>,
  changed: (jobId: string) => void,
  profileOf: ProfileOf = async () => null,
  checked: (take: TakeMeta) => void = () => undefined,
): RecordingCalls {
  const channelsOf = new Map<
    string,
    {
      channels: number
      jobId: string
      running: RunningMeasurement
      job: JobFactsForTake
      take: TakeMeta
      /** Appends that arrived (written or refused), and a Stop waiting for more of them. */
      arrived: number
      wake: (() => void) | null
    }
  >()
  /** Takes the disk stopped, with the sentence the recorder showed: a late chunk gets the same answer. */
  const stoppedBy = new Map<string, string>()
  /** Reference passes under way, and those waiting for their moment (REFERENCE_PASS_DELAY_MS). */
  const passes = new Set<Promise<void>>()
  const waiting = new Map<ReturnType<typeof setTimeout>, () => void>()
  const referencePass = (takeId: string, jobId: string) => {
    const pass = store.remeasure(takeId).then(
      () => changed(jobId),
      () => changed(jobId),
    )
    passes.add(pass)
    pass.finally(() => passes.delete(pass)).catch(() => undefined)
  }
  const referencePassSoon = (takeId: string, jobId: string) => {
    const run = () => referencePass(takeId, jobId)
    const timer = setTimeout(() => {
      waiting.delete(timer)
      run()
    }, REFERENCE_PASS_DELAY_MS)
    timer.unref?.()
    waiting.set(timer, run)
  }
  const active = (takeId: string) => {
    const rec = channelsOf.get(takeId)
    const stopped = stoppedBy.get(takeId)
    if (!rec && stopped) throw new UserFacingError('recording_stopped', stopped, 507)
    if (!rec) throw new TakeInputError(`Take ${takeId} is not recording.`)
    return rec
  }
  /** The disk failed the take: it stops at once, what reached the disk is kept, and the recorder is told why. */
  const stopOnFailure = async (takeId: string, jobId: string, err: unknown): Promise<never> => {
    channelsOf.delete(takeId)
    const kept = await store.salvageRecording(takeId)
    changed(jobId)
    if (kept.saved) referencePass(takeId, jobId)
    const sentence = await recordingStoppedSentence(err, kept, store.folders.dataDir)
    stoppedBy.set(takeId, sentence)
    throw new UserFacingError('recording_stopped', sentence, 507)
  }
  /** Until `count` appends of the take have arrived, the take stopped recording, or LATE_APPEND_WAIT_MS passed. */
  const appendsIn = async (takeId: string, count: number) => {
    const until = Date.now() + LATE_APPEND_WAIT_MS
    for (;;) {
      const rec = channelsOf.get(takeId)
      const left = until - Date.now()
      if (!rec || rec.arrived >= count || left <= 0) return
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer)
          if (rec.wake === done) rec.wake = null
          resolve()
        }
        const timer = setTimeout(done, left)
        rec.wake = done
      })
    }
  }
  /** Writes a chunk; the disk failing it stops the take (stopOnFailure). */
  const write = async (takeId: string, pcmBase64: string) => {
    const { channels, running, jobId } = active(takeId)
    const samples = decodePcmFloat32(pcmBase64, channels)
    try {
      const level = store.writeRecording(takeId, samples)
      running.push(samples)
      return { level, running }
    } catch (err) {
      if (err instanceof WavWriteFailedError) return stopOnFailure(takeId, jobId, err)
      throw err
    }
  }
  return {
    async start({ jobId, sampleRate, channels, label, script }) {
      const job = await facts(jobId)
      const rec = await store.record(jobId, { ...job, sampleRate, channels, label, script })
      channelsOf.set(rec.take.id, {
        channels,
        jobId,
        running: new RunningMeasurement(sampleRate, channels),
        job,
        take: rec.take,
        arrived: 0,
        wake: null,
      })
      changed(jobId)
      return { takeId: rec.take.id }
    },
    async append({ takeId, pcmBase64 }) {
      const rec = channelsOf.get(takeId)
      try {
        const { level, running } = await write(takeId, pcmBase64)
        return {
          peakDbfs: level.peakDbfs,
          rmsDbfs: level.rmsDbfs,
          clipped: level.clippedSamples > 0,
          live: running.live(),
        }
      } finally {
        if (rec) {
          rec.arrived++
          rec.wake?.()
        }
      }
    },
    async stop({ takeId, pcmBase64, appended }) {
      // Appends the page sent before Stop and main has not had yet go in first, in their order.
      if (appended !== undefined) await appendsIn(takeId, appended)
      // Stopped by the disk already: the take is what was kept.
      if (!channelsOf.has(takeId) && stoppedBy.has(takeId)) return store.get(takeId)
      // The last samples first: a chunk that cannot be read leaves the take recording, nothing lost.
      if (pcmBase64 !== undefined) await write(takeId, pcmBase64)
      const { jobId, running, job, take: started } = active(takeId)
      channelsOf.delete(takeId)
      // The running measurement is the check, judged while the file is closed and synced, and sent to the
      // window the moment it is known (`checked`), before the close is done; the ffmpeg pass follows as
      // the reference and replaces it.
      const check = (async () => {
        const profile = await profileOf(jobId, job.kind).catch(() => null)
        const provisional = running.result({ spotLengthS: job.spotLengthS, kind: job.kind, profile }).preflight
        return provisional.duration_s ? provisional : undefined
      })()
      const finishing = store.finishRecording(takeId, check)
      void check
        .then((preflight) => {
          // Not once the close has failed: the take is then what the disk kept, and stop says so.
          if (preflight && store.isSavingRecording(takeId)) checked({ ...started, preflight, saving: true })
        })
        .catch(() => undefined)
      let take: TakeMeta
      try {
        take = await finishing
      } catch (err) {
        if (err instanceof WavWriteFailedError) return stopOnFailure(takeId, jobId, err)
        // The audio is written but its state could not be saved (a read-only disk): it stays on disk as the take.
        const take = await store.get(takeId).catch(() => null)
        if (take && (await diskFaultIn(err, store.folders.dataDir))) {
          changed(jobId)
          const seconds = (await check.catch(() => undefined))?.duration_s ?? 0
          const sentence = await recordingStoppedSentence(
            err,
            { take, seconds, saved: false },
            store.folders.dataDir,
            'The take could not be saved.',
          )
          throw new UserFacingError('recording_stopped', sentence, 507)
        }
        throw err
      }
      changed(jobId)
      if (await check) {
        // The reference pass decodes the whole take on every core it gets: it starts once the window has
        // had its moment to draw the check, not in the same instant.
        referencePassSoon(takeId, jobId)
      }
      return take
    },
    async cancel({ takeId }) {
      const { jobId } = active(takeId)
      channelsOf.delete(takeId)
      await store.cancelRecording(takeId)
      changed(jobId)
      return null
    },
    async settle() {
      for (const [timer, run] of waiting) {
        clearTimeout(timer)
        run()
      }
      waiting.clear()
      await Promise.all([...passes])
    },
  }
}
