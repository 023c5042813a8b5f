// Each warning raised when its condition holds and NOT otherwise: a pair of real fixtures per warning,
// measured by real ffmpeg. Levels: a 1 kHz sine of peak P dBFS measures about P − 3 LUFS (mono).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { measureTake } from '../../../main/audio/measure-take'
import type { PreflightWarning } from '../../../main/audio/preflight'
import { profileFor, type DeliveryProfile } from '../../../main/audio/delivery-profiles'
import { warningsOfFindings } from '../../../main/audio/finding-warnings'
import { findTakeFindings, lengthToleranceS } from '../../../main/audio/take-findings'
import type { JudgeOptions, TakeMeasurements } from '../../../main/audio/take-findings'
import { LONG_LEAD_SILENCE_S, LONG_TAIL_SILENCE_S } from '../../../main/audio/thresholds'
import type { FixtureFormat, Segment } from '../../support/audio-fixtures'
import { makeAudio, makeTempDir } from '../../support/audio-fixtures'

const tone = (seconds: number, dbfs: number): Segment => ({ kind: 'tone', seconds, dbfs })
const silence = (seconds: number): Segment => ({ kind: 'silence', seconds })
/** 0.3 s silence, 3 s tone at -20 dBFS (≈ -23 LUFS), 0.3 s silence: 3.6 s long, 3.0 s from first to last sound. */
const base = (dbfs = -20): Segment[] => [silence(0.3), tone(3, dbfs), silence(0.3)]

const FIXTURES: Record<string, { segments: Segment[]; format?: FixtureFormat }> = {
  base: { segments: base() },
  rate32k: { segments: base(), format: { sampleRate: 32000 } },
  rate44k: { segments: base(), format: { sampleRate: 44100 } },
  peak005: { segments: base(-0.05) },
  peak03: { segments: base(-0.3) },
  hardClipped: { segments: [silence(0.3), { kind: 'clipped', seconds: 1 }, tone(2, -20), silence(0.3)] },
  quiet45: { segments: base(-45) },
  quiet25: { segments: base(-25) },
  loud8: { segments: base(-8) },
  loud15: { segments: base(-15) },
  click: { segments: [silence(0.3), tone(1.5, -20), tone(0.02, -0.5), tone(1.5, -20), silence(0.3)] },
  lead13: { segments: [silence(1.3), tone(2, -20), silence(0.3)] },
  lead08: { segments: [silence(0.8), tone(2, -20), silence(0.3)] },
  tail24: { segments: [silence(0.3), tone(2, -20), silence(2.4)] },
  tail16: { segments: [silence(0.3), tone(2, -20), silence(1.6)] },
  // two identical channels sum +3 dB in BS.1770, so -23 dBFS per channel measures about -23 LUFS
  stereo: { segments: base(-23), format: { channels: 2 } },
  silent: { segments: [silence(2.5)] },
  blip: { segments: [tone(0.2, -20)] },
}

let dir = ''
let cleanup: () => Promise<void> = async () => {}
const files: Record<string, string> = {}

beforeAll(async () => {
  ;({ dir, cleanup } = await makeTempDir())
  const names = Object.keys(FIXTURES)
  for (let i = 0; i < names.length; i += 2) {
    await Promise.all(
      names.slice(i, i + 2).map(async (name) => {
        const f = FIXTURES[name]
        if (f) files[name] = await makeAudio(dir, name, f.segments, f.format)
      }),
    )
  }
})
afterAll(() => cleanup())

async function warnings(name: string, options: Parameters<typeof measureTake>[1] = {}): Promise<PreflightWarning[]> {
  const p = await measureTake(files[name] as string, options)
  expect(p.measured).toBe(true)
  return p.warnings
}

