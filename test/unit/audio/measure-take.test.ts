// measureTake on real files made by real ffmpeg: accuracy against known truth and against ffmpeg's own
// ebur128 run separately, across formats.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FfmpegAbortError } from '../../../main/audio/ffmpeg-errors'
import { measureTake, measureTakeDetailed, preflightArgs } from '../../../main/audio/measure-take'
import { runFfmpeg } from '../../../main/audio/run-ffmpeg'
import type { FixtureFormat, Segment } from '../../support/audio-fixtures'
import { makeAudio, makeTempDir, makeVoiceTake, referenceLoudness } from '../../support/audio-fixtures'

// 1.2 s silence, 2 s tone at -20 dBFS, 0.7 s pause, 1 s tone at -14 dBFS, 0.6 s silence = 5.5 s
const TAKE: Segment[] = [
  { kind: 'silence', seconds: 1.2 },
  { kind: 'tone', seconds: 2, dbfs: -20 },
  { kind: 'silence', seconds: 0.7 },
  { kind: 'tone', seconds: 1, dbfs: -14 },
  { kind: 'silence', seconds: 0.6 },
]
const TRUTH = { duration: 5.5, lead: 1.2, tail: 0.6, voiced: 3.0, peak: -14 }

const FORMATS: Record<
  string,
  FixtureFormat & { expect: { codec: string; rate: number; channels: number; bits: number | null; lossy?: boolean } }
> = {
  'wav 24-bit 48 kHz': { expect: { codec: 'pcm_s24le', rate: 48000, channels: 1, bits: 24 } },
  'wav 16-bit 44.1 kHz': {
    codec: 'pcm_s16le',
    sampleRate: 44100,
    expect: { codec: 'pcm_s16le', rate: 44100, channels: 1, bits: 16 },
  },
  'wav stereo': { channels: 2, expect: { codec: 'pcm_s24le', rate: 48000, channels: 2, bits: 24 } },
  'flac 24-bit': {
    codec: 'flac',
    ext: 'flac',
    bits: 24,
    expect: { codec: 'flac', rate: 48000, channels: 1, bits: 24 },
  },
  'flac 16-bit': {
    codec: 'flac',
    ext: 'flac',
    bits: 16,
    sampleRate: 44100,
    expect: { codec: 'flac', rate: 44100, channels: 1, bits: 16 },
  },
  'mp3 stereo 44.1 kHz': {
    codec: 'libmp3lame',
    ext: 'mp3',
    channels: 2,
    sampleRate: 44100,
    expect: { codec: 'mp3', rate: 44100, channels: 2, bits: null, lossy: true },
  },
  'm4a (aac)': {
    codec: 'aac',
    ext: 'm4a',
    expect: { codec: 'aac', rate: 48000, channels: 1, bits: null, lossy: true },
  },
}

let dir = ''
let cleanup: () => Promise<void> = async () => {}
const files: Record<string, string> = {}

beforeAll(async () => {
  ;({ dir, cleanup } = await makeTempDir())
  const names = Object.keys(FORMATS)
  for (let i = 0; i < names.length; i += 2) {
    await Promise.all(
      names.slice(i, i + 2).map(async (name, j) => {
        files[name] = await makeAudio(dir, `take-${i + j}`, TAKE, FORMATS[name])
      }),
    )
  }
})
afterAll(() => cleanup())

