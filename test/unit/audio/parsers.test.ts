// Pure parsers of ffmpeg output, run on stderr captured from real ffmpeg 5.1 runs of the preflight chain
// (captured/capture.sh re-creates them). The take: 1.2 s silence, 2 s tone at -20 dBFS, 0.7 s pause,
// 1 s tone, 2.5 s silence = 7.4 s.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseAstatsOverall } from '../../../main/audio/parse-astats'
import { findDecodeProblems, withoutPartialLastFrame } from '../../../main/audio/parse-decode-problems'
import { parseEbur128Summary } from '../../../main/audio/parse-ebur128'
import {
  bitDepthFromFormat,
  channelsFromLayout,
  parseInputAudioStream,
  statedLengthCutShort,
  type InputAudioStream,
} from '../../../main/audio/parse-input-stream'
import { parseLastProgressTimeS } from '../../../main/audio/parse-progress'

const captured = (name: string): string =>
  readFileSync(path.join(import.meta.dirname, 'captured', `ffmpeg-${name}.txt`), 'utf8')

describe('parseInputAudioStream', () => {
  it('reads a 24-bit mono WAV from the Input section, not the null output', () => {
    expect(parseInputAudioStream(captured('take-wav'))).toEqual({
      codec: 'pcm_s24le',
      sampleRate: 48000,
      channels: 1,
      bitDepth: 24,
      declaredDurationS: 7.4,
      durationEstimated: false,
    })
  })
  it('reads lossy codecs with no bit depth', () => {
    expect(parseInputAudioStream(captured('take-mp3'))).toMatchObject({
      codec: 'mp3',
      sampleRate: 48000,
      channels: 2,
      bitDepth: null,
    })
    expect(parseInputAudioStream(captured('take-m4a'))).toMatchObject({ codec: 'aac', channels: 1, bitDepth: null })
  })
  it('reads 24-bit stereo FLAC and 16-bit 44.1 kHz 5.1 PCM', () => {
    expect(parseInputAudioStream(captured('take-flac'))).toMatchObject({ codec: 'flac', channels: 2, bitDepth: 24 })
    expect(parseInputAudioStream(captured('surround-wav'))).toMatchObject({
      codec: 'pcm_s16le',
      sampleRate: 44100,
      channels: 6,
      bitDepth: 16,
    })
  })
  it('finds the audio stream when a video stream comes first', () => {
    expect(parseInputAudioStream(captured('video-first-mp4'))).toMatchObject({
      codec: 'aac',
      sampleRate: 48000,
      channels: 1,
    })
  })
  it('says null when there is no audio stream or no input at all', () => {
    expect(parseInputAudioStream(captured('video-only-mp4'))).toBeNull()
    expect(parseInputAudioStream(captured('text-wav'))).toBeNull()
  })
  it('notes a duration ffmpeg had to estimate (a WAV header that does not match its data)', () => {
    expect(parseInputAudioStream(captured('truncated-wav'))?.durationEstimated).toBe(true)
  })
})

describe('statedLengthCutShort', () => {
  const stated = (declaredDurationS: number | null, durationEstimated = false): InputAudioStream => ({
    codec: 'pcm_s16le',
    sampleRate: 48000,
    channels: 1,
    bitDepth: 16,
    declaredDurationS,
    durationEstimated,
  })
  it('is cut short past max(0.5 s, 5 % of the stated length)', () => {
    expect(statedLengthCutShort(stated(8), 7.5)).toBeNull()
    expect(statedLengthCutShort(stated(8), 7.49)).toBe(8)
    expect(statedLengthCutShort(stated(100), 95)).toBeNull()
    expect(statedLengthCutShort(stated(100), 94.9)).toBe(100)
  })
  it('says nothing when no length was stated or it was estimated', () => {
    expect(statedLengthCutShort(stated(null), 0)).toBeNull()
    expect(statedLengthCutShort(stated(8, true), 1)).toBeNull()
  })
})

