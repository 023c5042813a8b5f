/**
 * Decides by content (the extension is never trusted) whether a dropped file is audio Booth accepts as a
 * take: WAV (incl. RF64), AIFF, FLAC, MP3 or M4A, with an audio stream that decodes and no real video.
 * First its own bytes are read (a file cut off in its header or before its MP4 index, a text file, or a
 * WAV whose chunks are damaged or cut short, gets a sentence naming the problem), then ffmpeg decodes
 * it: a walked WAV its first second, anything else whole, so a file cut off or damaged anywhere is named.
 * Also counts a file's exact samples, for sample-accurate trimming.
 */
import { resolve } from 'node:path'
import type { FileHandle } from 'node:fs/promises'
import { runFfmpeg } from '../audio/run-ffmpeg'
import { FfmpegAbortError, FfmpegExitError } from '../audio/ffmpeg-errors'
import {
  inputSection,
  parseInputAudioStream,
  statedLengthCutShort,
  type InputAudioStream,
} from '../audio/parse-input-stream'
import { parseAstatsOverall } from '../audio/parse-astats'
import { findDecodeProblems } from '../audio/parse-decode-problems'
import { headerCutProblem } from '../media/header-cut'
import { looksLikeText } from '../media/text-sniff'
import { displayText, quotedName } from '../../shared/display-text'
import { fileSource, seconds, walkWav, type WavFacts } from '../media/wav-chunks'

export type AudioContainer = 'wav' | 'aiff' | 'flac' | 'mp3' | 'm4a'

export interface AudioProbe {
  container: AudioContainer
  /** File extension Booth gives the copy. */
  ext: string
  stream: InputAudioStream
}

export class NotAudioError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'NotAudioError'
  }
}

/** ffmpeg's demuxer names (the "Input #0, <name>, from" text) for the containers Booth takes. */
const CONTAINERS: Record<string, AudioContainer> = {
  wav: 'wav',
  aiff: 'aiff',
  flac: 'flac',
  mp3: 'mp3',
  'mov,mp4,m4a,3gp,3g2,mj2': 'm4a',
}
const EXT: Record<AudioContainer, string> = { wav: 'wav', aiff: 'aiff', flac: 'flac', mp3: 'mp3', m4a: 'm4a' }
const M4A_CODECS = new Set(['aac', 'alac'])

export interface ProbeOptions {
  ffmpegPath?: string
  signal?: AbortSignal
  /** The file's WAV facts from readDroppedFile(): its length is known from them, whatever ffmpeg estimates. */
  wav?: WavFacts | null
}

const SNIFF_BYTES = 4096

/**
 * Reads an opened dropped file's own bytes: a text file is refused as such, a WAV is walked chunk by
 * chunk (its facts returned, or its problem named). Other files are left to ffmpeg (null).
 */
export async function readDroppedFile(fh: FileHandle, displayName: string): Promise<WavFacts | null> {
  const src = await fileSource(fh)
  const head = await src.read(0, SNIFF_BYTES)
  const cut = await headerCutProblem(src, head)
  if (cut) throw new NotAudioError(`${quotedName(displayName)} ${cut}`)
  const magic = String.fromCharCode(...head.subarray(0, 4))
  if (
    (magic === 'RIFF' || magic === 'RF64' || magic === 'BW64') &&
    String.fromCharCode(...head.subarray(8, 12)) === 'WAVE'
  ) {
    const walk = await walkWav(src)
    if (!walk.ok) throw new NotAudioError(`${quotedName(displayName)} ${walk.message}`)
    return walk
  }
  if (looksLikeText(head)) throw new NotAudioError(`${quotedName(displayName)} is a text file, not audio.`)
  return null
}

/**
 * Names why the audio of a whole decode is not whole: a container that promises more than could be decoded
 * (cut off), or ffmpeg's own complaint (damaged data). Null when the audio is whole.
 */
function wholeFileProblem(stderr: string, stream: InputAudioStream, displayName: string): string | null {
  const samples = parseAstatsOverall(stderr)?.samplesPerChannel ?? null
  const decodedS = samples !== null && stream.sampleRate ? samples / stream.sampleRate : null
  const declared = decodedS !== null ? statedLengthCutShort(stream, decodedS) : null
  if (decodedS !== null && declared !== null) {
    return (
      `${quotedName(displayName)} ends in the middle of its audio at ${seconds(decodedS)} (its ` +
      `header says ${seconds(declared)}); it was cut off while being written or copied.`
    )
  }
  const problem = findDecodeProblems(stderr, 1)[0]
  if (problem !== undefined) {
    const where = decodedS !== null ? ` after ${seconds(decodedS)} of audio` : ''
    return `${quotedName(displayName)} is damaged: ffmpeg reported "${displayText(problem).replace(/\.$/, '')}"${where}.`
  }
  return null
}

