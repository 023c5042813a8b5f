/**
 * A take's report (its findings judged by the job's delivery profile, true peak, room tone), asked of main
 * whenever the take's preflight changes (the running measurement at Stop, then the ffmpeg reference) or
 * the job's profile changes. One read per take on screen: the summary line and the findings share it.
 * A report is answered only for the measurement it was read for: while a new version's (a re-finish, a
 * pickup) is being read, the old one is not shown beside the new version's length (issue 41).
 */
import { useEffect, useState } from 'react'
import type { TakeReportView } from '../../../shared/bridge-audio'
import type { Preflight } from '../../../shared/bridge-takes'
import { useBridge } from '../bridge/BridgeProvider'

/** Window event (detail: job id) after the job's profile changed: the takes' findings are read again. */
export const PROFILE_CHANGED = 'booth:job-profile-changed'

/** What a report is read for: the take, the customer whose profile judges it, and the measurement (null: none to read). */
export function reportKey(
  take: { id: string; customerId: string | null } | null,
  preflight: Preflight | null,
): string | null {
  if (take === null || !preflight?.measured) return null
  return JSON.stringify([take.id, take.customerId, preflight])
}

/** The report read, only if it was read for `key`: a report of another version's measurement is none. */
export function reportFor<R>(read: { key: string; report: R | null } | null, key: string | null): R | null {
  return key !== null && read?.key === key ? read.report : null
}

export function useTakeReport(
  take: { id: string; customerId: string | null } | null,
  preflight: Preflight | null,
): { report: TakeReportView | null; problem: string | null } {
  const api = useBridge()
  /** The report, with the take and measurement it was read for. */
  const [read, setRead] = useState<{ key: string; report: TakeReportView | null } | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const version = preflight?.measured ? JSON.stringify(preflight) : null
  const key = reportKey(take, preflight)
  const [asked, setAsked] = useState(0)
  useEffect(() => {
    const again = () => setAsked((n) => n + 1)
    window.addEventListener(PROFILE_CHANGED, again)
    return () => window.removeEventListener(PROFILE_CHANGED, again)
  }, [])
  const takeId = take?.id ?? null
  const customerId = take?.customerId ?? null
  useEffect(() => {
    if (takeId === null || version === null || key === null) return
    let live = true
    api.getTakeReport({ takeId, customerId }).then(
      (r) => live && (setRead({ key, report: r }), setProblem(null)),
      (err: unknown) =>
        live && setProblem(`The findings could not be read: ${err instanceof Error ? err.message : String(err)}`),
    )
    return () => {
      live = false
    }
  }, [api, takeId, customerId, version, asked, key])
  return { report: reportFor(read, key), problem }
}
