/**
 * A level check before recording: the input's peak and RMS read from the microphone in the window, with
 * nothing sent to main and nothing written to disk. `levelOf` is the pure part (one block of samples to
 * the meter's reading); `LevelCheck` holds the microphone while the check runs and lets it go at stop().
 */
import type { InputLevel } from '../recorder/pcm-capture'
import { METER_FLOOR_DBFS } from './meter-ballistics'

/** A sample at or above this (|x|, full scale 1) counts as a clip, as in main's measurement of a take. */
export const CLIP_SAMPLE = 0.999

function dbfs(amplitude: number): number {
  return amplitude > 0 ? Math.max(METER_FLOOR_DBFS, 20 * Math.log10(amplitude)) : METER_FLOOR_DBFS
}

/** The peak and RMS of one block of samples, in dBFS (between the meter's floor and 0), and whether it clipped. */
export function levelOf(samples: ArrayLike<number>): InputLevel {
  let peak = 0
  let sum = 0
  let n = 0
  for (let i = 0; i < samples.length; i++) {
    const raw = samples[i] ?? 0
    if (Number.isNaN(raw)) continue
    // Past full scale is a clip; the meter's top is 0 dBFS.
    const x = Math.max(-1, Math.min(1, raw))
    const a = Math.abs(x)
    if (a > peak) peak = a
    sum += x * x
    n++
  }
  const rms = n > 0 ? Math.sqrt(sum / n) : 0
  return { peakDbfs: dbfs(peak), rmsDbfs: dbfs(rms), clipped: peak >= CLIP_SAMPLE }
}

/** The microphone held for a level check: getUserMedia with no voice "enhancement", an analyser, no output. */
export class LevelCheck {
  private stream: MediaStream | null = null
  private ctx: AudioContext | null = null
  private frame = 0
  private stopped = false

  constructor(private readonly onLevel: (level: InputLevel, at: number) => void) {}

  async start(deviceId: string | null): Promise<void> {
    const stream = await navigator.mediaDevices.getUserMedia({
      audio: {
        ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
        echoCancellation: false,
        noiseSuppression: false,
        autoGainControl: false,
      },
    })
    if (this.stopped) {
      for (const track of stream.getTracks()) track.stop()
      return
    }
    this.stream = stream
    const ctx = new AudioContext({ latencyHint: 'interactive' })
    this.ctx = ctx
    const analyser = ctx.createAnalyser()
    analyser.fftSize = 2048
    ctx.createMediaStreamSource(stream).connect(analyser)
    const block = new Float32Array(analyser.fftSize)
    const tick = () => {
      if (this.stopped) return
      analyser.getFloatTimeDomainData(block)
      this.onLevel(levelOf(block), performance.now())
      this.frame = requestAnimationFrame(tick)
    }
    this.frame = requestAnimationFrame(tick)
  }

  /** Lets the microphone go (its light goes out) and stops the readings. */
  async stop(): Promise<void> {
    this.stopped = true
    cancelAnimationFrame(this.frame)
    for (const track of this.stream?.getTracks() ?? []) track.stop()
    this.stream = null
    const ctx = this.ctx
    this.ctx = null
    await ctx?.close().catch(() => undefined)
  }

  /** Whether it holds the microphone now. */
  get holding(): boolean {
    return this.stream !== null && this.stream.getTracks().some((t) => t.readyState === 'live')
  }
}
