/**
 * A finished version's before and after in words, side by side (the Finish panel's table): length against
 * the spot, loudness (or RMS, as the profile measures it) against the profile's window, true peak against
 * its ceiling, the one gain and what the peak limiter took off on top of it, pauses changed, breaths
 * lowered (by how much) or cut, clicks removed, and the tempo change. Each figure says whether it meets
 * its target. Only what was done is counted (issue 41): a click found and left as read is not "removed", a
 * breath that could not be cut is said lowered. Pure: every figure comes from the version's `finish` record;
 * a finish made before a figure was recorded shows no row for it rather than a guess.
 */
import type { FinishFigures, VersionFinish } from '../../../../shared/versions/finish'
import { breathLowering, dbRange, limitingPhrase, tempoPercent } from '../../../../shared/versions/finish'

export type FigureTone = 'success' | 'warning' | 'muted'

export interface CompareRow {
  key: string
  label: string
  before: string
  after: string
  /** What the figure is held to ("spot 15.0 s", "−23 to −18 dB RMS"); '' when nothing. */
  target: string
  beforeTone: FigureTone
  afterTone: FigureTone
}

/** The result's length may differ from the spot by this much (the engine's tolerance, s). */
export const LENGTH_TOLERANCE_S = 0.05

const minus = (x: number): string => (x < 0 ? `−${Math.abs(x).toFixed(1)}` : x.toFixed(1))
const tone = (ok: boolean | null): FigureTone => (ok === null ? 'muted' : ok ? 'success' : 'warning')

function lengthRow(f: VersionFinish): CompareRow {
  const near = (x: number) => Math.abs(x - f.spot_length_s) <= LENGTH_TOLERANCE_S
  return {
    key: 'length',
    label: 'Length',
    target: `spot ${f.spot_length_s.toFixed(1)} s`,
    before: `${f.before.length_s.toFixed(2)} s`,
    after: `${f.after.length_s.toFixed(2)} s`,
    beforeTone: tone(near(f.before.length_s)),
    afterTone: tone(near(f.after.length_s)),
  }
}

/** Loudness as the profile measures it: its first window (integrated LUFS, or RMS dB for a dry voice). */
function loudnessRow(f: VersionFinish): CompareRow {
  const w = f.profile.loudness[0]
  const rms = w?.measure === 'rms'
  const unit = rms ? 'dB RMS' : 'LUFS'
  const value = (x: FinishFigures) => (rms ? x.rms_dbfs : x.lufs)
  const shown = (x: number | null) => (x === null ? '—' : `${minus(x)} ${unit}`)
  const inWindow = (x: number | null) => (w && x !== null ? x >= w.min && x <= w.max : null)
  const target = w
    ? w.target !== undefined
      ? `${minus(w.target)} ${unit} (${minus(w.min)} to ${minus(w.max)})`
      : `${minus(w.min)} to ${minus(w.max)} ${unit}`
    : ''
  return {
    key: 'loudness',
    label: rms ? 'RMS' : 'Loudness',
    target,
    before: shown(value(f.before)),
    after: shown(value(f.after)),
    beforeTone: tone(inWindow(value(f.before))),
    afterTone: tone(inWindow(value(f.after))),
  }
}

function peakRow(f: VersionFinish): CompareRow {
  const ceiling = f.profile.peak
  const shown = (x: number | null) => (x === null ? '—' : `${minus(x)} dBTP`)
  // A sample-peak ceiling is held by the true peak too (a true peak is never below the sample peak).
  const under = (x: number | null) => (ceiling && x !== null ? x <= ceiling.max : null)
  return {
    key: 'peak',
    label: 'True peak',
    target: ceiling ? `at most ${minus(ceiling.max)} ${ceiling.measure === 'true' ? 'dBTP' : 'dBFS'}` : '',
    before: shown(f.before.true_peak_dbtp),
    after: shown(f.after.true_peak_dbtp),
    beforeTone: tone(under(f.before.true_peak_dbtp)),
    afterTone: tone(under(f.after.true_peak_dbtp)),
  }
}

const count = (key: string, label: string, n: number | string): CompareRow => ({
  key,
  label,
  before: '—',
  after: String(n),
  target: '',
  beforeTone: 'muted',
  afterTone: 'muted',
})
const signedDb = (x: number): string => `${x > 0 ? '+' : x < 0 ? '−' : ''}${Math.abs(x).toFixed(1)} dB`

/** The one gain every sample got; then, once recorded, what the limiter took off the peaks on top of it. */
function levelRows(f: VersionFinish): CompareRow[] {
  const rows = [count('gain', 'Gain (whole take)', f.gain_db === 0 ? 'none' : signedDb(f.gain_db))]
  if (f.limiting === undefined) return rows
  const l = f.limiting
  const limited = l ? `${limitingPhrase(l).replace(/^peaks limited /, '')}, ${l.seconds.toFixed(2)} s in all` : 'none'
  return [...rows, count('limiting', 'Peaks limited', limited)]
}

/** Breaths as done: lowered (by how much), or cut to room tone and those lowered instead for want of room tone. */
function breathRow(f: VersionFinish): CompareRow {
  const by = breathLowering(f.edits)
  const range = by ? ` (by ${dbRange(by.least_db, by.most_db)})` : ''
  if (f.choices.breaths === 'keep') return count('breaths', 'Breaths lowered', 0)
  if (f.choices.breaths === 'cut') {
    // A finish made before breaths were counted apart: its one count, as it was shown.
    if (f.breaths_cut === undefined) return count('breaths', 'Breaths cut to room tone', f.breaths_lowered)
    const instead =
      f.breaths_lowered > 0 ? `; ${f.breaths_lowered} lowered${range} instead, no room tone long enough` : ''
    return count('breaths', 'Breaths cut to room tone', `${f.breaths_cut}${instead}`)
  }
  return count('breaths', 'Breaths lowered', `${f.breaths_lowered}${f.breaths_lowered > 0 ? range : ''}`)
}

/** The table's rows, in the order the panel shows them. */
export function compareRows(f: VersionFinish): CompareRow[] {
  const pct = tempoPercent(f.tempo)
  return [
    lengthRow(f),
    loudnessRow(f),
    peakRow(f),
    ...levelRows(f),
    count('pauses', 'Pauses changed', f.pauses_changed),
    breathRow(f),
    count('clicks', 'Clicks removed', f.clicks_removed),
    {
      key: 'tempo',
      label: 'Tempo',
      target:
        f.choices.maxTempoPercent === 0 ? 'no change allowed' : `at most ${f.choices.maxTempoPercent.toFixed(1)} %`,
      before: '—',
      after:
        pct === 0
          ? 'unchanged'
          : `${pct > 0 ? '+' : '−'}${Math.abs(pct).toFixed(1)} % (${pct > 0 ? 'faster' : 'slower'})`,
      beforeTone: 'muted',
      afterTone: 'muted',
    },
  ]
}

/** The choices as the panel's controls hold them, from a finish (or the defaults). */
export const BREATH_WORDS = { lower: 'Lower', keep: 'Keep', cut: 'Cut to room tone' } as const
