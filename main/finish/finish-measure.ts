/**
 * The figures a finish reports of a file before and after: its length, whole-file RMS (dBFS, all channels),
 * integrated loudness and true peak. One ffmpeg pass with nothing read back into Booth: the preflight's own
 * loudness filter (main/audio/measure-take.ts preflightFilterChain: ebur128, BS.1770-4 true peak at 4x) and
 * astats for the RMS over every channel's samples; the length is the WAV's own frame count. Running wholly
 * in ffmpeg, the take's "before" is measured on another core while the finish works (finish-take.ts).
 */
import { resolve } from 'node:path'
import { preflightFilterChain } from '../audio/measure-take'
import { parseAstatsOverall } from '../audio/parse-astats'
import { parseEbur128Summary } from '../audio/parse-ebur128'
import { runFfmpeg } from '../audio/run-ffmpeg'
import { openWavSource } from '../media/wav-source'

export interface FileFigures {
  length_s: number
  rms_dbfs: number | null
  lufs: number | null
  true_peak_dbtp: number | null
}

const r2 = (x: number | null): number | null => (x === null || !Number.isFinite(x) ? null : Math.round(x * 100) / 100)

/** The filters of the pass: the preflight's loudness and true peak, then the RMS of every sample. */
export const FIGURES_FILTER = `${preflightFilterChain()},astats=measure_perchannel=none:measure_overall=RMS_level`

async function wavLengthS(path: string): Promise<number> {
  const src = await openWavSource(path)
  try {
    return src.frames / src.format.sample_rate
  } finally {
    await src.close()
  }
}

/** Length, RMS, loudness and true peak of a PCM WAV Booth wrote (the take's working copy, or OUT). */
export async function measureFigures(
  path: string,
  o: { ffmpegPath?: string; signal?: AbortSignal } = {},
): Promise<FileFigures> {
  const lengthS = await wavLengthS(path)
  const run = await runFfmpeg(
    ['-nostats', '-i', `file:${resolve(path)}`, '-map', '0:a:0', '-af', FIGURES_FILTER, '-f', 'null', '-'],
    { ...(o.signal ? { signal: o.signal } : {}), ...(o.ffmpegPath ? { ffmpegPath: o.ffmpegPath } : {}) },
  )
  const loudness = parseEbur128Summary(run.stderr)
  return {
    length_s: Math.round(lengthS * 1000) / 1000,
    rms_dbfs: r2(parseAstatsOverall(run.stderr)?.rmsDb ?? null),
    lufs: r2(loudness?.integratedLufs ?? null),
    true_peak_dbtp: r2(loudness?.truePeakDbtp ?? null),
  }
}
