/**
 * The recording as the speech recognisers hear it, while it arrives: interleaved float32 PCM at the
 * input's rate and channel count in, 16 kHz mono out. Channels are averaged; the rate is changed by
 * windowed-sinc interpolation with its cut-off below the new Nyquist frequency, so 48 kHz or 44.1 kHz
 * input does not fold back. Output sample k is the input at time k / 16000 s exactly: the take's clock
 * and the recogniser's agree. Streaming: each push returns the samples it completed.
 */
export const SPEECH_RATE = 16_000

/** Input samples on each side of an output sample. */
const HALF_TAPS = 16
/** Cut-off as a share of the output Nyquist frequency (7.2 kHz at 16 kHz: speech keeps its consonants). */
const CUTOFF = 0.9
/** Kernel values per input sample of distance, looked up (with linear interpolation) instead of computed. */
const TABLE_STEPS = 256

export class PcmTo16k {
  private readonly step: number
  private readonly table: Float64Array
  /** Mono input not yet used, starting at absolute input index `base`. */
  private pending = new Float32Array(0)
  private base = 0
  /** Absolute index of the next output sample. */
  private next = 0

  constructor(
    private readonly inputRate: number,
    private readonly channels: number,
  ) {
    if (!(inputRate >= 8000 && inputRate <= 384_000) || !Number.isInteger(channels) || channels < 1) {
      throw new RangeError(`Cannot listen to ${channels}-channel audio at ${inputRate} Hz.`)
    }
    this.step = inputRate / SPEECH_RATE
    // Below the output's Nyquist when rate goes down; the input's own when it goes up.
    const cutoff = Math.min(1, 1 / this.step) * CUTOFF
    this.table = new Float64Array(HALF_TAPS * TABLE_STEPS + 2)
    for (let k = 0; k < this.table.length; k++) this.table[k] = windowedSinc(k / TABLE_STEPS, cutoff)
  }

  /** Seconds of input taken in so far (the take's length as the recogniser sees it). */
  get seconds(): number {
    return (this.base + this.pending.length) / this.inputRate
  }

  push(interleaved: Float32Array): Float32Array {
    const frames = Math.floor(interleaved.length / this.channels)
    const mono = new Float32Array(this.pending.length + frames)
    mono.set(this.pending)
    for (let f = 0; f < frames; f++) {
      let sum = 0
      for (let c = 0; c < this.channels; c++) sum += interleaved[f * this.channels + c] as number
      mono[this.pending.length + f] = sum / this.channels
    }
    if (this.inputRate === SPEECH_RATE) {
      this.base += mono.length
      this.next = this.base
      this.pending = new Float32Array(0)
      return mono
    }
    const end = this.base + mono.length
    const out: number[] = []
    for (;;) {
      const x = this.next * this.step
      const centre = Math.floor(x)
      if (centre + HALF_TAPS >= end) break
      let acc = 0
      let weight = 0
      for (let i = centre - HALF_TAPS + 1; i <= centre + HALF_TAPS; i++) {
        const k = this.kernel(x - i)
        weight += k
        const at = i - this.base
        // Before the take began there is silence.
        if (at >= 0) acc += (mono[at] as number) * k
      }
      out.push(weight > 0 ? acc / weight : 0)
      this.next++
    }
    // Keep what the next output samples still reach back to.
    const keepFrom = Math.max(this.base, Math.floor(this.next * this.step) - HALF_TAPS)
    this.pending = mono.slice(keepFrom - this.base)
    this.base = keepFrom
    return Float32Array.from(out)
  }

  private kernel(d: number): number {
    const at = Math.abs(d) * TABLE_STEPS
    const k = Math.floor(at)
    if (k >= HALF_TAPS * TABLE_STEPS) return 0
    const a = this.table[k] as number
    return a + ((this.table[k + 1] as number) - a) * (at - k)
  }
}

/** A low-pass sinc at the cut-off, under a Hann window of HALF_TAPS input samples each side. */
function windowedSinc(d: number, cutoff: number): number {
  if (d >= HALF_TAPS) return 0
  const w = 0.5 + 0.5 * Math.cos((Math.PI * d) / HALF_TAPS)
  const a = Math.PI * cutoff * d
  return w * (d === 0 ? 1 : Math.sin(a) / a)
}
