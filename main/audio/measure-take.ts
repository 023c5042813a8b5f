/**
 * Preflight of a take in ONE decoding pass: a single ffmpeg process decodes the file once through
 *   silencedetect → astats → ebur128  to the null muxer,
 * and every figure comes from that run's stderr: stream facts (codec, rate, channels, bit depth) from the
 * input description, silences from silencedetect, sample peak and exact sample count from astats,
 * integrated loudness from ebur128.
 *
 * measureTake() never throws for a bad file: whatever cannot be measured gives the API's
 * `measured: false` object. It rejects only when cancelled (FfmpegAbortError, name 'AbortError').
 */
import path from 'node:path'
import { FfmpegAbortError } from './ffmpeg-errors'
import type { MeasureFailure } from './measure-failure'
import { checkTakeFile, failureFromError } from './measure-failure'
import { parseAstatsOverall } from './parse-astats'
import { findDecodeProblems } from './parse-decode-problems'
import { parseEbur128Summary } from './parse-ebur128'
import { parseInputAudioStream } from './parse-input-stream'
import { parseLastProgressTimeS } from './parse-progress'
import { parseSilences } from './parse-silencedetect'
import type { Preflight, TakeKind } from './preflight'
import { notMeasuredPreflight } from './preflight'
import type { TakeMeasurements } from './preflight-warnings'
import { judgeTake } from './preflight-warnings'
import { silenceFacts } from './silence-facts'
import { runFfmpeg } from './run-ffmpeg'
import { MAX_CODEC_CHARS, PAUSE_MIN_S, SILENCE_MIN_S, SILENCE_THRESHOLD_DBFS } from './thresholds'

export interface MeasureTakeOptions {
  /** The job's length_s (seconds); null/undefined/0 = unknown. */
  spotLengthS?: number | null
  kind?: TakeKind
  signal?: AbortSignal
  /** Stop measuring after this long (default 10 minutes). */
  timeoutMs?: number
  /** ffmpeg binary; default findFfmpeg(). */
  ffmpegPath?: string
}

export interface MeasureResult {
  preflight: Preflight
  /** Why the take could not be measured; null when it was. */
  failure: MeasureFailure | null
}

/** A file whose container states a longer duration than could be decoded by more than this is cut short. */
const TRUNCATION_SLACK_S = 0.5
const TRUNCATION_SLACK_RATIO = 0.05

/** The single filter chain of the preflight pass. */
export function preflightFilterChain(): string {
  return [
    `silencedetect=noise=${SILENCE_THRESHOLD_DBFS}dB:duration=${SILENCE_MIN_S}`,
    'astats=measure_perchannel=none:measure_overall=Peak_level+Number_of_samples',
    // framelog=verbose keeps ebur128's 10-per-second frame lines out of stderr at the info log level.
    'ebur128=framelog=verbose',
  ].join(',')
}

/** ffmpeg arguments of the preflight pass. The file: prefix stops a name like "http:x" or "concat:a|b" being read as a protocol. */
export function preflightArgs(file: string): string[] {
  return ['-nostats', '-i', `file:${path.resolve(file)}`, '-map', '0:a:0', '-af', preflightFilterChain(), '-f', 'null', '-']
}

function validateOptions(options: MeasureTakeOptions): void {
  const { spotLengthS, kind } = options
  if (spotLengthS !== undefined && spotLengthS !== null && !(Number.isFinite(spotLengthS) && spotLengthS >= 0)) {
    throw new RangeError(`The spot length must be a number of seconds, 0 or more; got ${String(spotLengthS)}.`)
  }
  if (kind !== undefined && kind !== 'dry_voice' && kind !== 'finished_spot' && kind !== 'not_set') {
    throw new RangeError(`The kind must be dry_voice, finished_spot or not_set; got ${String(kind)}.`)
  }
}

const round = (n: number, digits: number): number => Number(n.toFixed(digits))

