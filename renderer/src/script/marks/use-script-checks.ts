/**
 * The two checks that can be laid on a job's script, and of which take each is:
 * - Booth's read-back of the take on the script (script-take.ts: chosen, else the newest), loaded when
 *   the page has not got it yet;
 * - the platform's audio check (the API's delivery check, resources/api/talent-v1.yaml, Delivery.check):
 *   of that same take when Booth delivered it and the check is done, so the two can be compared; else
 *   the newest delivery whose check found issues, as before.
 * While a take of the job records, the read-back is not marked (its marks would stand over the read).
 */
import { useEffect } from 'react'
import type { JobDetail } from '../../../../shared/bridge'
import type { ReadbackState, ReadbackStored } from '../../../../shared/bridge-readback'
import type { TakeView } from '../../../../shared/bridge-takes'
import { useReadback, useReadbackStore } from '../../takes/readback/readback-store'
import { useJobTakes, useScriptTake } from '../../takes/readback/script-take'
import { useRecorder } from '../../takes/recorder/recorder-store'
import { isRecordingJob } from '../../takes/recorder/recorder-view'

export type Delivery = JobDetail['deliveries_detail'][number]

export interface ScriptChecks {
  take: TakeView | null
  state: ReadbackState | undefined
  /** The read-back's result, when done and some speech was heard (nothing to mark otherwise). */
  result: ReadbackStored | null
  /** A take of the job is being recorded: nothing is marked and the line above the script speaks of the recording. */
  recording: boolean
  delivery: Delivery | null
  /** Whether `delivery` is the delivery of `take`. */
  sameTake: boolean
  /** The take on this computer that `delivery` delivered, when it is another than `take`. */
  deliveredTake: TakeView | null
}

/** Pure: which delivery's check goes with which take. */
export function pickDelivery(
  deliveries: readonly Delivery[],
  take: TakeView | null,
  takes: readonly TakeView[],
): Pick<ScriptChecks, 'delivery' | 'sameTake' | 'deliveredTake'> {
  const ownId = take?.delivery.delivery_id ?? null
  const own = ownId === null ? undefined : deliveries.find((d) => d.delivery_id === ownId && d.check.state === 'done')
  if (own) return { delivery: own, sameTake: true, deliveredTake: null }
  const newest =
    [...deliveries].sort((a, b) => b.created_at - a.created_at).find((d) => d.check.issues.length > 0) ?? null
  const deliveredTake = newest
    ? (takes.find((t) => t.delivery.delivery_id === newest.delivery_id && t.id !== take?.id) ?? null)
    : null
  return { delivery: newest, sameTake: false, deliveredTake }
}

export function useScriptChecks(job: JobDetail): ScriptChecks {
  const take = useScriptTake(job.job_id)
  const takes = useJobTakes(job.job_id)
  const takeId = take?.id ?? null
  const state = useReadback((s) => (takeId === null ? undefined : s.byTake[takeId]))
  const readback = useReadbackStore()
  const known = state !== undefined
  useEffect(() => {
    if (takeId !== null && !known)
      readback
        .getState()
        .load(takeId)
        .catch(() => undefined)
  }, [readback, takeId, known])
  // While a take records, no read-back is marked on the script: the talent reads the script as it is.
  const recording = useRecorder((s) => isRecordingJob(s, job.job_id)) || takes.some((t) => t.state === 'recording')
  const done = state?.status === 'done' ? state.result : null
  const result = done && done.words.length > 0 && !recording ? done : null
  return { take, state, result, recording, ...pickDelivery(job.deliveries_detail, take, takes) }
}
