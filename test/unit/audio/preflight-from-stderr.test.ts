// From a real run's stderr (captured/) to the preflight object, and the silence arithmetic behind it. Pure.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { preflightFromStderr } from '../../../main/audio/measure-take'
import { silenceFacts } from '../../../main/audio/silence-facts'

const captured = (name: string): string => readFileSync(path.join(import.meta.dirname, 'captured', `ffmpeg-${name}.txt`), 'utf8')

describe('preflightFromStderr', () => {
  it('builds the whole preflight object of the captured 24-bit take', () => {
    const { preflight, failure } = preflightFromStderr('take.wav', captured('take-wav'), false, { kind: 'dry_voice', spotLengthS: 3 })
    expect(failure).toBeNull()
    expect(preflight).toEqual({
      measured: true, duration_s: 7.4, voiced_s: 3, sample_rate: 48000, channels: 1, bit_depth: 24, peak_dbfs: -20, lufs: -23.8,
      lead_silence_s: 1.2, tail_silence_s: 2.5, codec: 'pcm_s24le', warnings: ['runs_long', 'long_lead_silence', 'long_tail_silence'],
    })
  })

  it('gives no voiced time when the middle of stderr was dropped (pauses unknown)', () => {
    expect(preflightFromStderr('take.wav', captured('take-wav'), true).preflight.voiced_s).toBeNull()
  })

  it('calls a file cut short when its header states more than could be decoded', () => {
    const withoutHint = captured('truncated-mp3').replace(/^.*filesize and duration do not match.*$/m, '')
    const { preflight, failure } = preflightFromStderr('cut.mp3', withoutHint, false)
    expect(preflight.measured).toBe(false)
    expect(failure).toEqual({ reason: 'truncated', message: 'cut.mp3 looks cut short: its header says 7.4 s but only 1.2 s of audio could be decoded.' })
  })

  it('reports a run whose summaries are missing instead of inventing numbers', () => {
    const cut = captured('take-wav').split('[Parsed_ebur128')[0] ?? ''
    expect(preflightFromStderr('take.wav', cut, false).failure?.reason).toBe('ffmpeg_failed')
    expect(preflightFromStderr('clip.mp4', captured('video-only-mp4'), false).failure?.reason).toBe('no_audio_stream')
  })
})

describe('silenceFacts', () => {
  it('no silence: all voiced', () => {
    expect(silenceFacts([], 5, 0.3)).toEqual({ leadS: 0, tailS: 0, voicedS: 5 })
  })
  it('counts inner pauses of at least pauseMinS as unvoiced, shorter gaps as voiced', () => {
    const spans = [{ startS: 0, endS: 0.5 }, { startS: 2, endS: 2.1 }, { startS: 3, endS: 3.5 }, { startS: 4.6, endS: 5 }]
    const f = silenceFacts(spans, 5, 0.3)
    expect(f.leadS).toBe(0.5)
    expect(f.tailS).toBeCloseTo(0.4, 9)
    expect(f.voicedS).toBeCloseTo(5 - 0.5 - 0.4 - 0.5, 9)
  })
  it('an open final silence runs to the end of the file', () => {
    expect(silenceFacts([{ startS: 3, endS: null }], 5, 0.3)).toEqual({ leadS: 0, tailS: 2, voicedS: 3 })
  })
  it('silent throughout: all head and tail, nothing voiced', () => {
    expect(silenceFacts([{ startS: 0, endS: 4 }], 4, 0.3)).toEqual({ leadS: 4, tailS: 4, voicedS: 0 })
  })
})
