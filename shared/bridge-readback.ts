/**
 * Bridge calls and events for Booth's read-back: its own check of a take against the script, run on
 * this computer after each take (see shared/readback/types.ts for the result's shape). Merged into the
 * one contract by shared/bridge.ts. It is labelled as Booth's own check everywhere, never as the platform's.
 */
import { bool, nullable, obj, oneOf, optional, str, takeId, type Check } from './check'
import type { ReadbackResult } from './readback/types'
import type { ScriptRead } from './bridge-takes'

export const READBACK_ENGINE_CHOICES = ['auto', 'sherpa-onnx', 'pocketsphinx'] as const
export type ReadbackEngineChoice = (typeof READBACK_ENGINE_CHOICES)[number]

export const readbackCalls = {
  getReadback: obj({ takeId }),
  /** Runs the read-back of one take again (or for the first time, when it was off). */
  runReadback: obj({ takeId }),
  getReadbackSettings: obj({}),
  setReadbackSettings: obj({ enabled: optional(bool), engine: optional(oneOf(READBACK_ENGINE_CHOICES)) }),
  /** Starts (or resumes) the model download into Booth's data folder; progress comes as readbackSettings events. */
  downloadReadbackModel: obj({}),
  cancelReadbackModelDownload: obj({}),
  /** A folder that already holds a model, or null to use the copy in Booth's data folder. */
  setReadbackModelFolder: obj({ path: nullable(str({ min: 1, max: 4096 })) }),
} satisfies Record<string, Check<unknown>>

/** What Booth keeps beside a take (`<take id>.readback.json`) and sends to the page. */
export interface ReadbackStored extends ReadbackResult {
  take_id: string
  job_id: string
  /**
   * The script the take was compared with, as a take keeps it (TakeView.script_read): the take's own when it
   * kept one, else the job's script as it was at the check (`note` says so). Marks land on these words.
   */
  script_read: ScriptRead
  /** Why the comparison used another revision than the take's, in words; null when it used the take's own. */
  note: string | null
  /**
   * A pickup's read-back compares only the sentences it reads: those (1-based, first and last) and their
   * characters of `script_read`; null when it read none; absent for a take checked against the whole script.
   */
  pickup_sentences?: { first: number; last: number; from: number; to: number } | null
}

export type ReadbackStatus = 'none' | 'queued' | 'running' | 'done' | 'failed' | 'unavailable' | 'off'

export interface ReadbackState {
  takeId: string
  status: ReadbackStatus
  result: ReadbackStored | null
  /** A sentence for failed / unavailable / off; null otherwise. */
  message: string | null
}

export interface ReadbackEngineView {
  name: 'sherpa-onnx' | 'pocketsphinx'
  /** null when it can run; else what is missing and how to get it. */
  unavailable: string | null
}

export interface ReadbackModelView {
  title: string
  /** Where the model is read from. */
  folder: string
  source: 'data_folder' | 'chosen_folder'
  present: boolean
  /** Total download size in bytes, once the file list was read; null before. */
  sizeBytes: number | null
  download: {
    state: 'idle' | 'downloading' | 'failed' | 'done'
    bytesDone: number
    bytesTotal: number
    message: string | null
  }
}

export interface ReadbackSettingsView {
  enabled: boolean
  engine: ReadbackEngineChoice
  engines: ReadbackEngineView[]
  model: ReadbackModelView
}

export interface ReadbackResults {
  getReadback: ReadbackState
  runReadback: ReadbackState
  getReadbackSettings: ReadbackSettingsView
  setReadbackSettings: ReadbackSettingsView
  downloadReadbackModel: ReadbackSettingsView
  cancelReadbackModelDownload: ReadbackSettingsView
  setReadbackModelFolder: ReadbackSettingsView
}

export interface ReadbackEvents {
  readback: ReadbackState
  readbackSettings: ReadbackSettingsView
}

export const READBACK_EVENT_NAMES: { [E in keyof ReadbackEvents]: true } = { readback: true, readbackSettings: true }
