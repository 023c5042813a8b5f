/**
 * Which take's read-back is marked on the job's script: the one the talent chose ("Show on the script"),
 * until a take newer than every take at that moment is made; else the newest take that is not being
 * recorded. Pure, with a hook over the takes and read-back stores.
 */
import { useMemo } from 'react'
import type { TakeView } from '../../../../shared/bridge-takes'
import { useTakes } from '../takes-store'
import { useReadback } from './readback-store'

const NO_TAKES: TakeView[] = []

export function scriptTakeOf(
  takes: readonly TakeView[],
  chosen: { takeId: string; newest: number } | undefined,
): TakeView | null {
  const usable = takes.filter((t) => t.state !== 'recording')
  const newest = usable.reduce<TakeView | null>(
    (best, t) => (best === null || t.take_number > best.take_number ? t : best),
    null,
  )
  const picked = chosen ? usable.find((t) => t.id === chosen.takeId) : undefined
  if (picked && (newest === null || newest.take_number <= chosen!.newest)) return picked
  return newest
}

/** The newest take number of a job's takes (0 with none): what a choice made now is compared with later. */
export function newestTakeNumber(takes: readonly TakeView[]): number {
  return takes.reduce((n, t) => Math.max(n, t.take_number), 0)
}

export function useJobTakes(jobId: string): TakeView[] {
  return useTakes((s) => s.byJob[jobId]?.takes ?? NO_TAKES)
}

export function useScriptTake(jobId: string): TakeView | null {
  const takes = useJobTakes(jobId)
  const chosen = useReadback((s) => s.onScript[jobId])
  return useMemo(() => scriptTakeOf(takes, chosen), [takes, chosen])
}