describe('warnings on real takes, in pairs', () => {
  it('a clean take raises nothing, whatever the kind', async () => {
    for (const kind of ['dry_voice', 'finished_spot', 'not_set'] as const)
      expect(await warnings('base', { kind })).toEqual([])
  })

  it('runs_long / runs_short against the spot length, with ±0.5 s tolerance', async () => {
    // dry voice is judged from first to last sound (3.0 s)
    expect(await warnings('base', { kind: 'dry_voice', spotLengthS: 2.4 })).toEqual(['runs_long'])
    expect(await warnings('base', { kind: 'dry_voice', spotLengthS: 2.6 })).toEqual([])
    expect(await warnings('base', { kind: 'dry_voice', spotLengthS: 3.6 })).toEqual(['runs_short'])
    expect(await warnings('base', { kind: 'dry_voice', spotLengthS: 3.4 })).toEqual([])
    // a finished spot airs whole (3.6 s)
    expect(await warnings('base', { kind: 'finished_spot', spotLengthS: 3.0 })).toEqual(['runs_long'])
    expect(await warnings('base', { kind: 'finished_spot', spotLengthS: 3.2 })).toEqual([])
    // unknown length: no length warning
    expect(await warnings('base', { kind: 'finished_spot', spotLengthS: null })).toEqual([])
    expect(await warnings('base', { kind: 'finished_spot', spotLengthS: 0 })).toEqual([])
  })

  it('low_sample_rate below 44.1 kHz only', async () => {
    expect(await warnings('rate32k')).toEqual(['low_sample_rate'])
    expect(await warnings('rate44k')).toEqual([])
  })

  it('clipping by shape: a hard-clipped waveform is clipping, a clean sine near full scale is not', async () => {
    // Before issue 12 a sample peak of -0.1 dBFS or more counted as clipping; a clean sine at -0.05 dBFS does not.
    expect(await warnings('peak005')).not.toContain('clipping')
    expect(await warnings('hardClipped')).toContain('clipping')
    expect(await warnings('peak03')).not.toContain('clipping')
  })

  it('very_quiet: under -30 LUFS for voice, under -26 LUFS for a finished spot', async () => {
    expect(await warnings('quiet45', { kind: 'dry_voice' })).toEqual(['very_quiet'])
    expect(await warnings('quiet25', { kind: 'finished_spot' })).toEqual(['very_quiet'])
    expect(await warnings('quiet25', { kind: 'dry_voice' })).toEqual([])
    expect(await warnings('base', { kind: 'finished_spot' })).toEqual([])
  })

  it('very_loud: over -14 LUFS for voice, over -21 LUFS or a peak over -1 dBFS for a finished spot', async () => {
    expect(await warnings('loud8', { kind: 'dry_voice' })).toEqual(['very_loud'])
    expect(await warnings('loud15', { kind: 'finished_spot' })).toEqual(['very_loud'])
    expect(await warnings('loud15', { kind: 'dry_voice' })).toEqual([])
    expect(await warnings('click', { kind: 'finished_spot' })).toEqual(['very_loud'])
    expect(await warnings('click', { kind: 'dry_voice' })).toEqual([])
  })

  it(`long_lead_silence over ${LONG_LEAD_SILENCE_S} s, long_tail_silence over ${LONG_TAIL_SILENCE_S} s`, async () => {
    expect(await warnings('lead13')).toEqual(['long_lead_silence'])
    expect(await warnings('lead08')).toEqual([])
    expect(await warnings('tail24')).toEqual(['long_tail_silence'])
    expect(await warnings('tail16')).toEqual([])
  })

  it('stereo_dry_voice for a stereo dry voice only', async () => {
    expect(await warnings('stereo', { kind: 'dry_voice' })).toEqual(['stereo_dry_voice'])
    expect(await warnings('stereo', { kind: 'finished_spot' })).toEqual([])
    expect(await warnings('base', { kind: 'dry_voice' })).toEqual([])
  })

  it('digital silence: measured, no peak or loudness, very quiet, all head and tail', async () => {
    const p = await measureTake(files.silent as string)
    expect(p).toMatchObject({
      measured: true,
      duration_s: 2.5,
      voiced_s: 0,
      peak_dbfs: null,
      lufs: null,
      lead_silence_s: 2.5,
      tail_silence_s: 2.5,
    })
    expect(p.warnings).toEqual(['very_quiet', 'long_lead_silence', 'long_tail_silence'])
  })

  it('a clip shorter than one 400 ms loudness block has no loudness and is not called quiet', async () => {
    const p = await measureTake(files.blip as string)
    expect(p).toMatchObject({ measured: true, lufs: null, peak_dbfs: -20 })
    expect(p.warnings).toEqual([])
  })
})

/** A measured take's preflight warnings under its profile (the given one, else its kind's default). */
const judgeTake = (
  m: TakeMeasurements,
  options: JudgeOptions & { profile?: DeliveryProfile | null } = {},
): PreflightWarning[] => warningsOfFindings(findTakeFindings(m, profileFor(options), options))

