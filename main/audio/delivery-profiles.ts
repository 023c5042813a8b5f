/**
 * Delivery profiles: what a market or a producer asks of a take, each target with its tolerance and its
 * source written beside it. Built-in profiles for broadcast, podcast and raw voice, plus profiles the
 * talent defines (validated here, kept by profile-settings.ts). A job's profile defaults from its kind.
 */
import type { FindingSeverity } from '../../shared/bridge-audio'
import type { TakeKind } from './preflight'

export type Severity = FindingSeverity

export interface LoudnessTarget {
  /** integrated: BS.1770 integrated loudness (LUFS); rms: whole-file RMS level (dBFS), as ACX measures. */
  measure: 'integrated' | 'rms'
  /** The market's target, when the window is target ± tolerance (findings then say "-23.0 LUFS ±1.0"). */
  target?: number
  min: number
  max: number
  severity: Severity
  source: string
}

export interface PeakLimit {
  /** true: BS.1770-4 true peak (dBTP); sample: the largest sample (dBFS). */
  measure: 'true' | 'sample'
  max: number
  severity: Severity
  source: string
}

export interface DeliveryProfile {
  name: string
  label: string
  loudness: LoudnessTarget[]
  peak: PeakLimit | null
  /** Room tone RMS at most this (dBFS); null = not judged (a finished mix may carry a music bed). */
  noiseFloorMaxDbfs: { max: number; severity: Severity; source: string } | null
  builtIn: boolean
}

export const BUILT_IN_PROFILES: readonly DeliveryProfile[] = [
  {
    name: 'ebu-r128',
    label: 'EBU R128',
    loudness: [
      {
        measure: 'integrated',
        target: -23,
        min: -24,
        max: -22,
        severity: 'problem',
        source:
          'EBU R128 (2020): programme loudness -23.0 LUFS; ±1.0 LU where exact normalisation is not achievable (live/spots).',
      },
    ],
    peak: {
      measure: 'true',
      max: -1,
      severity: 'problem',
      source: 'EBU R128: maximum true peak level -1 dBTP (ITU-R BS.1770-4 true-peak meter).',
    },
    noiseFloorMaxDbfs: null,
    builtIn: true,
  },
  {
    name: 'atsc-a85',
    label: 'ATSC A/85',
    loudness: [
      {
        measure: 'integrated',
        target: -24,
        min: -26,
        max: -22,
        severity: 'problem',
        source: 'ATSC A/85:2013 (CALM Act): target -24 LKFS, ±2 dB tolerance for delivered content.',
      },
    ],
    peak: { measure: 'true', max: -2, severity: 'problem', source: 'ATSC A/85:2013 §5: true peak not above -2 dBTP.' },
    noiseFloorMaxDbfs: null,
    builtIn: true,
  },
  {
    name: 'podcast',
    label: 'Podcast',
    loudness: [
      {
        measure: 'integrated',
        target: -16,
        min: -17,
        max: -15,
        severity: 'problem',
        source: 'Apple Podcasts / Spotify delivery guidance and AES TD1008: -16 LUFS integrated (stereo), ±1 LU.',
      },
    ],
    peak: {
      measure: 'true',
      max: -1,
      severity: 'problem',
      source: 'AES TD1008 and Apple Podcasts: true peak not above -1 dBTP.',
    },
    noiseFloorMaxDbfs: null,
    builtIn: true,
  },
  {
    name: 'dry-voice',
    label: 'Dry voice',
    loudness: [
      {
        measure: 'rms',
        min: -23,
        max: -18,
        severity: 'note',
        source:
          'ACX audio submission requirements: each file -23 dB to -18 dB RMS (a dry voice is normalised in the mix, so outside this is a note).',
      },
      {
        measure: 'integrated',
        min: -30,
        max: -14,
        severity: 'problem',
        source:
          'Booth voice practice: below -30 LUFS the voice nears the noise floor; above -14 LUFS it was recorded too hot to leave headroom.',
      },
    ],
    peak: {
      measure: 'sample',
      max: -3,
      severity: 'note',
      source: 'ACX audio submission requirements: peak values not above -3 dB.',
    },
    noiseFloorMaxDbfs: {
      max: -60,
      severity: 'problem',
      source: 'ACX audio submission requirements: noise floor not above -60 dB RMS.',
    },
    builtIn: true,
  },
]

