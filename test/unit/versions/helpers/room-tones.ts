/**
 * One synthesised read heard in other rooms (test/support/synth-reads.ts makes it on pink noise): its voice
 * alone, at another gain, mixed with another room tone made by ffmpeg: hiss (white noise), pink noise,
 * rumble (brown noise), mains hum (50 or 60 Hz with its 2nd, 3rd and 5th harmonics), any of them together,
 * or none (a gated take: its pauses digital silence). The truth is taken as synth-reads.ts takes it: where
 * the voice alone (after its gain) is no louder than this room tone's RMS, measured on the room tone itself.
 */
import { join } from 'node:path'
import { runFfmpeg } from '../../../../main/audio/run-ffmpeg'
import { floatSamples, quietStretches, type SynthRead, type SynthVoice } from '../../../support/synth-reads'

export interface Room {
  /** Broadband noise and its amplitude (dBFS, as ffmpeg's anoisesrc takes it); null: none. */
  noise: 'white' | 'pink' | 'brown' | null
  noiseDbfs?: number
  /** Mains hum: its fundamental and that one's amplitude (dBFS). */
  humHz?: 50 | 60
  humDbfs?: number
  seed?: number
}

const RATE = 48_000

const amp = (dbfs: number): string => (10 ** (dbfs / 20)).toPrecision(8)

/** The ffmpeg sources of a room's parts, each `durationS` long. */
function sources(room: Room, durationS: number): string[] {
  const d = durationS.toFixed(6)
  const out: string[] = []
  if (room.noise)
    out.push(`anoisesrc=r=${RATE}:a=${amp(room.noiseDbfs ?? -60)}:c=${room.noise}:s=${room.seed ?? 11}:d=${d}`)
  if (room.humHz) {
    const f = room.humHz
    const h = amp(room.humDbfs ?? -70)
    out.push(
      `aevalsrc='${h}*(sin(2*PI*${f}*t)+0.5*sin(2*PI*${2 * f}*t)+0.35*sin(2*PI*${3 * f}*t)+0.2*sin(2*PI*${5 * f}*t))'` +
        `:s=${RATE}:d=${d}`,
    )
  }
  return out
}

/** RMS of a room tone (its median 10 ms block: the level the voice's quiet is judged against). */
function roomRms(x: Float32Array): number {
  const block = RATE / 100
  const levels: number[] = []
  for (let b = 0; (b + 1) * block <= x.length; b++) {
    let s = 0
    for (let i = b * block; i < (b + 1) * block; i++) s += (x[i] as number) ** 2
    levels.push(Math.sqrt(s / block))
  }
  levels.sort((p, q) => p - q)
  return levels[Math.floor(levels.length / 2)] ?? 0
}

/** `read`'s voice `gainDb` louder, in `room`: a 48 kHz/24-bit mono WAV named `name` in `dir`, and its truth. */
export async function inRoom(
  dir: string,
  name: string,
  read: SynthRead,
  voice: SynthVoice,
  room: Room,
  gainDb = 0,
): Promise<SynthRead> {
  const parts = sources(room, read.durationS)
  let rms = 0
  const path = join(dir, `${name}.wav`)
  const voiceIn = `[0:a]aformat=sample_fmts=dbl:channel_layouts=mono,volume=${gainDb}dB`
  if (parts.length === 0) {
    await runFfmpeg(['-y', '-i', read.voicePath, '-af', `volume=${gainDb}dB`, '-c:a', 'pcm_s24le', path], {
      timeoutMs: 120_000,
    })
  } else {
    const roomPath = join(dir, `${name}.room.wav`)
    const graph =
      parts.map((p, i) => `${p},aformat=sample_fmts=dbl:channel_layouts=mono[r${i}]`).join(';') +
      `;${parts.map((_, i) => `[r${i}]`).join('')}amix=inputs=${parts.length}:normalize=0[out]`
    await runFfmpeg(['-y', '-filter_complex', graph, '-map', '[out]', '-c:a', 'pcm_f32le', roomPath], {
      timeoutMs: 120_000,
    })
    rms = roomRms(await floatSamples(roomPath))
    await runFfmpeg(
      [
        '-y',
        '-i',
        read.voicePath,
        '-i',
        roomPath,
        '-filter_complex',
        `${voiceIn}[v];[1:a]aformat=sample_fmts=dbl:channel_layouts=mono[r];[v][r]amix=inputs=2:duration=first:normalize=0[out]`,
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
  }
  const g = 10 ** (gainDb / 20)
  const x = (await floatSamples(read.voicePath)).map((v) => v * g)
  return {
    path,
    voicePath: read.voicePath,
    durationS: read.durationS,
    quiet: quietStretches(x, rms, voice.synth === 'flite'),
  }
}
