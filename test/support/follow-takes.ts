/**
 * Takes for the prompter's tests and benchmark: espeak-ng (or flite) reads a text (the script, or the script with an
 * ad-lib, a skipped sentence, a number said another way), and each read word gets its true end time and
 * the script word it stands for.
 * - End times come from espeak-ng itself, not from a recogniser: the text up to the end of a word is
 *   spoken alone and the last audible sample of that is where the word ends (within about 10 ms of the
 *   pause that follows it in the whole reading, measured at sentence ends).
 * - The script word of a read word comes from the read-back's aligner between the read text and the
 *   script (numbers compare by value; words the script does not have are the ad-lib).
 * The take is also handed out as 48 kHz mono float32, the way the recorder sends it.
 */
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { align } from '../../main/readback/alignment/align'
import { scriptModel } from '../../main/readback/script/script-model'

const run = promisify(execFile)

export interface Voice {
  /** Default espeak-ng. */
  engine?: 'espeak-ng' | 'flite'
  name: string
  /** espeak-ng: words per minute; flite: its duration stretch (1 is the voice's own pace, 1.2 slower). */
  speed: number
}

/** How a voice is named in the benchmark's figures. */
export function voiceLabel(v: Voice): string {
  return v.engine === 'flite'
    ? `flite ${v.name}${v.speed !== 1 ? ` ×${v.speed}` : ''}`
    : `espeak-ng ${v.name} at ${v.speed} wpm`
}

export interface TrueWord {
  /** The word as read (a number read as words is one group). */
  text: string
  endS: number
  /** The script word it stands for; null for a word the script does not have (an ad-lib). */
  scriptIndex: number | null
}

export interface SpokenTake {
  pcm48k: Float32Array
  durationS: number
  words: TrueWord[]
}

const RATE = 48_000
/** Samples quieter than this (about -40 dBFS of 16-bit) are silence between words. */
const AUDIBLE = 300

async function say(text: string, voice: Voice, wav: string): Promise<void> {
  if (voice.engine === 'flite')
    await run('flite', ['-voice', voice.name, '--setf', `duration_stretch=${voice.speed}`, '-t', text, '-o', wav])
  else await run('espeak-ng', ['-v', voice.name, '-s', String(voice.speed), '-w', wav, text])
}

/** Seconds until the last audible sample of a 16-bit mono WAV espeak-ng wrote. */
async function audibleEnd(wav: string): Promise<number> {
  const bytes = await readFile(wav)
  const rate = bytes.readUInt32LE(24)
  const data = bytes.indexOf('data', 12)
  const start = data + 8
  let last = 0
  for (let i = start; i + 1 < bytes.length; i += 2) if (Math.abs(bytes.readInt16LE(i)) > AUDIBLE) last = (i - start) / 2
  return last / rate
}

async function toFloat48k(wav: string): Promise<Float32Array> {
  const { stdout } = await run(
    'ffmpeg',
    ['-v', 'error', '-i', wav, '-ar', String(RATE), '-ac', '1', '-f', 'f32le', '-'],
    { encoding: 'buffer', maxBuffer: 512 * 1024 * 1024 },
  )
  const buf = stdout as unknown as Buffer
  return new Float32Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.length))
}

/** espeak-ng reads `read`; every read word gets its end and its place in `script`. */
export async function speakTake(
  script: string,
  read: string,
  voice: Voice,
  dir: string,
  name: string,
): Promise<SpokenTake> {
  const wav = join(dir, `${name}.wav`)
  await say(read, voice, wav)
  const pcm48k = await toFloat48k(wav)
  const readWords = scriptModel(read).words
  const scriptWords = scriptModel(script).words
  const place = new Map<number, number>()
  for (const op of align(scriptWords, readWords)) if (op.op === 'match' || op.op === 'near') place.set(op.h, op.s)
  const ends: number[] = new Array(readWords.length)
  // Two espeak-ng runs at a time: the machine has two cores.
  for (let i = 0; i < readWords.length; i += 2) {
    await Promise.all(
      [i, i + 1]
        .filter((k) => k < readWords.length)
        .map(async (k) => {
          const prefix = join(dir, `${name}-prefix-${k}.wav`)
          await say(read.slice(0, (readWords[k] as { to: number }).to), voice, prefix)
          ends[k] = await audibleEnd(prefix)
        }),
    )
  }
  return {
    pcm48k,
    durationS: pcm48k.length / RATE,
    words: readWords.map((w, k) => ({ text: w.text, endS: ends[k] as number, scriptIndex: place.get(k) ?? null })),
  }
}

export { RATE as TAKE_RATE }