/** Turns the stderr of a successful preflight run into a preflight object, or a failure if the audio was not whole. */
export function preflightFromStderr(
  file: string,
  stderr: string,
  stderrTruncated: boolean,
  options: Pick<MeasureTakeOptions, 'spotLengthS' | 'kind'> = {},
): MeasureResult {
  const stream = parseInputAudioStream(stderr)
  if (!stream) return failed({ reason: 'no_audio_stream', message: `${file} has no audio stream.` })
  const problems = findDecodeProblems(stderr, 1)
  if (problems.length > 0) {
    return failed({ reason: 'truncated', message: `${file} looks cut short or damaged: ffmpeg reported "${(problems[0] ?? '').replace(/\.$/, '')}".` })
  }
  const astats = parseAstatsOverall(stderr)
  const loudness = parseEbur128Summary(stderr)
  const samples = astats?.samplesPerChannel ?? null
  const durationS =
    samples !== null && stream.sampleRate ? samples / stream.sampleRate : parseLastProgressTimeS(stderr)
  if (durationS === null || !astats || !loudness) {
    return failed({ reason: 'ffmpeg_failed', message: `ffmpeg ran on ${file} but did not report its measurements.` })
  }
  if (samples === 0 || durationS <= 0) {
    return failed({ reason: 'truncated', message: `${file} contains no audio samples.` })
  }
  const declared = stream.durationEstimated ? null : stream.declaredDurationS
  if (declared !== null && declared - durationS > Math.max(TRUNCATION_SLACK_S, TRUNCATION_SLACK_RATIO * declared)) {
    return failed({
      reason: 'truncated',
      message: `${file} looks cut short: its header says ${declared.toFixed(1)} s but only ${durationS.toFixed(1)} s of audio could be decoded.`,
    })
  }

  const silence = silenceFacts(parseSilences(stderr), durationS, PAUSE_MIN_S)
  const measurements: TakeMeasurements = {
    durationS,
    sampleRate: stream.sampleRate,
    channels: stream.channels,
    peakDbfs: astats.peakDb,
    lufs: loudness.integratedLufs,
    leadSilenceS: silence.leadS,
    tailSilenceS: silence.tailS,
  }
  const peak = astats.peakDb
  return {
    failure: null,
    preflight: {
      measured: true,
      duration_s: round(durationS, 3),
      // With the middle of stderr dropped, some pauses are unknown; better no figure than a wrong one.
      voiced_s: stderrTruncated ? null : round(silence.voicedS, 3),
      sample_rate: stream.sampleRate,
      channels: stream.channels,
      bit_depth: stream.bitDepth,
      peak_dbfs: peak === null || !Number.isFinite(peak) ? null : round(peak, 2),
      lufs: loudness.integratedLufs === null ? null : round(loudness.integratedLufs, 1),
      lead_silence_s: round(silence.leadS, 3),
      tail_silence_s: round(silence.tailS, 3),
      codec: stream.codec.slice(0, MAX_CODEC_CHARS) || null,
      warnings: judgeTake(measurements, options),
    },
  }
}

function failed(failure: MeasureFailure): MeasureResult {
  return { preflight: notMeasuredPreflight(), failure }
}

/** Measures a take and says why when it could not. Rejects only on cancellation (FfmpegAbortError) or bad options (RangeError). */
export async function measureTakeDetailed(file: string, options: MeasureTakeOptions = {}): Promise<MeasureResult> {
  validateOptions(options)
  if (options.signal?.aborted) throw new FfmpegAbortError('Measuring the take was cancelled.')
  const precheck = await checkTakeFile(file)
  if (precheck) return failed(precheck)
  try {
    const run = await runFfmpeg(preflightArgs(file), {
      signal: options.signal,
      timeoutMs: options.timeoutMs,
      ffmpegPath: options.ffmpegPath,
    })
    return preflightFromStderr(file, run.stderr, run.stderrTruncated, options)
  } catch (err) {
    if (err instanceof FfmpegAbortError) throw new FfmpegAbortError('Measuring the take was cancelled.')
    const failure = failureFromError(file, err)
    if (failure) return failed(failure)
    return failed({ reason: 'ffmpeg_failed', message: `Measuring ${file} failed: ${err instanceof Error ? err.message : String(err)}` })
  }
}

/**
 * The preflight object of a take (seed 000). Never throws for a bad or unreadable file: it answers
 * `measured: false`, all numbers null, warnings ['not_measured']. Rejects with FfmpegAbortError when
 * `signal` aborts, and with RangeError for invalid options.
 */
export async function measureTake(
  file: string,
  options: { spotLengthS?: number | null; kind?: TakeKind; signal?: AbortSignal } = {},
): Promise<Preflight> {
  return (await measureTakeDetailed(file, options)).preflight
}
