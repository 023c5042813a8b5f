/**
 * A take's report (its findings judged by the job's delivery profile, true peak, room tone), asked of main
 * whenever the take's preflight changes (the running measurement at Stop, then the ffmpeg reference) or
 * the job's profile changes. One read per take on screen: the summary line and the findings share it.
 */
import { useEffect, useState } from 'react'
import type { TakeReportView } from '../../../shared/bridge-audio'
import type { Preflight } from '../../../shared/bridge-takes'
import { useBridge } from '../bridge/BridgeProvider'

/** Window event (detail: job id) after the job's profile changed: the takes' findings are read again. */
export const PROFILE_CHANGED = 'booth:job-profile-changed'

export function useTakeReport(take: { id: string; customerId: string | null } | null, preflight: Preflight | null): { report: TakeReportView | null; problem: string | null } {
  const api = useBridge()
  const [report, setReport] = useState<TakeReportView | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const version = preflight?.measured ? JSON.stringify(preflight) : null
  const [asked, setAsked] = useState(0)
  useEffect(() => {
    const again = () => setAsked((n) => n + 1)
    window.addEventListener(PROFILE_CHANGED, again)
    return () => window.removeEventListener(PROFILE_CHANGED, again)
  }, [])
  const takeId = take?.id ?? null
  const customerId = take?.customerId ?? null
  useEffect(() => {
    if (takeId === null || version === null) return
    let live = true
    api.getTakeReport({ takeId, customerId }).then(
      (r) => live && (setReport(r), setProblem(null)),
      (err: unknown) => live && setProblem(`The findings could not be read: ${err instanceof Error ? err.message : String(err)}`),
    )
    return () => {
      live = false
    }
  }, [api, takeId, customerId, version, asked])
  return { report: takeId === null ? null : report, problem }
}
