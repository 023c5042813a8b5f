/**
 * Reads made the way a held-out take is: the synthesiser reads the whole text in one run and makes its
 * own pauses (SSML breaks between sentences, or its own full stops and commas), so no pause is laid down
 * by the test and nothing about a pause is exact zeros by construction (flite's pauses carry its own
 * faint floor). The voice is resampled to 48 kHz, given a gain and mixed with a pink-noise room tone.
 *
 * The truth the tests judge by is taken from the voice alone (before the room tone): where it is quiet,
 * i.e. its 10 ms RMS stays at or below the room tone's RMS for 100 ms or more. There the mix is room
 * tone, so a step there larger than the room tone's own is a click.
 */
import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { runFfmpeg } from '../../main/audio/run-ffmpeg'

const run = promisify(execFile)

export interface SynthVoice {
  synth: 'espeak-ng' | 'flite'
  /** espeak-ng: a voice with its variant ("en-us+m3"); flite: a voice name ("awb"). */
  voice: string
  /** espeak-ng: words per minute; flite: duration_stretch (1.2 reads 20 % slower). */
  rate: number
}

export interface SynthReadOptions {
  /** A break (s) the synthesiser puts between sentences (SSML), one value or one per gap; omitted: its own sentence pause. */
  breaksS?: number | number[]
  /** espeak-ng's word gap (-g, in 10 ms units at the default speed); omitted: none. */
  wordGap?: number
  /** Room tone before and after the voice (s), on top of the synthesiser's own. */
  leadS?: number
  tailS?: number
  /** Room tone: pink noise of this amplitude (dBFS; its RMS is about 9.5 dB lower) and seed. */
  roomDbfs?: number
  roomSeed?: number
  /** Gain applied to the voice (dB). */
  gainDb?: number
}

export interface SynthRead {
  path: string
  /** The voice alone (48 kHz float, after its gain), to mix with another room tone (rooms in test/unit/versions/helpers). */
  voicePath: string
  durationS: number
  /** Stretches (s) where the voice alone is no louder than the room tone for 100 ms or more. */
  quiet: Array<[number, number]>
}

const RATE = 48_000
const PINK_RMS_BELOW_AMPLITUDE_DB = 9.5

const escapeXml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** The text the synthesiser is given: plain sentences, or SSML with a break after each but the last. */
function textOf(sentences: readonly string[], breaksS: SynthReadOptions['breaksS']): { text: string; ssml: boolean } {
  if (breaksS === undefined) return { text: sentences.join(' '), ssml: false }
  const parts = sentences.map((s, i) => {
    if (i === sentences.length - 1) return escapeXml(s)
    const b = Array.isArray(breaksS) ? (breaksS[i] ?? 0.5) : breaksS
    return `${escapeXml(s)} <break time="${Math.round(b * 1000)}ms"/>`
  })
  return { text: `<speak>${parts.join(' ')}</speak>`, ssml: true }
}

async function synthesise(
  dir: string,
  name: string,
  voice: SynthVoice,
  sentences: readonly string[],
  o: SynthReadOptions,
): Promise<string> {
  const wav = join(dir, `${name}.voice.wav`)
  const { text, ssml } = textOf(sentences, o.breaksS)
  if (voice.synth === 'flite') {
    const input = join(dir, `${name}.${ssml ? 'xml' : 'txt'}`)
    await writeFile(input, text)
    await run('flite', [
      '-voice',
      voice.voice,
      '--setf',
      `duration_stretch=${voice.rate}`,
      ...(ssml ? ['-ssml'] : []),
      '-f',
      input,
      '-o',
      wav,
    ])
  } else {
    await run('espeak-ng', [
      '-v',
      voice.voice,
      '-s',
      String(voice.rate),
      ...(o.wordGap ? ['-g', String(o.wordGap)] : []),
      ...(ssml ? ['-m'] : []),
      '-w',
      wav,
      text,
    ])
  }
  return wav
}

