import { describe, expect, it } from 'vitest'
import type { Preflight } from '../../../../shared/bridge-takes'
import { judgedLength, preflightWarningWords, warningWords } from '../../../../renderer/src/takes/warning-words'
import {
  formatElapsed,
  formatLoudness,
  formatPeak,
  formatTakeLength,
  elapsedState,
  takeLevels,
} from '../../../../renderer/src/takes/take-numbers'

const measured = (over: Partial<Preflight> = {}): Preflight => ({
  measured: true,
  duration_s: 31.4,
  voiced_s: 30,
  sample_rate: 48000,
  channels: 1,
  bit_depth: 24,
  peak_dbfs: -1.2,
  lufs: -18.3,
  lead_silence_s: 0,
  tail_silence_s: 0,
  codec: 'pcm_s24le',
  warnings: [],
  ...over,
})
const spot30 = { spotLengthS: 30, jobKind: 'finished_spot' as const }

describe('preflight warnings in words', () => {
  it('says how long a take runs against the spot, in the words the talent reads', () => {
    expect(warningWords('runs_long', measured(), spot30).text).toBe('Runs long: 31.4 s for a :30 spot')
    expect(
      warningWords('runs_short', measured({ duration_s: 12.04 }), { spotLengthS: 15, jobKind: 'finished_spot' }).text,
    ).toBe('Runs short: 12.0 s for a :15 spot')
  })

  it('judges a dry voice without its silent head and tail, like the preflight does', () => {
    const p = measured({ duration_s: 33, lead_silence_s: 1.8, tail_silence_s: 0.7 })
    expect(judgedLength(p, 'dry_voice')).toBeCloseTo(30.5)
    expect(judgedLength(p, 'finished_spot')).toBe(33)
    expect(warningWords('runs_long', p, { spotLengthS: 30, jobKind: 'dry_voice' }).text).toBe(
      'Runs long: 30.5 s for a :30 spot',
    )
  })

  it('words every code the API can send', () => {
    const p = measured({ lead_silence_s: 1.84, tail_silence_s: 2.5, sample_rate: 22050, lufs: -31.26 })
    expect(warningWords('clipping', p, spot30).text).toBe('Clipping — flat-topped or over-full-scale samples')
    expect(warningWords('long_lead_silence', p, spot30).text).toBe('1.8 s of silence before you start')
    expect(warningWords('long_tail_silence', p, spot30).text).toBe('2.5 s of silence after you finish')
    expect(warningWords('stereo_dry_voice', p, spot30).text).toBe('Stereo file for a dry voice — producers expect mono')
    expect(warningWords('not_measured', p, spot30).text).toBe('Booth could not measure this file')
    expect(warningWords('low_sample_rate', p, spot30).text).toBe(
      'Low sample rate: 22.1 kHz — producers expect 44.1 or 48 kHz',
    )
    expect(warningWords('very_quiet', p, spot30).text).toBe('Very quiet: −31.3 LUFS')
    // Without the take's report Booth cannot tell loudness from peaks, and does not pretend to.
    expect(warningWords('very_loud', measured({ lufs: -9 }), spot30).text).toBe(
      'Over the delivery profile’s loudness or peak limit',
    )
    expect(warningWords('clipping', p, spot30).tone).toBe('danger')
    expect(warningWords('runs_long', p, spot30).tone).toBe('warning')
  })

  it('names the finding behind a level warning, as the findings list gives it', () => {
    const loud = [
      {
        code: 'too_loud',
        severity: 'problem' as const,
        message: 'Loudness -20.9 LUFS; EBU R128 asks -23.0 LUFS ±1.0.',
        at_s: null,
      },
    ]
    expect(warningWords('very_loud', measured({ lufs: -20.9 }), spot30, loud).text).toBe(
      'Too loud: loudness −20.9 LUFS',
    )
    const peaks = [
      {
        code: 'true_peak_over',
        severity: 'problem' as const,
        message: 'True peak +0.3 dBTP; EBU R128 allows -1.0 (loudest at 12.4 s).',
        at_s: 12.4,
      },
      {
        code: 'clipping',
        severity: 'problem' as const,
        message: 'Clipping: 3 flat-topped runs at -0.1 dBFS, first at 2.0 s.',
        at_s: 2,
      },
    ]
    expect(warningWords('very_loud', measured({ lufs: -23.2 }), spot30, peaks).text).toBe(
      'Peaks too high: true peak +0.3 dBTP',
    )
    expect(warningWords('very_loud', measured({ lufs: -12 }), spot30, [...loud, ...peaks]).text).toBe(
      'Too loud: loudness −20.9 LUFS; Peaks too high: true peak +0.3 dBTP',
    )
    const quiet = [
      {
        code: 'too_quiet',
        severity: 'problem' as const,
        message: 'Nothing in the take is loud enough to measure (below -70 LUFS); Dry voice asks -30.0 to -14.0 LUFS.',
        at_s: null,
      },
      // A note is no warning's reason.
      {
        code: 'too_quiet',
        severity: 'note' as const,
        message: 'RMS level -29.6 dB RMS; Dry voice asks -23.0 to -18.0 dB RMS.',
        at_s: null,
      },
    ]
    expect(warningWords('very_quiet', measured({ lufs: null }), spot30, quiet).text).toBe(
      'Too quiet: nothing in the take is loud enough to measure (below −70 LUFS)',
    )
    expect(preflightWarningWords(measured({ warnings: ['very_loud'] }), spot30, loud).map((w) => w.text)).toEqual([
      'Too loud: loudness −20.9 LUFS',
    ])
  })

  it('has words when the numbers behind a warning are missing', () => {
    const bare = measured({ duration_s: null, lead_silence_s: null, lufs: null, sample_rate: null })
    expect(warningWords('runs_long', bare, { spotLengthS: null, jobKind: 'not_set' }).text).toBe(
      'Runs long for the spot',
    )
    expect(warningWords('long_lead_silence', bare, spot30).text).toBe('Long silence before you start')
    expect(warningWords('very_quiet', bare, spot30).text).toBe('Very quiet — Booth hears almost nothing')
  })

  it('keeps the preflight order, and an unmeasured take says so even without the code', () => {
    const p = measured({ warnings: ['runs_long', 'clipping'] })
    expect(preflightWarningWords(p, spot30).map((w) => w.code)).toEqual(['runs_long', 'clipping'])
    const unmeasured: Preflight = { ...measured(), measured: false, duration_s: null, warnings: [] }
    expect(preflightWarningWords(unmeasured, spot30).map((w) => w.text)).toEqual(['Booth could not measure this file'])
    expect(preflightWarningWords(null, spot30)).toEqual([])
  })
})

