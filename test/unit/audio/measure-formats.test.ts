// Every delivery format measured right on the same generated take (room tone at -60 dBFS, known silences):
// 16/24/32-bit integer and float PCM, µ-law and A-law (bit depth 8), FLAC, MP3, AAC/M4A, and WAVs
// streamed with an unknown or stale length in their header.
import { readFile, writeFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { measureTakeDetailed } from '../../../main/audio/measure-take'
import { makeTempDir } from '../../support/audio-fixtures'
import type { Encoding } from './helpers/signals'
import { ffmpegLoudness, TAKE_TRUTH, takeExpression, writeSignal } from './helpers/signals'

let dir = ''
let cleanup: () => Promise<void> = async () => {}
beforeAll(async () => {
  ;({ dir, cleanup } = await makeTempDir())
})
afterAll(() => cleanup())

const FORMATS: Record<string, { enc: Encoding; codec: string; bits: number | null; lossy?: boolean }> = {
  'WAV 16-bit': { enc: { codec: 'pcm_s16le' }, codec: 'pcm_s16le', bits: 16 },
  'WAV 24-bit': { enc: { codec: 'pcm_s24le' }, codec: 'pcm_s24le', bits: 24 },
  'WAV 32-bit integer': { enc: { codec: 'pcm_s32le' }, codec: 'pcm_s32le', bits: 32 },
  'WAV 32-bit float': { enc: { codec: 'pcm_f32le' }, codec: 'pcm_f32le', bits: 32 },
  'WAV µ-law 8 kHz': { enc: { codec: 'pcm_mulaw', rate: 8000 }, codec: 'pcm_mulaw', bits: 8 },
  'WAV A-law 8 kHz': { enc: { codec: 'pcm_alaw', rate: 8000 }, codec: 'pcm_alaw', bits: 8 },
  'FLAC 24-bit': {
    enc: { codec: 'flac', ext: 'flac', extra: ['-sample_fmt', 's32', '-bits_per_raw_sample', '24'] },
    codec: 'flac',
    bits: 24,
  },
  MP3: {
    enc: { codec: 'libmp3lame', ext: 'mp3', rate: 44_100, extra: ['-b:a', '192k'] },
    codec: 'mp3',
    bits: null,
    lossy: true,
  },
  'AAC in M4A': { enc: { codec: 'aac', ext: 'm4a', extra: ['-b:a', '128k'] }, codec: 'aac', bits: null, lossy: true },
}

describe('formats', () => {
  it.each(Object.keys(FORMATS))('%s', async (name) => {
    const f = FORMATS[name] as (typeof FORMATS)[string]
    // µ-law/A-law at 8 kHz cannot carry a 1 kHz tone's level exactly, but their room tone and silences stay right.
    const file = await writeSignal(
      dir,
      name.replace(/\W+/g, '-'),
      takeExpression({ hissDbfs: -60 }),
      TAKE_TRUTH.duration,
      f.enc,
    )
    const r = await measureTakeDetailed(file, { kind: 'dry_voice' })
    const ref = await ffmpegLoudness(file)
    expect(r.failure).toBeNull()
    expect(r.preflight).toMatchObject({ measured: true, codec: f.codec, bit_depth: f.bits, channels: 1 })
    // Encoders add a little priming/padding; the lossless ones are sample-exact.
    expect(Math.abs((r.preflight.duration_s ?? 0) - TAKE_TRUTH.duration)).toBeLessThanOrEqual(f.lossy ? 0.08 : 0.001)
    expect(Math.abs((r.preflight.lead_silence_s ?? 0) - TAKE_TRUTH.lead)).toBeLessThanOrEqual(0.1)
    expect(Math.abs((r.preflight.tail_silence_s ?? 0) - TAKE_TRUTH.tail)).toBeLessThanOrEqual(0.12)
    expect(Math.abs((r.preflight.voiced_s ?? 0) - TAKE_TRUTH.voiced)).toBeLessThanOrEqual(0.12)
    expect(Math.abs((r.preflight.lufs ?? 0) - ref.lufs)).toBeLessThanOrEqual(0.1)
    expect(Math.abs((r.report?.true_peak_dbtp ?? 0) - ref.truePeak)).toBeLessThanOrEqual(0.1)
    expect(r.report?.noise_floor_dbfs).toBeLessThan(-55)
    expect(r.report?.findings.map((x) => x.code)).not.toContain('clipping')
  })
})

describe('8-bit formats: coarse steps are not clipping, and digital silence is no room tone', () => {
  const EIGHT_BIT = [
    ['µ-law', 'pcm_mulaw', -0.1],
    ['A-law', 'pcm_alaw', -0.1],
    ['unsigned 8-bit', 'pcm_u8', -0.5],
  ] as const

  // µ-law/A-law's top code stands for the last 0.3 dB, so a -0.1 dBFS sine sits on it for up to 33 samples
  // at 100 Hz. (Unsigned 8-bit's top code, 255, is an over; -0.1 dBFS rounds to it, so its sine is at -0.5.)
  it.each(EIGHT_BIT)('a clean sine at 48 kHz is not clipping (%s)', async (_name, codec, dbfs) => {
    for (const hz of [1000, 997, 440, 100]) {
      const file = await writeSignal(dir, `clean8-${codec}-${hz}`, `${10 ** (dbfs / 20)}*sin(2*PI*${hz}*t)`, 2, {
        codec,
      })
      const r = await measureTakeDetailed(file)
      expect(r.failure).toBeNull()
      expect(r.report?.findings.find((f) => f.code === 'clipping')?.message, `${hz} Hz`).toBeUndefined()
    }
  })

  it.each(EIGHT_BIT)(
    'a sine clipped flat for longer than a clean crest lasts is clipping (%s)',
    async (_name, codec) => {
      // 100 Hz driven 6 dB over a ceiling at -1 dBFS: flat for a third of each cycle, 160 samples at 48 kHz.
      const c = 10 ** (-1 / 20)
      const file = await writeSignal(dir, `clipped8-${codec}`, `clip(2*${c}*sin(2*PI*100*t)\\,-${c}\\,${c})`, 2, {
        codec,
      })
      const r = await measureTakeDetailed(file)
      expect(r.report?.findings.find((f) => f.code === 'clipping')?.message).toMatch(
        /^Clipping: \d+ flat-topped runs at -1\.\d dBFS, first at 0\.0 s\.$/,
      )
    },
  )

  it.each(EIGHT_BIT)('a take ending in digital silence has no room tone, not -1000 dB (%s)', async (_name, codec) => {
    const file = await writeSignal(dir, `ends-silent-${codec}`, '0.3*sin(2*PI*440*t)*lt(t\\,4)', 5, { codec })
    const r = await measureTakeDetailed(file, { kind: 'dry_voice' })
    expect(r.report?.noise_floor_dbfs).toBeNull()
    expect(Math.abs((r.preflight.tail_silence_s ?? 0) - 1)).toBeLessThanOrEqual(0.05)
  })
})

describe('WAVs streamed with an unknown or stale length', () => {
  /** Rewrites the RIFF and data sizes of a WAV as a streaming writer leaves them. */
  async function restate(src: string, name: string, dataSize: () => number): Promise<string> {
    const bytes = await readFile(src)
    const at = bytes.indexOf('data')
    const stated = dataSize()
    bytes.writeUInt32LE(Math.min(0xffffffff, stated + at), 4)
    bytes.writeUInt32LE(stated, at + 4)
    const out = `${dir}/${name}.wav`
    await writeFile(out, bytes)
    return out
  }

  it.each([
    ['size 0', 'zero', () => 0],
    ['size 0xFFFFFFFF', 'ff', () => 0xffffffff],
    ['a placeholder near 2 GiB', 'placeholder', () => 0x7ffffff0],
    ['the size of its last header update (1 s of 5.5)', 'stale', () => 48_000 * 3],
  ])('data %s: the whole take is measured', async (_name, tag, size) => {
    const whole = await writeSignal(dir, 'streamed-src', takeExpression({ hissDbfs: -60 }), TAKE_TRUTH.duration)
    const file = await restate(whole, `streamed-${tag}`, size)
    const r = await measureTakeDetailed(file, { kind: 'dry_voice' })
    expect(r.failure).toBeNull()
    expect(r.preflight.duration_s).toBe(TAKE_TRUTH.duration)
    expect(Math.abs((r.preflight.tail_silence_s ?? 0) - TAKE_TRUTH.tail)).toBeLessThanOrEqual(0.1)
  })

  it.each([
    ['24-bit mono, size 0xFFFFFFFF, 2 stray bytes', 'pcm_s24le', 1, 0xffffffff, 2],
    ['24-bit mono, size 0, 1 stray byte', 'pcm_s24le', 1, 0, 1],
    ['16-bit stereo, size 0xFFFFFFFF, 3 stray bytes', 'pcm_s16le', 2, 0xffffffff, 3],
  ] as const)(
    'a streamed WAV cut off inside its last frame (%s): the whole frames are measured',
    async (_name, codec, channels, size, stray) => {
      const expr =
        channels === 2
          ? `${takeExpression({ hissDbfs: -60 })}|${takeExpression({ hissDbfs: -60 })}`
          : takeExpression({ hissDbfs: -60 })
      const whole = await writeSignal(dir, `partial-src-${codec}-${channels}`, expr, TAKE_TRUTH.duration, { codec })
      const bytes = await readFile(whole)
      const at = bytes.indexOf('data')
      bytes.writeUInt32LE(size === 0 ? 0 : 0xffffffff, 4)
      bytes.writeUInt32LE(size, at + 4)
      const file = `${dir}/partial-${codec}-${channels}-${stray}.wav`
      await writeFile(file, Buffer.concat([bytes, Buffer.alloc(stray, 0x55)]))
      const r = await measureTakeDetailed(file, { kind: 'dry_voice' })
      expect(r.failure).toBeNull()
      expect(r.preflight).toMatchObject({ measured: true, duration_s: TAKE_TRUTH.duration, channels })
      expect(Math.abs((r.preflight.tail_silence_s ?? 0) - TAKE_TRUTH.tail)).toBeLessThanOrEqual(0.1)
    },
  )

  it('a WAV whose plausible stated size runs past its end is still reported cut short', async () => {
    const whole = await writeSignal(dir, 'cut-src', takeExpression({ hissDbfs: -60 }), TAKE_TRUTH.duration)
    const bytes = await readFile(whole)
    const cut = `${dir}/cut.wav`
    await writeFile(cut, bytes.subarray(0, 100_000))
    const r = await measureTakeDetailed(cut)
    expect(r.failure?.reason).toBe('truncated')
  })
})
