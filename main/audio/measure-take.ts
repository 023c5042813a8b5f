/**
 * Preflight of a take in ONE decoding pass: a single ffmpeg process decodes the file once, runs it
 * through ebur128 (integrated loudness, and the BS.1770-4 true peak at 4x oversampling) and writes the
 * same decoded samples, as 64-bit float, to a pipe, where take-facts.ts reads them as they come: length,
 * sample peak, DC offset, RMS, clipping by shape, and the room-tone energies from which room-tone.ts
 * finds the noise floor, the head and tail silence and the voiced time; when the profile judges the true
 * peak, Booth's own 4x meter (true-peak.ts) says where it is. Stream facts (codec, bit depth) and decode
 * problems come from the same run's stderr.
 *
 * measureTake() never throws for a bad file: whatever cannot be measured gives the API's
 * `measured: false` object. It rejects only when cancelled (FfmpegAbortError, name 'AbortError').
 */
import path from 'node:path'
import { TakeFactsCollector } from '../../shared/audio-dsp/take-facts'
import { TruePeakMeter } from '../../shared/audio-dsp/true-peak'
import { displayText, quotedName } from '../../shared/display-text'
import type { DeliveryProfile } from './delivery-profiles'
import { FfmpegAbortError } from './ffmpeg-errors'
import type { MeasureFailure } from './measure-failure'
import { checkTakeFile, failureFromError } from './measure-failure'
import { findDecodeProblems, withoutPartialLastFrame } from './parse-decode-problems'
import { parseEbur128Summary } from './parse-ebur128'
import type { InputAudioStream } from './parse-input-stream'
import { parseInputAudioStream, statedLengthCutShort } from './parse-input-stream'
import type { Preflight, TakeKind } from './preflight'
import { notMeasuredPreflight } from './preflight'
import { profileFor } from './delivery-profiles'
import { runFfmpeg } from './run-ffmpeg'
import type { TakeReport } from './take-measurements'
import { measurementsOf, preflightAndReport } from './take-measurements'
import { clipRule, TRUE_PEAK_LOCATE_MARGIN_DB } from './thresholds'
import { WavPipeReader } from '../media/wav-pipe-reader'
import { wavLengthUntrusted } from '../media/wav-stated-length'

export interface MeasureTakeOptions {
  /** The job's length_s (seconds); null/undefined/0 = unknown. */
  spotLengthS?: number | null
  kind?: TakeKind
  /** The delivery profile to judge by; default: the one the kind implies. */
  profile?: DeliveryProfile | null
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
  /** Booth's report (profile, true peak, noise floor, findings); null when not measured. */
  report: TakeReport | null
}

/** The filter of the preflight pass: loudness and true peak; the samples pass through it unchanged to the pipe. */
export function preflightFilterChain(): string {
  // framelog=verbose keeps ebur128's 10-per-second frame lines out of stderr at the info log level.
  return 'ebur128=peak=true:framelog=verbose'
}

/**
 * ffmpeg arguments of the preflight pass. The file: prefix stops a name like "http:x" or "concat:a|b" being
 * read as a protocol; -ignore_length makes a streamed WAV of unknown or stale length read to its end.
 */