describe('warnings of a measured take (pure)', () => {
  const take: TakeMeasurements = {
    durationS: 30,
    sampleRate: 48000,
    channels: 1,
    peakDbfs: -3,
    lufs: -23,
    leadSilenceS: 0,
    tailSilenceS: 0,
  }

  it('grows the length tolerance to 1 % above 50 s', () => {
    expect(lengthToleranceS(30)).toBe(0.5)
    expect(lengthToleranceS(600)).toBe(6)
    expect(judgeTake({ ...take, durationS: 605 }, { spotLengthS: 600, kind: 'finished_spot' })).toEqual([])
    expect(judgeTake({ ...take, durationS: 607 }, { spotLengthS: 600, kind: 'finished_spot' })).toEqual(['runs_long'])
  })

  it('lists warnings in the API enum order, at most 10', () => {
    const bad: TakeMeasurements = {
      durationS: 40,
      sampleRate: 22050,
      channels: 2,
      peakDbfs: 0,
      lufs: -8,
      leadSilenceS: 3,
      tailSilenceS: 4,
      clip: { runs: 12, overs: 0, firstAtS: 5, levelDbfs: 0 },
    }
    expect(judgeTake(bad, { spotLengthS: 20, kind: 'dry_voice' })).toEqual([
      'runs_long',
      'low_sample_rate',
      'clipping',
      'very_loud',
      'long_lead_silence',
      'long_tail_silence',
      'stereo_dry_voice',
    ])
  })

  it('judges head and tail silence as shown, so a finding never reads "1.0 s; keep it under 1.0 s"', () => {
    const find = (m: TakeMeasurements) =>
      findTakeFindings(m, profileFor({ kind: 'finished_spot' }), { kind: 'finished_spot' })
    for (const lead of [1.0, 1.01, 1.04])
      expect(
        find({ ...take, leadSilenceS: lead }).map((f) => f.code),
        `lead ${lead} s`,
      ).not.toContain('long_lead_silence')
    for (const tail of [2.0, 2.04])
      expect(
        find({ ...take, tailSilenceS: tail }).map((f) => f.code),
        `tail ${tail} s`,
      ).not.toContain('long_tail_silence')
    expect(find({ ...take, leadSilenceS: 1.06 }).find((f) => f.code === 'long_lead_silence')?.message).toBe(
      'Silence before the first sound: 1.1 s; keep it under 1.0 s.',
    )
    expect(find({ ...take, tailSilenceS: 2.06 }).find((f) => f.code === 'long_tail_silence')?.message).toBe(
      'Silence after the last sound: 2.1 s; keep it under 2.0 s.',
    )
    // Whatever the numbers, a finding's figure and its limit never read alike.
    for (let tenths = 0; tenths <= 40; tenths++) {
      for (const lead of [tenths / 10 - 0.049, tenths / 10, tenths / 10 + 0.049]) {
        const f = find({ ...take, durationS: 60, leadSilenceS: Math.max(0, lead) }).find(
          (x) => x.code === 'long_lead_silence',
        )
        const [, figure, limit] = f ? (/: ([\d.]+) s; keep it under ([\d.]+) s/.exec(f.message) ?? []) : []
        if (f) expect(figure, f.message).not.toBe(limit)
      }
    }
  })

  it('gives no figure for a level with no sound behind it (a filter’s residue of −300 dB is no RMS level)', () => {
    const dry = { kind: 'dry_voice' as const }
    const messages = findTakeFindings(
      { ...take, lufs: null, rmsDbfs: -300.4, peakDbfs: -290 },
      profileFor(dry),
      dry,
    ).map((f) => f.message)
    expect(messages.join(' ')).not.toMatch(/-\d{3,}\.\d/)
    expect(messages).toContain(
      'Nothing in the take is loud enough to measure (below -70 LUFS); Dry voice asks -30.0 to -14.0 LUFS.',
    )
  })

  it('treats kind not_set like dry voice for loudness, and raises no stereo warning for it', () => {
    expect(judgeTake({ ...take, channels: 2, lufs: -18 }, { kind: 'not_set' })).toEqual([])
    expect(judgeTake({ ...take, channels: 2, lufs: -18 }, { kind: 'finished_spot' })).toEqual(['very_loud'])
  })
})
