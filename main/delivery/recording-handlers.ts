/**
 * The recording bridge calls: the renderer's AudioWorklet sends interleaved float32 PCM (base64) in
 * chunks; main writes it through the TakeStore's streaming 24-bit WAV writer and answers each chunk with
 * its level for the input meter.
 */
import type { TakeStore } from '../takes/take-store'
import type { TakeLabel, TakeMeta } from '../takes/take-types'
import { TakeInputError } from '../takes/take-input-checks'
import type { RecordingLevel } from '../../shared/bridge-takes'
import type { JobFactsForTake } from './job-facts-lookup'

export interface RecordingCalls {
  start(a: { jobId: string; sampleRate: number; channels: number; label?: TakeLabel; script?: { revision_id: string | null; text: string } }): Promise<{ takeId: string }>
  append(a: { takeId: string; pcmBase64: string }): Promise<RecordingLevel>
  stop(a: { takeId: string }): Promise<TakeMeta>
  cancel(a: { takeId: string }): Promise<null>
}

/** Decodes base64 little-endian float32 samples; every frame must be whole. */
export function decodePcmFloat32(pcmBase64: string, channels: number): Float32Array {
  const bytes = Buffer.from(pcmBase64, 'base64')
  if (bytes.length === 0) throw new TakeInputError('The recorded chunk is empty.')
  const frameBytes = 4 * channels
  if (bytes.length % frameBytes !== 0) {
    throw new TakeInputError(`The recorded chunk has ${bytes.length} bytes, which is not a whole number of ${channels}-channel float32 frames.`)
  }
  const samples = new Float32Array(bytes.length / 4)
  for (let i = 0; i < samples.length; i++) samples[i] = bytes.readFloatLE(i * 4)
  return samples
}

export function createRecordingCalls(store: TakeStore, facts: (jobId: string) => Promise<JobFactsForTake>, changed: (jobId: string) => void): RecordingCalls {
  const channelsOf = new Map<string, { channels: number; jobId: string }>()
  const active = (takeId: string) => {
    const rec = channelsOf.get(takeId)
    if (!rec) throw new TakeInputError(`Take ${takeId} is not recording.`)
    return rec
  }
  return {
    async start({ jobId, sampleRate, channels, label, script }) {
      const job = await facts(jobId)
      const rec = await store.record(jobId, { ...job, sampleRate, channels, label, script })
      channelsOf.set(rec.take.id, { channels, jobId })
      changed(jobId)
      return { takeId: rec.take.id }
    },
    async append({ takeId, pcmBase64 }) {
      const { channels } = active(takeId)
      const level = store.writeRecording(takeId, decodePcmFloat32(pcmBase64, channels))
      return { peakDbfs: level.peakDbfs, rmsDbfs: level.rmsDbfs, clipped: level.clippedSamples > 0 }
    },
    async stop({ takeId }) {
      const { jobId } = active(takeId)
      channelsOf.delete(takeId)
      const take = await store.finishRecording(takeId)
      changed(jobId)
      return take
    },
    async cancel({ takeId }) {
      const { jobId } = active(takeId)
      channelsOf.delete(takeId)
      await store.cancelRecording(takeId)
      changed(jobId)
      return null
    },
  }
}