describe('take numbers', () => {
  it('formats length, loudness and peak for the takes list', () => {
    expect(formatTakeLength(2.64)).toBe('2.6 s')
    expect(formatTakeLength(59.96)).toBe('1:00.0')
    expect(formatTakeLength(62.5)).toBe('1:02.5')
    expect(formatTakeLength(null)).toBe('—')
    expect(formatLoudness(-19.26)).toBe('−19.3 LUFS')
    expect(formatLoudness(null)).toBe('—')
    expect(formatPeak(0)).toBe('0.0 dBFS')
    expect(formatPeak(-0.04)).toBe('0.0 dBFS')
    expect(formatPeak(-12.04)).toBe('−12.0 dBFS')
    expect(formatPeak(Number.NEGATIVE_INFINITY)).toBe('silence')
  })

  it('reads a take with no signal as silence, never as an absurd number', () => {
    expect(formatLoudness(-2908.7)).toBe('silence')
    expect(formatLoudness(-70.4)).toBe('silence')
    expect(formatLoudness(-69.6)).toBe('−69.6 LUFS')
    expect(formatPeak(-300)).toBe('silence')
    expect(formatPeak(Number.NaN)).toBe('silence')
    const silent = { measured: true, lufs: null, peak_dbfs: null, duration_s: 3 }
    expect(takeLevels(silent)).toEqual({ loudness: 'silence', peak: 'silence' })
    // Too short for one loudness block: not measured, not silence.
    expect(takeLevels({ ...silent, duration_s: 0.3, peak_dbfs: -20 })).toEqual({ loudness: '—', peak: '−20.0 dBFS' })
    expect(takeLevels({ ...silent, measured: false })).toEqual({ loudness: '—', peak: '—' })
    expect(takeLevels({ measured: true, lufs: -18.26, peak_dbfs: 0.4, duration_s: 3 })).toEqual({
      loudness: '−18.3 LUFS',
      peak: '+0.4 dBFS',
    })
  })

  it('runs the recording clock in tenths and says where it stands against the spot', () => {
    expect(formatElapsed(0)).toBe('0:00.0')
    expect(formatElapsed(7.49)).toBe('0:07.4')
    expect(formatElapsed(61.2)).toBe('1:01.2')
    expect(formatElapsed(-3)).toBe('0:00.0')
    expect(elapsedState(10, 30)).toBe('under')
    expect(elapsedState(27, 30)).toBe('near')
    expect(elapsedState(30.1, 30)).toBe('over')
    expect(elapsedState(30.1, 0)).toBe('no_spot')
  })
})
