/**
 * Pure parser of ffmpeg's description of its input (stderr, before "Stream mapping"/"Output #0"):
 *   Input #0, wav, from 'take.wav':
 *     Duration: 00:00:07.40, bitrate: 1152 kb/s
 *     Stream #0:0: Audio: pcm_s24le ([1][0][0][0] / 0x0001), 48000 Hz, mono, s32 (24 bit), 1152 kb/s
 * Only the Input section is read: the Output section describes ffmpeg's own encoder, not the file.
 */

import { TRUNCATION_SLACK_RATIO, TRUNCATION_SLACK_S } from './thresholds'

export interface InputAudioStream {
  /** Decoder name as ffmpeg prints it, e.g. pcm_s24le, mp3, aac, flac. */
  codec: string
  sampleRate: number | null
  channels: number | null
  /** Bits per sample of the stored audio; null for lossy codecs, whose decoded float format says nothing of the source. */
  bitDepth: number | null
  /** The container's stated duration, if it gave one. */
  declaredDurationS: number | null
  /** True when ffmpeg said it estimated the duration from the bitrate (the header did not state it). */
  durationEstimated: boolean
}

/** Channel layout names ffmpeg prints that are not of the "X.Y" form. */
const NAMED_LAYOUTS: Record<string, number> = {
  mono: 1,
  stereo: 2,
  downmix: 2,
  quad: 4,
  hexagonal: 6,
  octagonal: 8,
  hexadecagonal: 16,
}

/** Codecs that store every sample exactly: their decoded sample format is their bit depth. */
const LOSSLESS_CODECS = /^(pcm_|flac$|alac$|wavpack$|ape$|tta$|mlp$|truehd$|shorten$)/

/** Number of channels from ffmpeg's layout text: "mono", "5.1(side)", "7.1(wide)", "3 channels", "FL+FR+LFE". */
export function channelsFromLayout(layout: string): number | null {
  const text = layout.trim().toLowerCase()
  const counted = /^(\d+) channels?\b/.exec(text)
  if (counted) return Number(counted[1])
  const base = text.replace(/\(.*\)$/, '')
  const named = NAMED_LAYOUTS[base]
  if (named !== undefined) return named
  const dotted = /^(\d+)\.(\d+)$/.exec(base)
  if (dotted) return Number(dotted[1]) + Number(dotted[2])
  if (/^[a-z]+(\+[a-z]+)+$/.test(base)) return base.split('+').length
  return null
}

/** Bits per sample from ffmpeg's sample format ("s16", "s32 (24 bit)", "fltp", "u8"), for lossless codecs only. */
export function bitDepthFromFormat(codec: string, sampleFormat: string): number | null {
  // G.711 µ-law and A-law store 8 bits a sample (companded); ffmpeg decodes them to s16.
  if (codec === 'pcm_mulaw' || codec === 'pcm_alaw') return 8
  const explicit = /\((\d+) bit\)/.exec(sampleFormat)
  if (explicit) return Number(explicit[1])
  if (!LOSSLESS_CODECS.test(codec)) return null
  const fmt = /^(u8|s16|s32|s64|flt|dbl)p?\b/.exec(sampleFormat.trim())
  if (!fmt) return null
  return { u8: 8, s16: 16, s32: 32, s64: 64, flt: 32, dbl: 64 }[fmt[1] as 'u8' | 's16' | 's32' | 's64' | 'flt' | 'dbl']
}

function parseClock(text: string): number | null {
  const m = /^(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(text)
  if (!m) return null
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3])
}

/** Splits on commas that are not inside parentheses. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = []
  let depth = 0
  let current = ''
  for (const ch of text) {
    if (ch === '(') depth++
    else if (ch === ')') depth = Math.max(0, depth - 1)
    if (ch === ',' && depth === 0) {
      parts.push(current.trim())
      current = ''
    } else current += ch
  }
  if (current.trim()) parts.push(current.trim())
  return parts
}

/** The input section of ffmpeg's stderr: from "Input #0" up to the stream mapping or output description. */
export function inputSection(stderr: string): string | null {
  const start = stderr.search(/^Input #0, /m)
  if (start < 0) return null
  const rest = stderr.slice(start)
  const end = rest.search(/^(Stream mapping:|Output #0, |Press \[q\])/m)
  return end < 0 ? rest : rest.slice(0, end)
}

/** The first audio stream of input #0, or null when ffmpeg described no audio stream. */
export function parseInputAudioStream(stderr: string): InputAudioStream | null {
  const section = inputSection(stderr)
  if (!section) return null
  const line = /^\s*Stream #0:\d+(?:\[[^\]]*\])?(?:\([^)]*\))?: Audio: (.+)$/m.exec(section)
  if (!line?.[1]) return null
  const parts = splitTopLevel(line[1])
  const codec = (parts[0] ?? '').split(/\s+/)[0] ?? ''
  const rateIndex = parts.findIndex((p) => /^\d+ Hz$/.test(p))
  const sampleRate = rateIndex >= 0 ? Number.parseInt(parts[rateIndex] ?? '', 10) : null
  const layout = rateIndex >= 0 ? parts[rateIndex + 1] : undefined
  const format = rateIndex >= 0 ? parts[rateIndex + 2] : undefined
  const duration = /^\s*Duration: ([\d:.]+)/m.exec(section)
  return {
    codec,
    sampleRate,
    channels: layout ? channelsFromLayout(layout) : null,
    bitDepth: format ? bitDepthFromFormat(codec, format) : null,
    declaredDurationS: duration?.[1] ? parseClock(duration[1]) : null,
    durationEstimated: /Estimating duration from bitrate/.test(stderr),
  }
}

/**
 * The duration the container states, when what could be decoded (decodedS) falls short of it by more than
 * the slack (thresholds.ts): the file is cut short. Null when it is not, or when no duration was stated.
 */
export function statedLengthCutShort(stream: InputAudioStream, decodedS: number): number | null {
  const declared = stream.durationEstimated ? null : stream.declaredDurationS
  return declared !== null && declared - decodedS > Math.max(TRUNCATION_SLACK_S, TRUNCATION_SLACK_RATIO * declared)
    ? declared
    : null
}
