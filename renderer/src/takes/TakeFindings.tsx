/**
 * A take's findings in plain words, judged by its job's delivery profile: what, with the numbers and the
 * rule ("True peak +1.8 dBTP; EBU R128 allows -1.0"), and where in the take. Asked of main whenever the
 * take's preflight changes (the running measurement at stop, then the ffmpeg reference).
 */
import { useEffect, useState } from 'react'
import type { TakeReportView } from '../../../shared/bridge-audio'
import type { Preflight } from '../../../shared/bridge-takes'
import { PROFILE_CHANGED } from './LiveMeters'
import { useBridge } from '../bridge/BridgeProvider'
import { findingLine } from './warning-words'

export function TakeFindings({ takeId, customerId, preflight }: { takeId: string; customerId: string | null; preflight: Preflight }) {
  const api = useBridge()
  const [report, setReport] = useState<TakeReportView | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const version = JSON.stringify(preflight)
  const [asked, setAsked] = useState(0)
  useEffect(() => {
    const again = () => setAsked((n) => n + 1)
    window.addEventListener(PROFILE_CHANGED, again)
    return () => window.removeEventListener(PROFILE_CHANGED, again)
  }, [])
  useEffect(() => {
    let live = true
    api.getTakeReport({ takeId, customerId }).then(
      (r) => live && (setReport(r), setProblem(null)),
      (err: unknown) => live && setProblem(`The findings could not be read: ${err instanceof Error ? err.message : String(err)}`),
    )
    return () => {
      live = false
    }
  }, [api, takeId, customerId, version, asked])
  if (problem) return <p className="small muted">{problem}</p>
  if (!report) return null
  const notes = report.findings.filter((f) => f.severity === 'note')
  const problems = report.findings.filter((f) => f.severity === 'problem')
  return (
    <div className="take-findings small" data-profile={report.profile}>
      <p className="muted">
        True peak {report.true_peak_dbtp === null ? '—' : `${report.true_peak_dbtp > 0 ? '+' : ''}${report.true_peak_dbtp.toFixed(1)} dBTP`}
        {' · '}room tone {report.noise_floor_dbfs === null ? '—' : `${report.noise_floor_dbfs.toFixed(1)} dBFS`}
      </p>
      {[...problems, ...notes].length > 0 && (
        <ul aria-label="Findings">
          {[...problems, ...notes].map((f, i) => (
            <li key={`${f.code}-${i}`} className={f.severity === 'problem' ? 'tone-danger' : 'muted'} data-code={f.code}>
              {findingLine(f)}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
