// The live loudness meter's state (pure, fake clock): readings replace the loudness, the true-peak mark
// holds then falls like the input meter's peak, and the take's highest true peak never falls.
import { describe, expect, it } from 'vitest'
import {
  formatLu,
  initialLive,
  liveOf,
  meterValue,
  scaleFraction,
  stepLive,
  TRUE_PEAK_FLOOR_DBTP,
} from '../../../../../renderer/src/takes/meters/live-loudness'
import { findingLine } from '../../../../../renderer/src/takes/warning-words'
import { PEAK_FALL_DB_PER_S, PEAK_HOLD_MS } from '../../../../../renderer/src/takes/meters/meter-ballistics'

const reading = (tp: number | null, max: number | null, m: number | null = -23, s: number | null = null) => ({
  momentaryLufs: m,
  shortTermLufs: s,
  truePeakDbtp: tp,
  truePeakMaxDbtp: max,
})

describe('live loudness state', () => {
  it('holds the true-peak mark, then lets it fall; the take maximum stays', () => {
    let st = stepLive(initialLive(0), 0, reading(-1.5, -1.5))
    expect(st).toMatchObject({ momentaryLufs: -23, holdDbtp: -1.5, maxDbtp: -1.5 })
    st = stepLive(st, 100, reading(-12, -1.5))
    expect(st.holdDbtp).toBe(-1.5)
    st = stepLive(st, PEAK_HOLD_MS + 1000, null)
    expect(st.holdDbtp).toBeCloseTo(-1.5 - PEAK_FALL_DB_PER_S * 1, 6)
    st = stepLive(st, 60_000, null)
    expect(st.holdDbtp).toBe(TRUE_PEAK_FLOOR_DBTP)
    expect(st.maxDbtp).toBe(-1.5)
    // Silence from the start: the mark is silence, and stays so as time passes (not the meter's floor).
    let quiet = stepLive(initialLive(0), 0, reading(-151, -151, -71))
    quiet = stepLive(quiet, 60_000, reading(-151, -151, -71))
    expect(formatLu(quiet.holdDbtp, 'dBTP')).toBe('silence')
  })

  it('reads the readings off an append answer, scales and words them', () => {
    expect(liveOf({ peakDbfs: -3, rmsDbfs: -9, clipped: false })).toBeNull()
    expect(liveOf({ peakDbfs: -3, live: reading(-2, -1) })).toEqual(reading(-2, -1))
    expect(scaleFraction(null, -50, -5)).toBe(0)
    expect(scaleFraction(-27.5, -50, -5)).toBe(0.5)
    expect(scaleFraction(10, -50, -5)).toBe(1)
    expect(formatLu(1.84, 'dBTP')).toBe('+1.8 dBTP')
    expect(formatLu(-23, 'LUFS')).toBe('−23.0 LUFS')
    expect(formatLu(null, 'LUFS')).toBe('—')
    expect(formatLu(-2908.7, 'LUFS')).toBe('silence')
    expect(formatLu(-151, 'dBTP')).toBe('silence')
    expect(meterValue(-2908.7, -50, -5)).toBe(-50)
    expect(meterValue(-23.04, -50, -5)).toBe(-23)
    expect(meterValue(null, -40, 3)).toBe(-40)
  })

  it('words a finding with its time unless the sentence already says it', () => {
    expect(
      findingLine({
        message: 'Clipping: 3 flat-topped runs at -3.0 dBFS, first at 7.3 s.',
        at_s: 7.25,
        severity: 'problem',
      }),
    ).toBe('Clipping: 3 flat-topped runs at -3.0 dBFS, first at 7.3 s.')
    expect(
      findingLine({ message: 'Room tone -52.0 dBFS RMS; Dry voice allows -60.0.', at_s: null, severity: 'problem' }),
    ).toBe('Room tone -52.0 dBFS RMS; Dry voice allows -60.0.')
    expect(findingLine({ message: 'Peak -2.0 dBFS; Dry voice allows -3.0.', at_s: 4.2, severity: 'note' })).toBe(
      'Note: Peak -2.0 dBFS; Dry voice allows -3.0. (at 4.2 s)',
    )
  })
})
