/**
 * The finish's tempo change keeps the voice's pitch on speech, not only on a sine (finish-cli.test.ts): two
 * espeak-ng voices no other finish test uses (a low male, a high female), each finished to a spot its pauses
 * cannot reach, so the finish changes the tempo; the median fundamental of the voiced frames is measured in
 * the take and in the finished file. The same measure sees a 4 % resample (pitch moved with the speed) as
 * the 4 % it is, so a tempo path that dragged the pitch along would fail here.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runFfmpeg } from '../../../main/audio/run-ffmpeg'
import { runFinishCli } from '../../../main/finish/finish-cli'
import type { FinishReport } from '../../../main/finish/finish-take'
import { fullScale, openWavSource } from '../../../main/media/wav-source'
import { makeTempDir } from '../../support/audio-fixtures'
import { speakRead } from '../../support/voice-reads'

const LINES = [
  'Fresh bread and hot coffee every morning at Miller Lane Bakery.',
  'Our bakers start at four, so you never wait for a warm loaf.',
  'Bring a friend on Fridays and the second cup is on us.',
  'Miller Lane Bakery, baked this morning, gone by tonight.',
]

let dir = ''
let cleanup: () => Promise<void> = async () => {}
beforeAll(async () => {
  ;({ dir, cleanup } = await makeTempDir('booth-tempo-pitch-'))
})
afterAll(async () => cleanup())

/**
 * The file's first channel as floats in [-1, 1], brought to about 16 kHz (a box average over each group of
 * samples, enough below the 70–400 Hz the pitch measure looks at) so the measure stays quick.
 */
async function samples(path: string): Promise<{ x: Float64Array; rate: number; fileRate: number }> {
  const src = await openWavSource(path)
  try {
    const raw = await src.readFrames(0, src.frames)
    const ch = src.format.channels
    const scale = 1 / fullScale(src.format.encoding)
    const step = Math.max(1, Math.round(src.format.sample_rate / 16_000))
    const x = new Float64Array(Math.floor(src.frames / step))
    for (let i = 0; i < x.length; i++) {
      let sum = 0
      for (let j = 0; j < step; j++) sum += raw[(i * step + j) * ch] as number
      x[i] = (sum / step) * scale
    }
    return { x, rate: src.format.sample_rate / step, fileRate: src.format.sample_rate }
  } finally {
    await src.close()
  }
}

/**
 * The median fundamental (Hz) of the voiced frames: 40 ms frames every 20 ms, each frame's normalised
 * autocorrelation over periods of 70–400 Hz; a frame is voiced when its best period correlates 0.85 or more
 * and it is within 25 dB of the loudest frame. The peak is refined by a parabola through its neighbours.
 */
function medianF0(x: Float64Array, rate: number): { hz: number; voicedFrames: number } {
  const win = Math.round(0.04 * rate)
  const hop = Math.round(0.02 * rate)
  const minLag = Math.floor(rate / 400)
  const maxLag = Math.ceil(rate / 70)
  const energies: number[] = []
  for (let s = 0; s + win + maxLag < x.length; s += hop) {
    let e = 0
    for (let i = 0; i < win; i++) e += (x[s + i] as number) ** 2
    energies.push(e)
  }
  const loudest = Math.max(...energies)
  const f0s: number[] = []
  energies.forEach((e, k) => {
    if (e < loudest * 10 ** -2.5) return
    const s = k * hop
    const r = new Float64Array(maxLag + 2)
    for (let lag = minLag - 1; lag <= maxLag + 1; lag++) {
      let num = 0
      let a = 0
      let b = 0
      for (let i = 0; i < win; i++) {
        const p = x[s + i] as number
        const q = x[s + i + lag] as number
        num += p * q
        a += p * p
        b += q * q
      }
      r[lag] = num / Math.sqrt(a * b || 1)
    }
    let best = minLag
    for (let lag = minLag; lag <= maxLag; lag++) if ((r[lag] as number) > (r[best] as number)) best = lag
    if ((r[best] as number) < 0.85) return
    const [l, c, h] = [r[best - 1] as number, r[best] as number, r[best + 1] as number]
    const shift = l - 2 * c + h === 0 ? 0 : (0.5 * (l - h)) / (l - 2 * c + h)
    f0s.push(rate / (best + shift))
  })
  f0s.sort((p, q) => p - q)
  return { hz: f0s[Math.floor(f0s.length / 2)] ?? NaN, voicedFrames: f0s.length }
}

describe('the finish keeps the pitch when it changes the tempo, on speech', () => {
  for (const voice of [
    { name: 'en-gb+m1', speed: 150 },
    { name: 'en-us+f4', speed: 180 },
  ]) {
    it(`${voice.name} at ${voice.speed} words a minute, finished where only a tempo change reaches`, async () => {
      const read = await speakRead(dir, voice.name, LINES, {
        pausesS: 0.3,
        leadS: 0.3,
        tailS: 0.3,
        roomDbfs: -62,
        voice: voice.name,
        speed: voice.speed,
      })
      // The finish's refusal of a spot far too short says how far 4 % faster reaches; a spot a little over
      // that reach is one only a tempo change of about 3 % makes (the pauses and handles at their bounds).
      const tooShort = await runFinishCli([
        read.path,
        '--spot-length',
        (read.durationS * 0.8).toFixed(1),
        '--kind',
        'dry_voice',
        '-o',
        join(dir, `${voice.name}.refused.wav`),
      ])
      const reach = Number(/4 % faster reaches (\d+\.\d+) s\.$/m.exec(tooShort.stderr)?.[1])
      expect(reach).toBeGreaterThan(read.durationS * 0.8)
      const spot = Math.round((reach + 0.2) * 10) / 10
      const out = join(dir, `${voice.name}.finished.wav`)
      const bytes = await readFile(read.path)
      const r = await runFinishCli([read.path, '--spot-length', String(spot), '--kind', 'dry_voice', '-o', out])
      expect(r.stderr).toBe('')
      const report = JSON.parse(r.stdout) as FinishReport
      expect(report.tempo).toBeGreaterThan(1.01)
      expect(report.tempo).toBeLessThanOrEqual(1.04)
      expect((await readFile(read.path)).equals(bytes)).toBe(true)

      const before = await samples(read.path)
      const after = await samples(out)
      expect(Math.abs(after.x.length / after.rate - spot)).toBeLessThanOrEqual(0.05)
      const f0Before = medianF0(before.x, before.rate)
      const f0After = medianF0(after.x, after.rate)
      expect(f0Before.voicedFrames).toBeGreaterThan(80)
      expect(f0After.voicedFrames).toBeGreaterThan(80)
      // Kept: within 1 % (a semitone is 6 %; the tempo change is up to 4 %).
      expect(Math.abs(f0After.hz / f0Before.hz - 1)).toBeLessThan(0.01)

      // The measure can fail: the same take sped up 4 % by resampling (pitch and speed together) reads 4 % higher.
      const resampled = join(dir, `${voice.name}.resampled.wav`)
      await runFfmpeg([
        '-hide_banner',
        '-nostdin',
        '-y',
        '-i',
        read.path,
        '-af',
        `asetrate=${before.fileRate * 1.04},aresample=${before.fileRate}`,
        '-c:a',
        'pcm_s24le',
        resampled,
      ])
      const moved = await samples(resampled)
      const f0Moved = medianF0(moved.x, moved.rate)
      expect(f0Moved.hz / f0Before.hz).toBeGreaterThan(1.03)
      expect(f0Moved.hz / f0Before.hz).toBeLessThan(1.05)
    }, 90_000)
  }
})