describe('channelsFromLayout and bitDepthFromFormat', () => {
  it.each([
    ['mono', 1],
    ['stereo', 2],
    ['2.1', 3],
    ['quad(side)', 4],
    ['5.1(side)', 6],
    ['7.1(wide)', 8],
    ['hexagonal', 6],
    ['3 channels', 3],
    ['1 channels (FC)', 1],
    ['FL+FR+LFE', 3],
    ['22.2', 24],
    ['mystery', null],
  ])('%s has %s channels', (layout, n) => expect(channelsFromLayout(layout)).toBe(n))
  it.each([
    ['pcm_s16le', 's16', 16],
    ['pcm_s24le', 's32 (24 bit)', 24],
    ['pcm_f32le', 'flt', 32],
    ['pcm_u8', 'u8', 8],
    ['flac', 's16', 16],
    ['flac', 's32 (24 bit)', 24],
    ['pcm_mulaw', 's16', 8],
    ['pcm_alaw', 's16', 8],
    ['mp3', 'fltp', null],
    ['aac', 'fltp', null],
    ['opus', 'flt', null],
  ])('%s %s is %s bits', (codec, fmt, bits) => expect(bitDepthFromFormat(codec, fmt)).toBe(bits))
})

describe('parseAstatsOverall and parseEbur128Summary', () => {
  it('reads peak and sample count', () => {
    const a = parseAstatsOverall(captured('take-wav'))
    expect(a?.samplesPerChannel).toBe(355200)
    expect(a?.peakDb).toBeCloseTo(-20, 3)
    // per channel: a stereo mp3 of the same 7.4 s at 48 kHz
    expect(parseAstatsOverall(captured('take-mp3'))?.samplesPerChannel).toBe(355200)
  })
  it('reads -inf for digital silence', () => {
    expect(parseAstatsOverall(captured('silent-wav'))?.peakDb).toBe(Number.NEGATIVE_INFINITY)
  })
  it('reads integrated loudness, and null when nothing passed the absolute gate', () => {
    expect(parseEbur128Summary(captured('take-wav'))).toEqual({
      integratedLufs: -23.8,
      samplePeakDbfs: null,
      truePeakDbtp: null,
    })
    expect(parseEbur128Summary(captured('silent-wav'))?.integratedLufs).toBeNull()
    expect(parseEbur128Summary(captured('text-wav'))).toBeNull()
  })
  it('reads sample and true peak when ebur128 printed them (a spoken take)', () => {
    expect(parseEbur128Summary(captured('ebur128-peaks'))).toEqual({
      integratedLufs: -20.2,
      samplePeakDbfs: -0.9,
      truePeakDbtp: -0.9,
    })
  })
})

describe('findDecodeProblems and parseLastProgressTimeS', () => {
  it('finds the signs of a cut-short WAV and MP3, and none in whole files', () => {
    expect(findDecodeProblems(captured('truncated-wav'))).toContain('Packet corrupt (stream = 0, dts = NOPTS).')
    expect(findDecodeProblems(captured('truncated-mp3'))).toContain(
      'filesize and duration do not match (growing file?)',
    )
    for (const whole of [
      'take-wav',
      'take-mp3',
      'take-m4a',
      'take-flac',
      'surround-wav',
      'silent-wav',
      'video-first-mp4',
    ]) {
      expect(findDecodeProblems(captured(whole)), whole).toEqual([])
    }
  })
  it('sets apart the refusal of a partial last PCM frame, and nothing else', () => {
    const stderr = [
      '[wav @ 0x1] Packet corrupt (stream = 0, dts = NOPTS).',
      '[pcm_s24le @ 0x2] Multiple frames in a packet.',
      '[pcm_s24le @ 0x2] Invalid PCM packet, data has size 2 but at least a size of 3 was expected',
      'Error while decoding stream #0:0: Invalid data found when processing input',
    ].join('\n')
    const found = findDecodeProblems(stderr)
    expect(found).toHaveLength(3)
    expect(withoutPartialLastFrame(found)).toEqual(['Packet corrupt (stream = 0, dts = NOPTS).'])
    // A decoding error without a partial frame is damage and stays.
    const damaged = [found[0] as string, found[2] as string]
    expect(withoutPartialLastFrame(damaged)).toEqual(damaged)
  })

  it('reads the time decoded from the last progress line', () => {
    expect(parseLastProgressTimeS(captured('take-wav'))).toBe(7.4)
    expect(parseLastProgressTimeS(captured('truncated-mp3'))).toBeCloseTo(1.2, 2)
    expect(parseLastProgressTimeS('no progress here')).toBeNull()
  })
})
