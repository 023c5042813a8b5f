/**
 * Beside the record control: momentary (400 ms) and short-term (3 s) loudness against the job's delivery
 * profile, and a true-peak meter with a held mark and the take's highest true peak, from main's running
 * measurement (BS.1770). Also where the job's profile is shown and changed.
 */
import { useEffect, useState } from 'react'
import type { JobDetail } from '../../../../shared/bridge'
import type { DeliveryProfileView, JobProfileView } from '../../../../shared/bridge-audio'
import { measuredKind } from '../../../../shared/bridge-takes'
import {
  formatLu,
  LOUDNESS_FLOOR_LUFS,
  LOUDNESS_TOP_LUFS,
  meterValue,
  scaleFraction,
  TRUE_PEAK_FLOOR_DBTP,
  TRUE_PEAK_TOP_DBTP,
  type LiveState,
} from './live-loudness'
import './live-meters.css'
import { fillTo, markAt } from '../../ui/moving-parts'
import { useBridge } from '../../bridge/BridgeProvider'
import { PROFILE_CHANGED } from '../use-take-report'

function targetsOf(profile: DeliveryProfileView | undefined): { min: number; max: number; peak: number | null } | null {
  if (!profile?.loudnessWindow) return null
  return { ...profile.loudnessWindow, peak: profile.truePeakMax }
}

function Bar({
  label,
  value,
  unit,
  floor,
  top,
  window,
}: {
  label: string
  value: number | null
  unit: 'LUFS'
  floor: number
  top: number
  window?: { min: number; max: number } | null
}) {
  const pct = (db: number) => `${scaleFraction(db, floor, top) * 100}%`
  return (
    <div className="live-meter">
      <span className="live-label">{label}</span>
      <div
        className="live-track"
        role="meter"
        aria-label={`${label} ${unit}`}
        aria-valuemin={floor}
        aria-valuemax={top}
        aria-valuenow={meterValue(value, floor, top)}
        aria-valuetext={formatLu(value, unit)}
      >
        {window && (
          <div
            className="live-window"
            style={{ left: pct(window.min), width: `calc(${pct(window.max)} - ${pct(window.min)})` }}
          />
        )}
        <div className="live-fill moving-fill" style={fillTo(scaleFraction(value ?? floor, floor, top))} />
      </div>
      <span className="live-value">{formatLu(value, unit)}</span>
    </div>
  )
}

/** live: the meters' state, which RecorderPanel steps on each frame from the latest append answer's readings. */
export function LiveMeters({ job, live: state }: { job: JobDetail; live: LiveState }) {
  const api = useBridge()
  const [chosen, setChosen] = useState<JobProfileView | null>(null)
  const [profiles, setProfiles] = useState<DeliveryProfileView[]>([])
  const [problem, setProblem] = useState<string | null>(null)
  const jobRef = { jobId: job.job_id, customerId: job.customer.id, kind: measuredKind(job.kind) }

  useEffect(() => {
    let live = true
    Promise.all([
      api.getJobProfile({ jobId: job.job_id, customerId: job.customer.id, kind: measuredKind(job.kind) }),
      api.listDeliveryProfiles({}),
    ]).then(
      ([c, l]) => {
        if (!live) return
        setChosen(c)
        setProfiles(l.profiles)
      },
      (err: unknown) => live && setProblem(err instanceof Error ? err.message : String(err)),
    )
    return () => {
      live = false
    }
  }, [api, job.job_id, job.customer.id, job.kind])

  const choose = (name: string) => {
    api.setJobProfile({ ...jobRef, profile: name === '' ? null : name }).then(
      (c) => {
        setChosen(c)
        window.dispatchEvent(new CustomEvent(PROFILE_CHANGED, { detail: job.job_id }))
      },
      (err: unknown) => setProblem(err instanceof Error ? err.message : String(err)),
    )
  }
  const t = targetsOf(chosen?.profile)
  return (
    <div className="live-meters" aria-label="Live loudness">
      <Bar
        label="M"
        value={state.momentaryLufs}
        unit="LUFS"
        floor={LOUDNESS_FLOOR_LUFS}
        top={LOUDNESS_TOP_LUFS}
        window={t}
      />
      <Bar
        label="S"
        value={state.shortTermLufs}
        unit="LUFS"
        floor={LOUDNESS_FLOOR_LUFS}
        top={LOUDNESS_TOP_LUFS}
        window={t}
      />
      <div className="live-meter">
        <span className="live-label">TP</span>
        <div
          className="live-track"
          role="meter"
          aria-label="True peak"
          aria-valuemin={TRUE_PEAK_FLOOR_DBTP}
          aria-valuemax={TRUE_PEAK_TOP_DBTP}
          aria-valuenow={meterValue(state.holdDbtp, TRUE_PEAK_FLOOR_DBTP, TRUE_PEAK_TOP_DBTP)}
          aria-valuetext={`${formatLu(state.holdDbtp, 'dBTP')}, highest ${formatLu(state.maxDbtp, 'dBTP')}`}
        >
          {t?.peak !== null && t?.peak !== undefined && (
            <div
              className="live-ceiling"
              style={{ left: `${scaleFraction(t.peak, TRUE_PEAK_FLOOR_DBTP, TRUE_PEAK_TOP_DBTP) * 100}%` }}
            />
          )}
          <div
            className="live-hold moving-mark"
            style={markAt(scaleFraction(state.holdDbtp, TRUE_PEAK_FLOOR_DBTP, TRUE_PEAK_TOP_DBTP))}
          />
        </div>
        <span
          className={`live-value${t?.peak != null && state.maxDbtp !== null && state.maxDbtp > t.peak ? ' tone-danger' : ''}`}
          title="Highest true peak of this take"
        >
          max {formatLu(state.maxDbtp, 'dBTP')}
        </span>
      </div>
      <label className="live-profile small">
        <span>Judged as</span>
        <select
          value={chosen?.chosenBy === 'kind' ? '' : (chosen?.profile.name ?? '')}
          onChange={(e) => choose(e.target.value)}
          disabled={!chosen}
        >
          <option value="">
            {chosen?.chosenBy === 'kind' ? `${chosen.profile.label} (default for this kind)` : 'Default for this kind'}
          </option>
          {profiles.map((p) => (
            <option key={p.name} value={p.name}>
              {p.label}
            </option>
          ))}
        </select>
        {chosen?.chosenBy === 'customer' && <span className="muted">remembered for {job.customer.name}</span>}
      </label>
      {problem && <p className="small tone-danger">{problem}</p>}
    </div>
  )
}