/** Mono float samples of a 48 kHz float WAV ffmpeg wrote (the voice alone, after its gain). */
export async function floatSamples(path: string): Promise<Float32Array> {
  const bytes = await readFile(path)
  let pos = 12
  while (pos + 8 <= bytes.length) {
    const id = bytes.toString('ascii', pos, pos + 4)
    const size = bytes.readUInt32LE(pos + 4)
    if (id === 'data') {
      const n = Math.floor(Math.min(size, bytes.length - pos - 8) / 4)
      const out = new Float32Array(n)
      for (let i = 0; i < n; i++) out[i] = bytes.readFloatLE(pos + 8 + 4 * i)
      return out
    }
    pos += 8 + size + (size % 2)
  }
  throw new Error(`no audio in ${path}`)
}

/**
 * Stretches of at least 100 ms whose 10 ms RMS is at most `rms`, or, with `ownFloor`, within 6 dB of the
 * voice's own floor when that is louder (flite's pauses are not digital silence: the 5th percentile of
 * the 10 ms RMS of what it wrote, the lead and tail added here left out).
 */
export function quietStretches(x: Float32Array, rms: number, ownFloor: boolean): Array<[number, number]> {
  const block = RATE / 100
  const out: Array<[number, number]> = []
  let from = -1
  const blocks = Math.floor(x.length / block)
  const levels = Array.from({ length: blocks }, (_, b) => {
    let s = 0
    for (let i = b * block; i < (b + 1) * block; i++) s += (x[i] as number) ** 2
    return Math.sqrt(s / block)
  })
  const written = levels.filter((v) => v > 0).sort((p, q) => p - q)
  const own = ownFloor ? (written[Math.floor(written.length * 0.05)] ?? 0) : 0
  const limit = Math.max(rms, own * 2)
  for (let b = 0; b <= blocks; b++) {
    const quiet = b < blocks && (levels[b] as number) <= limit
    if (quiet && from < 0) from = b
    if (!quiet && from >= 0) {
      if (b - from >= 10) out.push([from / 100, b / 100])
      from = -1
    }
  }
  return out
}

/** A 48 kHz/24-bit mono read of `sentences` by `voice` in one run, on a room tone. */
export async function synthRead(
  dir: string,
  name: string,
  voice: SynthVoice,
  sentences: readonly string[],
  o: SynthReadOptions = {},
): Promise<SynthRead> {
  const raw = await synthesise(dir, name, voice, sentences, o)
  const lead = o.leadS ?? 0.5
  const tail = o.tailS ?? 0.6
  const gain = o.gainDb ?? 0
  const voiceOnly = join(dir, `${name}.voice48.wav`)
  await runFfmpeg(
    [
      '-y',
      '-i',
      raw,
      '-af',
      `aresample=${RATE}:resampler=swr,adelay=${Math.round(lead * 1000)}:all=1,apad=pad_dur=${tail},volume=${gain}dB`,
      '-ac',
      '1',
      '-c:a',
      'pcm_f32le',
      voiceOnly,
    ],
    { timeoutMs: 120_000 },
  )
  const x = await floatSamples(voiceOnly)
  const durationS = x.length / RATE
  const roomDbfs = o.roomDbfs ?? -60
  const path = join(dir, `${name}.wav`)
  const room = 10 ** (roomDbfs / 20)
  await runFfmpeg(
    [
      '-y',
      '-i',
      voiceOnly,
      '-filter_complex',
      `anoisesrc=r=${RATE}:a=${room.toPrecision(8)}:c=pink:s=${o.roomSeed ?? 11}:d=${durationS.toFixed(6)},` +
        'aformat=sample_fmts=dbl:channel_layouts=mono[room];' +
        `[0:a]aformat=sample_fmts=dbl:channel_layouts=mono[voice];[voice][room]amix=inputs=2:duration=first:normalize=0[out]`,
      '-map',
      '[out]',
      '-c:a',
      'pcm_s24le',
      '-ar',
      String(RATE),
      path,
    ],
    { timeoutMs: 120_000 },
  )
  return {
    path,
    voicePath: voiceOnly,
    durationS,
    quiet: quietStretches(x, 10 ** ((roomDbfs - PINK_RMS_BELOW_AMPLITUDE_DB) / 20), voice.synth === 'flite'),
  }
}