export function preflightArgs(file: string, ignoreWavLength = false): string[] {
  return [
    '-nostats',
    ...(ignoreWavLength ? ['-ignore_length', '1'] : []),
    '-i',
    `file:${path.resolve(file)}`,
    '-map',
    '0:a:0',
    '-af',
    preflightFilterChain(),
    '-fflags',
    '+bitexact',
    '-c:a',
    'pcm_f64le',
    '-f',
    'wav',
    'pipe:1',
  ]
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

function failed(failure: MeasureFailure): MeasureResult {
  return { preflight: notMeasuredPreflight(), failure, report: null }
}

/** Turns a finished run (its stderr and the facts read from its pipe) into the preflight and report, or a failure. */
export function preflightFromRun(
  file: string,
  stderr: string,
  collector: TakeFactsCollector | null,
  options: Pick<MeasureTakeOptions, 'spotLengthS' | 'kind' | 'profile'> & {
    wavLengthIgnored?: boolean
    truePeak?: TruePeakMeter | null
  } = {},
): MeasureResult {
  const stream = parseInputAudioStream(stderr)
  if (!stream) return failed({ reason: 'no_audio_stream', message: `${quotedName(file)} has no audio stream.` })
  // Read to the end of a WAV of unknown length, the wav demuxer flags its last, shorter packet as corrupt;
  // and a streamed WAV cut off mid-write may end inside a sample frame, which is dropped.
  const found = findDecodeProblems(stderr, 5)
  const problems = options.wavLengthIgnored
    ? withoutPartialLastFrame(found).filter((p) => !/corrupt input packet|Packet corrupt/.test(p))
    : found
  if (problems.length > 0) {
    return failed({
      reason: 'truncated',
      message: `${quotedName(file)} looks cut short or damaged: ffmpeg reported "${displayText(problems[0] ?? '').replace(/\.$/, '')}".`,
    })
  }
  const loudness = parseEbur128Summary(stderr)
  if (!collector || !loudness) {
    return failed({
      reason: 'ffmpeg_failed',
      message: `ffmpeg ran on ${quotedName(file)} but did not report its measurements.`,
    })
  }
  const facts = collector.facts()
  const durationS = facts.frames / facts.sampleRate
  if (facts.frames === 0)
    return failed({ reason: 'truncated', message: `${quotedName(file)} contains no audio samples.` })
  const declared = statedLengthCutShort(stream, durationS)
  if (declared !== null) {
    return failed({
      reason: 'truncated',
      message: `${quotedName(file)} looks cut short: its header says ${declared.toFixed(1)} s but only ${durationS.toFixed(1)} s of audio could be decoded.`,
    })
  }
  const truePeakFrame = options.truePeak?.maxAtFrame ?? null
  const m = measurementsOf(facts, {
    lufs: loudness.integratedLufs,
    truePeakDbtp: facts.peak === 0 ? Number.NEGATIVE_INFINITY : loudness.truePeakDbtp,
    truePeakAtS: truePeakFrame === null ? null : truePeakFrame / facts.sampleRate,
  })
  // The file's own rate and channels (ffmpeg's pipe carries the decoded ones, which are the same).
  m.sampleRate = stream.sampleRate ?? m.sampleRate
  m.channels = stream.channels ?? m.channels
  const { preflight, report } = preflightAndReport(
    m,
    { codec: stream.codec || null, bitDepth: stream.bitDepth },
    profileFor(options),
    options,
  )
  return { failure: null, preflight, report }
}

/** Measures a take and says why when it could not. Rejects only on cancellation (FfmpegAbortError) or bad options (RangeError). */
export async function measureTakeDetailed(file: string, options: MeasureTakeOptions = {}): Promise<MeasureResult> {
  validateOptions(options)
  if (options.signal?.aborted) throw new FfmpegAbortError('Measuring the take was cancelled.')
  const precheck = await checkTakeFile(file)
  if (precheck) return failed(precheck)
  let collector: TakeFactsCollector | null = null
  // ebur128 gives the true peak's value but not its place; Booth's meter places it. Only a profile that
  // judges the true peak needs the place, and only near its ceiling (thresholds.ts).
  const ceiling = profileFor(options).peak
  const locateAbove = ceiling?.measure === 'true' ? 10 ** ((ceiling.max - TRUE_PEAK_LOCATE_MARGIN_DB) / 20) : null
  let truePeak: TruePeakMeter | null = null
  // The codec and bit depth (from ffmpeg's input description on stderr) set the clip run length and where
  // overs start, so samples wait until stderr has described the input; the two pipes are read in no fixed order.
  let input: InputAudioStream | null | undefined
  let stderrSoFar = ''
  const waiting: Buffer[] = []
  const reader = new WavPipeReader(
    (f) => {
      const rule = clipRule(input?.codec ?? null, input?.bitDepth ?? null, f.sampleRate)
      collector = new TakeFactsCollector(f.sampleRate, f.channels, rule.minRun, rule)
      truePeak = locateAbove === null ? null : new TruePeakMeter(f.channels, locateAbove)
    },
    (samples) => {
      collector?.push(samples)
      truePeak?.push(samples)
    },
  )
  const release = (): void => {
    for (const chunk of waiting.splice(0)) reader.push(chunk)
  }
  try {
    const wavLengthIgnored = await wavLengthUntrusted(file)
    const run = await runFfmpeg(preflightArgs(file, wavLengthIgnored), {
      signal: options.signal,
      timeoutMs: options.timeoutMs,
      ffmpegPath: options.ffmpegPath,
      onStdout: (chunk) => {
        if (input === undefined) waiting.push(chunk)
        else reader.push(chunk)
      },
      onStderr: (text) => {
        if (input !== undefined) return
        stderrSoFar += text
        if (/^(Stream mapping:|Output #0, )/m.test(stderrSoFar) || stderrSoFar.length > 1 << 20) {
          input = parseInputAudioStream(stderrSoFar)
          release()
        }
      },
    })
    if (input === undefined) {
      input = parseInputAudioStream(run.stderr)
      release()
    }
    if (reader.error)
      return failed({
        reason: 'ffmpeg_failed',
        message: `Measuring ${quotedName(file)} failed: ${displayText(reader.error)}`,
      })
    return preflightFromRun(file, run.stderr, collector, { ...options, wavLengthIgnored, truePeak })
  } catch (err) {
    if (err instanceof FfmpegAbortError) throw new FfmpegAbortError('Measuring the take was cancelled.')
    const failure = failureFromError(file, err)
    if (failure) return failed(failure)
    return failed({
      reason: 'ffmpeg_failed',
      message: `Measuring ${quotedName(file)} failed: ${displayText(err instanceof Error ? err.message : String(err))}`,
    })
  }
}

/**
 * The preflight object of a take (resources/api/talent-v1.yaml, Preflight). Never throws for a bad or
 * unreadable file: it answers `measured: false`, all numbers null, warnings ['not_measured']. Rejects with
 * FfmpegAbortError when `signal` aborts, and with RangeError for invalid options.
 */
export async function measureTake(
  file: string,
  options: {
    spotLengthS?: number | null
    kind?: TakeKind
    profile?: DeliveryProfile | null
    signal?: AbortSignal
  } = {},
): Promise<Preflight> {
  return (await measureTakeDetailed(file, options)).preflight
}
