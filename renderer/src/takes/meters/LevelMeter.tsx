/**
 * The input meter: a bar (peak, with the RMS inside), the held peak mark, and a clip light that can be
 * cleared; `children` (the "Check level" button) stand at the end of the same line.
 */
import type { ReactNode } from 'react'
import { clipLit, meterFraction, type MeterState } from './meter-ballistics'
import { fillTo, markAt } from '../../ui/moving-parts'

export function LevelMeter({
  meter,
  now,
  onClearClip,
  children,
}: {
  meter: MeterState
  now: number
  onClearClip(): void
  children?: ReactNode
}) {
  const clipped = clipLit(meter, now)
  const peak = Math.round(meter.peakHoldDbfs)
  return (
    <div className="rec-meter">
      <div
        className="rec-meter-track"
        role="meter"
        aria-label="Input level"
        aria-valuemin={-60}
        aria-valuemax={0}
        aria-valuenow={Math.round(meter.barDbfs)}
        aria-valuetext={meter.barDbfs <= -60 ? 'silent' : `${Math.round(meter.barDbfs)} dBFS, peak ${peak} dBFS`}
      >
        <div className="rec-meter-bar moving-fill" style={fillTo(meterFraction(meter.barDbfs))} />
        <div className="rec-meter-rms moving-fill" style={fillTo(meterFraction(meter.rmsDbfs))} />
        <div className="rec-meter-peak moving-mark" style={markAt(meterFraction(meter.peakHoldDbfs))} />
        <div className="rec-meter-scale" aria-hidden="true">
          <span style={{ left: `${meterFraction(-18) * 100}%` }}>−18</span>
          <span style={{ left: `${meterFraction(-6) * 100}%` }}>−6</span>
        </div>
      </div>
      <button
        type="button"
        className={`rec-clip${clipped ? ' is-lit' : ''}`}
        aria-label={clipped ? 'Clipped — click to clear' : 'No clipping'}
        title={clipped ? 'The input hit 0 dBFS. Turn the gain down. Click to clear.' : 'Lights when the input clips'}
        onClick={onClearClip}
      >
        CLIP
      </button>
      {children}
    </div>
  )
}
