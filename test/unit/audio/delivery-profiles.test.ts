// Each profile's boundaries, judged on measurements at and just past each limit (pure), the words of
// the findings, the one mapping to the API's warnings, and the talent's own profiles.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { DeliveryProfile } from '../../../main/audio/delivery-profiles'
import {
  BUILT_IN_PROFILES,
  checkCustomProfile,
  defaultProfileName,
  findProfile,
  ProfileError,
} from '../../../main/audio/delivery-profiles'
import { WARNING_OF_FINDING, warningsOfFindings } from '../../../main/audio/finding-warnings'
import type { FindingCode, TakeMeasurements } from '../../../main/audio/take-findings'
import { FINDING_CODES, findTakeFindings } from '../../../main/audio/take-findings'

const profile = (name: string): DeliveryProfile => findProfile(name) as DeliveryProfile
const clean: TakeMeasurements = {
  durationS: 30,
  sampleRate: 48000,
  channels: 1,
  peakDbfs: -6,
  truePeakDbtp: -5.8,
  lufs: -23,
  rmsDbfs: -20,
  leadSilenceS: 0.4,
  tailSilenceS: 0.6,
  noiseFloorDbfs: -70,
  dcOffset: 0,
  clip: { runs: 0, overs: 0, firstAtS: null, levelDbfs: null },
}
const codes = (m: Partial<TakeMeasurements>, name: string): Array<[FindingCode, string]> =>
  findTakeFindings({ ...clean, ...m }, profile(name)).map((f) => [f.code, f.severity])

describe('profile boundaries', () => {
  it.each([
    ['ebu-r128', -22.0, -21.94, -24.0, -24.06, -1.0, -0.94],
    ['atsc-a85', -22.0, -21.94, -26.0, -26.06, -2.0, -1.94],
    ['podcast', -15.0, -14.94, -17.0, -17.06, -1.0, -0.94],
  ])(
    '%s: loudness within its tolerance passes, past it is a problem; true peak likewise',
    (name, hiOk, hiBad, loOk, loBad, tpOk, tpBad) => {
      expect(codes({ lufs: hiOk }, name)).toEqual([])
      expect(codes({ lufs: hiBad }, name)).toEqual([['too_loud', 'problem']])
      expect(codes({ lufs: loOk }, name)).toEqual([])
      expect(codes({ lufs: loBad }, name)).toEqual([['too_quiet', 'problem']])
      const mid = (hiOk + loOk) / 2
      expect(codes({ lufs: mid, truePeakDbtp: tpOk }, name)).toEqual([])
      expect(codes({ lufs: mid, truePeakDbtp: tpBad }, name)).toEqual([['true_peak_over', 'problem']])
    },
  )

  it('dry-voice: ACX RMS window and -3 dBFS peaks are notes; loudness extremes and a noisy room are problems', () => {
    expect(codes({ rmsDbfs: -18 }, 'dry-voice')).toEqual([])
    expect(codes({ rmsDbfs: -17.9 }, 'dry-voice')).toEqual([['too_loud', 'note']])
    expect(codes({ rmsDbfs: -23 }, 'dry-voice')).toEqual([])
    expect(codes({ rmsDbfs: -23.1 }, 'dry-voice')).toEqual([['too_quiet', 'note']])
    expect(codes({ lufs: -14 }, 'dry-voice')).toEqual([])
    expect(codes({ lufs: -13.9 }, 'dry-voice')).toEqual([['too_loud', 'problem']])
    expect(codes({ lufs: -30.1 }, 'dry-voice')).toEqual([['too_quiet', 'problem']])
    expect(codes({ peakDbfs: -3 }, 'dry-voice')).toEqual([])
    expect(codes({ peakDbfs: -2.9 }, 'dry-voice')).toEqual([['peak_over', 'note']])
    expect(codes({ noiseFloorDbfs: -60 }, 'dry-voice')).toEqual([])
    expect(codes({ noiseFloorDbfs: -59.9 }, 'dry-voice')).toEqual([['noise_floor_high', 'problem']])
  })

  it('a radio spot at -20.4 LUFS is too loud for EBU R128 and the findings say so with the numbers', () => {
    const f = findTakeFindings(
      { ...clean, lufs: -20.4, truePeakDbtp: 1.8, peakAtS: 3.1, truePeakAtS: 12.4 },
      profile('ebu-r128'),
    )
    expect(f.map((x) => x.code)).toEqual(['too_loud', 'true_peak_over'])
    expect(f[1]).toEqual({
      code: 'true_peak_over',
      severity: 'problem',
      message: 'True peak +1.8 dBTP; EBU R128 allows -1.0 (loudest at 12.4 s).',
      at_s: 12.4,
    })
    expect(findTakeFindings({ ...clean, lufs: -20.4 }, profile('ebu-r128'))[0]?.message).toBe(
      'Loudness -20.4 LUFS; EBU R128 asks -23.0 LUFS ±1.0.',
    )
  })

  it('places time findings in the take: clipping where it starts, tail silence where it starts', () => {
    const f = findTakeFindings(
      { ...clean, leadSilenceS: 1.6, tailSilenceS: 2.5, clip: { runs: 3, overs: 0, firstAtS: 7.25, levelDbfs: -3 } },
      profile('dry-voice'),
    )
    expect(f.find((x) => x.code === 'clipping')).toMatchObject({
      at_s: 7.25,
      message: 'Clipping: 3 flat-topped runs at -3.0 dBFS, first at 7.3 s.',
    })
    expect(f.find((x) => x.code === 'long_lead_silence')).toMatchObject({
      at_s: 0,
      message: 'Silence before the first sound: 1.6 s; keep it under 1.0 s.',
    })
    expect(f.find((x) => x.code === 'long_tail_silence')).toMatchObject({ at_s: 27.5 })
  })

  it('defaults from the kind: finished spot → EBU R128, dry voice and unknown → dry voice', () => {
    expect(defaultProfileName('finished_spot')).toBe('ebu-r128')
    expect(defaultProfileName('dry_voice')).toBe('dry-voice')
    expect(defaultProfileName('not_set')).toBe('dry-voice')
    for (const p of BUILT_IN_PROFILES) {
      for (const t of p.loudness) expect(t.source.length).toBeGreaterThan(10)
      if (p.peak) expect(p.peak.source.length).toBeGreaterThan(10)
    }
  })
})

