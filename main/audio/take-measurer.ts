/**
 * One memo of take measurements (preflight and report, one ffmpeg pass) for both of their users: the
 * TakeStore's measure function (after stop, import, trim, a profile change) and the report each take row
 * asks for (getTakeReport). Without it each take went through ffmpeg twice: the store kept only the
 * preflight, and the report decoded the same file again.
 * - A result is kept per file under its size, mtime, profile name, spot length and kind (a changed file or
 *   judgement is measured again); a run still going is shared by whoever asks for the same.
 * - The store's measure never reuses a finished result: a take measured again is decoded again. Its
 *   result then serves the report, unless it failed: the report then makes its own run, as before.
 * - A run with an abort signal is never shared, so cancelling it cannot fail another caller.
 */
import { stat } from 'node:fs/promises'
import { jobIdOfTakeAudio } from '../version-records/version-meta'
import type { MeasureTake } from './preflight'
import type { DeliveryProfile } from './delivery-profiles'
import { measureTakeDetailed, type MeasureResult } from './measure-take'
import type { TakeKind } from './preflight'
import type { ProfileSettings } from './profile-settings'

export interface TakeMeasureOptions {
  kind: TakeKind
  spotLengthS: number | null
  profile: DeliveryProfile
  signal?: AbortSignal
}

export interface TakeMeasurer {
  /**
   * The TakeStore's measure function: the take judged by the profile of its job (a take lives in
   * <dataDir>/takes/<job_id>/, a version's render in its versions/renders/ folder: jobIdOfTakeAudio), so the
   * API's preflight warnings follow the profile chosen on the job too, for every version.
   */
  measure: MeasureTake
  /** The measurement of a file under these options: the one kept while the file is unchanged, else a new run. */
  measured(file: string, options: TakeMeasureOptions): Promise<MeasureResult>
}

interface Entry {
  key: string
  result: Promise<MeasureResult>
  running: boolean
}

/** `run` is the one-pass measurement (replaced in tests to count the runs). */
export function createTakeMeasurer(
  settings: ProfileSettings,
  run: typeof measureTakeDetailed = measureTakeDetailed,
): TakeMeasurer {
  const byFile = new Map<string, Entry>()
  const keyOf = async (file: string, o: TakeMeasureOptions): Promise<string> => {
    const info = await stat(file).catch(() => null)
    return `${info?.size}|${info?.mtimeMs}|${o.profile.name}|${o.spotLengthS}|${o.kind}`
  }
  /** Starts a run and keeps it; a failed run is kept only when keepFailure, a rejected one never. */
  const start = (file: string, key: string, o: TakeMeasureOptions, keepFailure: boolean): Promise<MeasureResult> => {
    const entry: Entry = { key, result: run(file, o), running: true }
    byFile.set(file, entry)
    const forget = (): void => {
      if (byFile.get(file) === entry) byFile.delete(file)
    }
    entry.result.then((r) => {
      entry.running = false
      if (r.failure && !keepFailure) forget()
    }, forget)
    return entry.result
  }
  return {
    measure: async (file, options) => {
      const { profile } = await settings.forJobId(jobIdOfTakeAudio(file), options.kind)
      const o = { ...options, profile }
      if (options.signal) return (await run(file, o)).preflight
      const key = await keyOf(file, o)
      const hit = byFile.get(file)
      if (hit?.key === key && hit.running) return (await hit.result).preflight
      return (await start(file, key, o, false)).preflight
    },
    measured: async (file, o) => {
      if (o.signal) return run(file, o)
      const key = await keyOf(file, o)
      const hit = byFile.get(file)
      if (hit?.key === key) return hit.result
      return start(file, key, o, true)
    },
  }
}
