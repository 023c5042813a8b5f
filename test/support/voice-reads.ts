/**
 * Reads of a script made for the version tests: espeak-ng says each sentence, the sentences are laid one
 * after another with pauses on a room tone (pink noise), at a gain, as a 48 kHz/24-bit mono WAV (or
 * another format). Because espeak-ng's own silence is exact zeros, where every sentence's speech starts and
 * ends in the result is known to the sample: the truth the tests compare Booth's cuts with.
 */
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { runFfmpeg } from '../../main/audio/run-ffmpeg'

const run = promisify(execFile)

export interface ReadOptions {
  /** Pause between sentences (s): one value, or one per gap. */
  pausesS?: number | number[]
  leadS?: number
  tailS?: number
  /** Room tone level (dBFS RMS of the pink noise before the high-pass) and its seed. */
  roomDbfs?: number
  roomSeed?: number
  /** Gain applied to the voice (dB). */
  gainDb?: number
  voice?: string
  speed?: number
  sampleRate?: number
  channels?: 1 | 2
  codec?: string
  ext?: string
}

export interface SpokenRead {
  path: string
  /**
   * Where each sentence is in the file (s): startS/endS where its speech is audible (a sample at −50 dBFS
   * or more, and 6 dB or more over the room tone's RMS), firstS/lastS its very first and last non-zero
   * samples (espeak-ng's faint tails, which a louder room tone buries).
   */
  sentences: Array<{ text: string; startS: number; endS: number; firstS: number; lastS: number }>
  durationS: number
}

/** anoisesrc's pink noise: its RMS stands about this far below the amplitude it is given (dB). */
const PINK_RMS_BELOW_AMPLITUDE_DB = 9.5

/** Audible (16-bit espeak-ng samples, before the gain): −50 dBFS, or 6 dB over the room tone's RMS when that is louder. */
function audibleLevel(roomDbfs: number, gainDb: number): number {
  const roomBeforeGain = roomDbfs - PINK_RMS_BELOW_AMPLITUDE_DB - gainDb
  return Math.round(32768 * 10 ** (Math.max(-50, roomBeforeGain + 6) / 20))
}

/** espeak-ng's reading of one text: its samples (22050 Hz, 16-bit) and where its speech starts and ends. */
async function say(
  text: string,
  dir: string,
  name: string,
  voice: string,
  speed: number,
  audible: number,
): Promise<{
  wav: string
  frames: number
  first: number
  last: number
  loudFirst: number
  loudLast: number
  rate: number
}> {
  const wav = join(dir, `${name}.espeak.wav`)
  await run('espeak-ng', ['-v', voice, '-s', String(speed), '-w', wav, text])
  const bytes = await readFile(wav)
  let pos = 12
  let rate = 22050
  while (pos + 8 <= bytes.length) {
    const id = bytes.toString('ascii', pos, pos + 4)
    const size = bytes.readUInt32LE(pos + 4)
    if (id === 'fmt ') rate = bytes.readUInt32LE(pos + 12)
    if (id === 'data') {
      const data = bytes.subarray(pos + 8, pos + 8 + Math.min(size, bytes.length - pos - 8))
      const frames = Math.floor(data.length / 2)
      let first = -1
      let last = -1
      let loudFirst = -1
      let loudLast = -1
      for (let i = 0; i < frames; i++) {
        const v = data.readInt16LE(2 * i)
        if (v !== 0) {
          if (first < 0) first = i
          last = i
        }
        if (Math.abs(v) >= audible) {
          if (loudFirst < 0) loudFirst = i
          loudLast = i
        }
      }
      return { wav, frames, first, last, loudFirst, loudLast, rate }
    }
    pos += 8 + size + (size % 2)
  }
  throw new Error(`espeak-ng wrote no audio for "${text}"`)
}

export async function speakRead(
  dir: string,
  name: string,
  sentences: readonly string[],
  o: ReadOptions = {},
): Promise<SpokenRead> {
  const rate = o.sampleRate ?? 48_000
  const lead = o.leadS ?? 0.8
  const tail = o.tailS ?? 1
  const voice = o.voice ?? 'en-us+f2'
  const speed = o.speed ?? 165
  const clips = []
  const audible = audibleLevel(o.roomDbfs ?? -60, o.gainDb ?? 0)
  for (const [i, text] of sentences.entries()) clips.push(await say(text, dir, `${name}-${i}`, voice, speed, audible))
  const pauses = sentences.map((_, i) => (Array.isArray(o.pausesS) ? (o.pausesS[i] ?? 0.6) : (o.pausesS ?? 0.6)))
  // Each clip is cut to its speech, so the pauses are exactly as asked.
  const parts: string[] = []
  const truth: SpokenRead['sentences'] = []
  let t = lead
  const inputs: string[] = []
  clips.forEach((c, i) => {
    inputs.push('-i', c.wav)
    const lengthS = (c.last + 1 - c.first) / c.rate
    parts.push(
      `[${i}:a]atrim=start_sample=${c.first}:end_sample=${c.last + 1},asetpts=N/SR/TB,` +
        `aresample=${rate}:resampler=swr,aformat=sample_fmts=dbl:channel_layouts=mono[c${i}]`,
    )
    truth.push({
      text: sentences[i] as string,
      startS: t + (c.loudFirst - c.first) / c.rate,
      endS: t + (c.loudLast + 1 - c.first) / c.rate,
      firstS: t,
      lastS: t + lengthS,
    })
    t += lengthS + (i < clips.length - 1 ? (pauses[i] as number) : 0)
  })
  const total = t + tail
  const gaps = clips.map((_, i) => (i === 0 ? lead : (pauses[i - 1] as number)))
  const chain: string[] = []
  clips.forEach((_, i) => {
    parts.push(
      `aevalsrc=exprs=0:s=${rate}:d=${(gaps[i] as number).toFixed(6)},aformat=sample_fmts=dbl:channel_layouts=mono[g${i}]`,
    )
    chain.push(`[g${i}][c${i}]`)
  })
  parts.push(`aevalsrc=exprs=0:s=${rate}:d=${tail.toFixed(6)},aformat=sample_fmts=dbl:channel_layouts=mono[tail]`)
  const room = 10 ** ((o.roomDbfs ?? -60) / 20)
  const layout = o.channels === 2 ? 'stereo' : 'mono'
  parts.push(`${chain.join('')}[tail]concat=n=${clips.length * 2 + 1}:v=0:a=1,volume=${o.gainDb ?? 0}dB[voice]`)
  parts.push(
    `anoisesrc=r=${rate}:a=${room.toPrecision(8)}:c=pink:s=${o.roomSeed ?? 11}:d=${total.toFixed(6)},aformat=sample_fmts=dbl:channel_layouts=mono[room]`,
  )
  parts.push(`[voice][room]amix=inputs=2:duration=first:normalize=0,aformat=channel_layouts=${layout}[out]`)
  const path = join(dir, `${name}.${o.ext ?? 'wav'}`)
  await runFfmpeg(
    [
      '-y',
      ...inputs,
      '-filter_complex',
      parts.join(';'),
      '-map',
      '[out]',
      '-c:a',
      o.codec ?? 'pcm_s24le',
      '-ar',
      String(rate),
      path,
    ],
    { timeoutMs: 120_000 },
  )
  return { path, sentences: truth, durationS: total }
}