describe('findings → API warnings (one mapping)', () => {
  it('maps every finding code, and only problems become warnings, in the API order', () => {
    expect(Object.keys(WARNING_OF_FINDING).sort()).toEqual([...FINDING_CODES].sort())
    const f = (code: FindingCode, severity: 'problem' | 'note' = 'problem') => ({
      code,
      severity,
      message: '',
      at_s: null,
    })
    expect(warningsOfFindings([f('too_loud', 'note'), f('noise_floor_high'), f('dc_offset')])).toEqual([])
    expect(
      warningsOfFindings([f('long_tail_silence'), f('true_peak_over'), f('too_loud'), f('clipping'), f('runs_long')]),
    ).toEqual(['runs_long', 'clipping', 'very_loud', 'long_tail_silence'])
  })
})

describe('profiles the talent defines', () => {
  it('accepts a well-formed profile and judges by it', () => {
    const p = checkCustomProfile({
      name: 'radio-de',
      label: 'German radio',
      loudness_min: -20,
      loudness_max: -18,
      true_peak_max: -1,
      source: 'Station spec sheet',
    })
    expect(p).toMatchObject({ name: 'radio-de', builtIn: false, peak: { measure: 'true', max: -1 } })
    expect(findTakeFindings({ ...clean, lufs: -20.4 }, p).map((x) => x.code)).toEqual(['too_quiet'])
  })

  it.each([
    [{ name: 'ebu-r128', label: 'x', loudness_min: -24, loudness_max: -22 }, /built-in profile/],
    [{ name: 'Bad Name', label: 'x', loudness_min: -24, loudness_max: -22 }, /lower-case letters/],
    [{ name: 'a', label: 'x', loudness_min: -20, loudness_max: -24 }, /minimum \(-20\) is above the maximum \(-24\)/],
    [{ name: 'a', label: '', loudness_min: -24, loudness_max: -22 }, /label must be text/],
    [{ name: 'a', label: 'x', loudness_min: 'loud', loudness_max: -22 }, /loudness minimum must be a number/],
  ])('refuses %j with one sentence', (input, message) => {
    expect(() => checkCustomProfile(input)).toThrow(message)
  })

  it('never throws anything but a ProfileError on arbitrary input', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        try {
          checkCustomProfile(input)
        } catch (err) {
          expect(err).toBeInstanceOf(ProfileError)
        }
      }),
    )
  })
})