/**
 * Reads the file with ffmpeg and decodes all of it (counting its samples), so a file that is cut off or
 * damaged anywhere is refused with its problem named before it becomes a take; a WAV, walked already,
 * only its first second. Throws NotAudioError with a sentence for the person.
 */
export async function probeAudioFile(
  path: string,
  displayName: string,
  options: ProbeOptions = {},
): Promise<AudioProbe> {
  let stderr: string
  try {
    // The file: prefix stops a name like "concat:a|b" or "http:x" being read as a protocol.
    // A WAV's structure and length are known from its chunks, so its first second shows it decodes; anything
    // else (a compressed WAV's length included) is decoded whole.
    const span = options.wav?.durationS != null ? ['-t', '1'] : []
    const args = [
      '-nostats',
      '-i',
      `file:${resolve(path)}`,
      '-map',
      '0:a:0',
      ...span,
      '-af',
      'astats=measure_perchannel=none:measure_overall=Number_of_samples',
      '-f',
      'null',
      '-',
    ]
    const run = await runFfmpeg(args, { ffmpegPath: options.ffmpegPath, signal: options.signal })
    stderr = run.stderr
  } catch (err) {
    if (err instanceof FfmpegAbortError) throw err
    if (err instanceof FfmpegExitError) {
      const section = inputSection(err.stderr)
      if (section && !/: Audio: /.test(section))
        throw new NotAudioError(`${quotedName(displayName)} has no audio in it, so it cannot be a take.`)
      throw new NotAudioError(
        `${quotedName(displayName)} is not an audio file Booth can read (WAV, AIFF, FLAC, MP3 or M4A).`,
      )
    }
    throw err
  }
  const section = inputSection(stderr) ?? ''
  const demuxer = /^Input #0, (.+?), from '/m.exec(section)?.[1] ?? ''
  const container = CONTAINERS[demuxer]
  if (!container) {
    throw new NotAudioError(
      `${quotedName(displayName)} is a ${demuxer || 'kind of'} file; Booth takes WAV, AIFF, FLAC, MP3 or M4A files.`,
    )
  }
  const videoLines = section
    .split('\n')
    .filter((l) => /Stream #0:\d+.*: Video: /.test(l) && !/\(attached pic\)/.test(l))
  if (videoLines.length > 0)
    throw new NotAudioError(
      `${quotedName(displayName)} is a video; drop the audio on its own (WAV, AIFF, FLAC, MP3 or M4A).`,
    )
  const stream = parseInputAudioStream(stderr)
  if (!stream) throw new NotAudioError(`${quotedName(displayName)} has no audio in it, so it cannot be a take.`)
  if (container === 'm4a' && !M4A_CODECS.has(stream.codec)) {
    throw new NotAudioError(
      `${quotedName(displayName)} holds ${stream.codec} audio in an MP4 container; Booth takes AAC or ALAC there.`,
    )
  }
  const samples = parseAstatsOverall(stderr)?.samplesPerChannel ?? 0
  // The length the header states; when it states none (a FLAC written to a pipe: "Duration: N/A", MP3 in a
  // WAV), the whole file was decoded, and its length is what decoding found.
  const stated = options.wav ? options.wav.durationS : stream.declaredDurationS
  const length = stated ?? (stream.sampleRate ? samples / stream.sampleRate : 0)
  if (!(length > 0) || samples === 0) {
    throw new NotAudioError(`${quotedName(displayName)} contains no audio (its length is zero).`)
  }
  // A PCM WAV's chunks were walked already (wav-chunks.ts) and only its first second decoded: its length is not ffmpeg's to judge.
  const problem = options.wav?.durationS != null ? null : wholeFileProblem(stderr, stream, displayName)
  if (problem) throw new NotAudioError(problem)
  return { container, ext: EXT[container], stream }
}

/** Decodes the whole file and returns its exact length in samples per channel, and its sample rate. */
export async function countSamples(
  path: string,
  options: ProbeOptions = {},
): Promise<{ samples: number; sampleRate: number; stream: InputAudioStream }> {
  const args = [
    '-i',
    `file:${resolve(path)}`,
    '-map',
    '0:a:0',
    '-af',
    'astats=measure_perchannel=none',
    '-f',
    'null',
    '-',
  ]
  const run = await runFfmpeg(args, { ffmpegPath: options.ffmpegPath, signal: options.signal })
  const stream = parseInputAudioStream(run.stderr)
  const overall = parseAstatsOverall(run.stderr)
  if (!stream?.sampleRate || overall?.samplesPerChannel == null) {
    throw new Error(`ffmpeg did not report the length of ${quotedName(path)}; it cannot be trimmed.`)
  }
  return { samples: overall.samplesPerChannel, sampleRate: stream.sampleRate, stream }
}