/** The profile a job gets when nobody chose one: its kind decides. */
export function defaultProfileName(kind: TakeKind): string {
  // A finished spot airs as delivered (EBU R128 is the widest-adopted broadcast rule); Booth records voice, so
  // a take of unknown kind is judged as a dry voice rather than against broadcast loudness it cannot meet.
  return kind === 'finished_spot' ? 'ebu-r128' : 'dry-voice'
}

/** The built-in profile a job of this kind gets when nobody chose one. */
export function defaultProfile(kind: TakeKind): DeliveryProfile {
  return findProfile(defaultProfileName(kind)) as DeliveryProfile
}

/** The profile of a take: the one given, else the default for its kind (not_set when unknown). */
export function profileFor(options: { kind?: TakeKind; profile?: DeliveryProfile | null }): DeliveryProfile {
  return options.profile ?? defaultProfile(options.kind ?? 'not_set')
}

export class ProfileError extends Error {
  override readonly name = 'ProfileError'
}

const NAME = /^[a-z0-9][a-z0-9-]{0,39}$/

function num(value: unknown, what: string, lo: number, hi: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < lo || value > hi) {
    throw new ProfileError(
      `${what} must be a number from ${lo} to ${hi}; got ${JSON.stringify(value) ?? String(value)}.`,
    )
  }
  return value
}

function text(value: unknown, what: string, max: number): string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > max)
    throw new ProfileError(`${what} must be text of 1 to ${max} characters.`)
  return value.trim()
}

/**
 * A profile the talent defines: a loudness window (integrated LUFS or RMS), an optional peak ceiling and
 * an optional noise-floor ceiling, each problems; the source is the talent's own words. Throws
 * ProfileError with one sentence when a field is wrong.
 */
export function checkCustomProfile(input: unknown): DeliveryProfile {
  if (typeof input !== 'object' || input === null) throw new ProfileError('A profile must be an object.')
  const o = input as Record<string, unknown>
  if (typeof o.name !== 'string' || !NAME.test(o.name))
    throw new ProfileError(
      'A profile name must be 1 to 40 lower-case letters, digits or hyphens, starting with a letter or digit.',
    )
  if (BUILT_IN_PROFILES.some((p) => p.name === o.name))
    throw new ProfileError(`${o.name} is a built-in profile; choose another name.`)
  const label = text(o.label, 'The profile label', 60)
  const source = text(o.source ?? 'Defined by the talent', 'The profile source', 200)
  const measure = o.loudness_measure ?? 'integrated'
  if (measure !== 'integrated' && measure !== 'rms')
    throw new ProfileError('The loudness measure must be integrated or rms.')
  const min = num(o.loudness_min, 'The loudness minimum', -70, 0)
  const max = num(o.loudness_max, 'The loudness maximum', -70, 0)
  if (min > max) throw new ProfileError(`The loudness minimum (${min}) is above the maximum (${max}).`)
  const peakMax =
    o.true_peak_max === undefined || o.true_peak_max === null
      ? null
      : num(o.true_peak_max, 'The true-peak ceiling', -20, 0)
  const floorMax =
    o.noise_floor_max === undefined || o.noise_floor_max === null
      ? null
      : num(o.noise_floor_max, 'The noise-floor ceiling', -100, -20)
  return {
    name: o.name,
    label,
    loudness: [{ measure, min, max, severity: 'problem', source }],
    peak: peakMax === null ? null : { measure: 'true', max: peakMax, severity: 'problem', source },
    noiseFloorMaxDbfs: floorMax === null ? null : { max: floorMax, severity: 'problem', source },
    builtIn: false,
  }
}

/** The profile called `name` among the built-in and the given custom ones, or null. */
export function findProfile(name: string, custom: readonly DeliveryProfile[] = []): DeliveryProfile | null {
  return BUILT_IN_PROFILES.find((p) => p.name === name) ?? custom.find((p) => p.name === name) ?? null
}