describe('measureTake accuracy and formats', () => {
  it.each(Object.keys(FORMATS))('%s', async (name) => {
    const file = files[name] as string
    const want = FORMATS[name]?.expect
    const p = await measureTake(file)
    const ref = await referenceLoudness(file)
    expect(p.measured).toBe(true)
    expect(p.codec).toBe(want?.codec)
    expect(p.sample_rate).toBe(want?.rate)
    expect(p.channels).toBe(want?.channels)
    expect(p.bit_depth).toBe(want?.bits)
    expect(Math.abs((p.duration_s ?? 0) - TRUTH.duration)).toBeLessThanOrEqual(0.1)
    expect(Math.abs((p.lead_silence_s ?? 0) - TRUTH.lead)).toBeLessThanOrEqual(0.1)
    expect(Math.abs((p.tail_silence_s ?? 0) - TRUTH.tail)).toBeLessThanOrEqual(0.1)
    expect(Math.abs((p.voiced_s ?? 0) - TRUTH.voiced)).toBeLessThanOrEqual(0.1)
    // Lossy coding moves sample peaks; the truth for those is ffmpeg's own separate measurement.
    if (!want?.lossy) expect(Math.abs((p.peak_dbfs ?? 0) - TRUTH.peak)).toBeLessThanOrEqual(0.3)
    expect(Math.abs((p.peak_dbfs ?? 0) - ref.peakDbfs)).toBeLessThanOrEqual(0.3)
    expect(Math.abs((p.lufs ?? 0) - ref.lufs)).toBeLessThanOrEqual(0.3)
    expect(p.warnings).toEqual(['long_lead_silence'])
  })

  it('agrees with BS.1770 theory: a 1 kHz sine at -20 dBFS peak measures about -23 LUFS (mono)', async () => {
    const file = await makeAudio(dir, 'sine-20', [{ kind: 'tone', seconds: 3, dbfs: -20 }])
    const p = await measureTake(file)
    expect(p.lufs).toBeGreaterThanOrEqual(-23.3)
    expect(p.lufs).toBeLessThanOrEqual(-22.7)
    expect(p).toMatchObject({ duration_s: 3, voiced_s: 3, lead_silence_s: 0, tail_silence_s: 0, peak_dbfs: -20 })
  })

  it('measures a spoken take (espeak-ng) padded with known silence; duration agrees with sox', async () => {
    const file = await makeVoiceTake(dir, 'voice', {
      text: 'Fresh coffee, every morning, only at Booth Roasters.',
      leadS: 0.8,
      tailS: 0.5,
    })
    const p = await measureTake(file)
    const { stdout } = await promisify(execFile)('soxi', ['-D', file])
    expect(Math.abs((p.duration_s ?? 0) - Number(stdout))).toBeLessThanOrEqual(0.01)
    expect(Math.abs((p.lead_silence_s ?? 0) - 0.8)).toBeLessThanOrEqual(0.1)
    expect(p.tail_silence_s).toBeGreaterThanOrEqual(0.45)
    expect(p.voiced_s).toBeGreaterThan(1.5)
    expect(p.voiced_s).toBeLessThan((p.duration_s ?? 0) - 1.3 + 0.01)
    const ref = await referenceLoudness(file)
    expect(Math.abs((p.lufs ?? 0) - ref.lufs)).toBeLessThanOrEqual(0.3)
    expect(Math.abs((p.peak_dbfs ?? 0) - ref.peakDbfs)).toBeLessThanOrEqual(0.3)
  })

  it('reads a file whose name looks like an ffmpeg protocol as a plain file', async () => {
    const file = await makeAudio(dir, 'concat:odd|name', [{ kind: 'tone', seconds: 0.5, dbfs: -20 }])
    expect(preflightArgs(file)[2]).toBe(`file:${file}`)
    expect((await measureTake(file)).measured).toBe(true)
  })

  it('measures the audio of a file whose first stream is video', async () => {
    const file = `${dir}/video-first.mp4`
    await runFfmpeg([
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=64x48:rate=5:d=2',
      '-i',
      files['wav 24-bit 48 kHz'] as string,
      '-map',
      '0:v',
      '-map',
      '1:a',
      '-c:v',
      'mpeg4',
      '-c:a',
      'aac',
      '-shortest',
      file,
    ])
    const p = await measureTake(file)
    expect(p).toMatchObject({ measured: true, codec: 'aac', channels: 1, sample_rate: 48000 })
    expect(Math.abs((p.lead_silence_s ?? 0) - TRUTH.lead)).toBeLessThanOrEqual(0.1)
  })

  it('rejects with AbortError when cancelled, rather than answering not_measured', async () => {
    const controller = new AbortController()
    controller.abort()
    await expect(
      measureTake(files['wav 24-bit 48 kHz'] as string, { signal: controller.signal }),
    ).rejects.toBeInstanceOf(FfmpegAbortError)
  })

  it('refuses invalid options with a sentence', async () => {
    const file = files['wav 24-bit 48 kHz'] as string
    await expect(measureTakeDetailed(file, { spotLengthS: -1 })).rejects.toThrow(
      'The spot length must be a number of seconds, 0 or more; got -1.',
    )
    await expect(measureTakeDetailed(file, { kind: 'radio' as never })).rejects.toThrow(
      'The kind must be dry_voice, finished_spot or not_set; got radio.',
    )
  })
})
