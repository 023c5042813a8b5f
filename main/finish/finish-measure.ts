/**
 * The figures a finish reports of a file before and after: its length, whole-file RMS (dBFS, all channels),
 * integrated loudness and true peak. Loudness and true peak come from Booth's one measurement of a take
 * (main/audio/measure-take.ts, ffmpeg's ebur128); the RMS is one pass over the WAV's samples here, since
 * the preflight object does not carry it.
 */
import { measureTakeDetailed } from '../audio/measure-take'
import type { DeliveryProfile } from '../audio/delivery-profiles'
import { fullScale, openWavSource } from '../media/wav-source'
import type { TakeKindToFit } from './fit-plan'

export interface FileFigures {
  length_s: number
  rms_dbfs: number | null
  lufs: number | null
  true_peak_dbtp: number | null
}

const CHUNK = 1 << 16
const r2 = (x: number | null): number | null => (x === null || !Number.isFinite(x) ? null : Math.round(x * 100) / 100)

/** Length (s) and RMS (dBFS; null for digital silence) of a PCM WAV. */
export async function lengthAndRms(path: string): Promise<{ lengthS: number; rmsDbfs: number | null }> {
  const src = await openWavSource(path)
  try {
    const scale = 1 / fullScale(src.format.encoding)
    let sum = 0
    for (let from = 0; from < src.frames; from += CHUNK) {
      const x = await src.readFrames(from, Math.min(CHUNK, src.frames - from))
      for (let i = 0; i < x.length; i++) sum += ((x[i] as number) * scale) ** 2
    }
    const n = src.frames * src.format.channels
    return { lengthS: src.frames / src.format.sample_rate, rmsDbfs: n > 0 && sum > 0 ? 10 * Math.log10(sum / n) : null }
  } finally {
    await src.close()
  }
}

export async function measureFigures(
  path: string,
  o: { spotLengthS: number; kind: TakeKindToFit; profile: DeliveryProfile; ffmpegPath?: string; signal?: AbortSignal },
): Promise<FileFigures> {
  const { lengthS, rmsDbfs } = await lengthAndRms(path)
  const m = await measureTakeDetailed(path, {
    spotLengthS: o.spotLengthS,
    kind: o.kind,
    profile: o.profile,
    ...(o.ffmpegPath ? { ffmpegPath: o.ffmpegPath } : {}),
    ...(o.signal ? { signal: o.signal } : {}),
  })
  return {
    length_s: Math.round(lengthS * 1000) / 1000,
    rms_dbfs: r2(rmsDbfs),
    lufs: r2(m.report?.lufs ?? m.preflight.lufs ?? null),
    true_peak_dbtp: r2(m.report?.true_peak_dbtp ?? null),
  }
}
