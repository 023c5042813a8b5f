/**
 * AudioWorklet processor: copies the input's raw PCM (no compression, no processing) into interleaved
 * Float32 blocks of about 50 ms and posts them to the page, which streams them to main. With a
 * `startFrame` (of the AudioContext's clock) it copies from that frame on, so a punch-and-roll's recording
 * starts on the very frame its pre-roll starts playing.
 * Runs in the AudioWorkletGlobalScope, so it declares the few globals it uses.
 */
declare const sampleRate: number
declare const currentFrame: number
declare function registerProcessor(name: string, ctor: unknown): void
declare class AudioWorkletProcessor {
  readonly port: MessagePort
  constructor(options?: unknown)
}

class PcmCaptureProcessor extends AudioWorkletProcessor {
  private readonly channels: number
  private readonly blockFrames: number
  private block: Float32Array
  private filled = 0
  private readonly startFrame: number

  constructor(options: { processorOptions?: { channels?: number; startFrame?: number } }) {
    super(options)
    this.startFrame = options.processorOptions?.startFrame ?? 0
    this.channels = Math.max(1, Math.min(2, options.processorOptions?.channels ?? 1))
    this.blockFrames = Math.round(sampleRate * 0.05)
    this.block = new Float32Array(this.blockFrames * this.channels)
    // 'flush' (at Stop): the block so far is posted at once, then 'flushed', so the page knows it has every sample.
    this.port.onmessage = (e: MessageEvent) => {
      if (e.data !== 'flush') return
      this.flush()
      this.port.postMessage('flushed')
    }
  }

  process(inputs: Float32Array[][]): boolean {
    const input = inputs[0]
    // From its start frame on, a punch's recording keeps the clock even while the input has not delivered
    // yet (silence), so its frames stay aligned with the pre-roll.
    const frames = input && input.length > 0 ? (input[0]?.length ?? 0) : this.startFrame > 0 ? 128 : 0
    if (frames === 0) return true
    const skip = Math.max(0, Math.min(frames, this.startFrame - currentFrame))
    for (let i = skip; i < frames; i++) {
      for (let c = 0; c < this.channels; c++) {
        // A mono device feeding a stereo take is copied to both sides.
        const source = input?.[c] ?? input?.[0]
        this.block[this.filled * this.channels + c] = source ? (source[i] ?? 0) : 0
      }
      this.filled++
      if (this.filled === this.blockFrames) this.flush()
    }
    return true
  }

  private flush(): void {
    if (this.filled === 0) return
    const out = this.block.slice(0, this.filled * this.channels)
    this.port.postMessage(out, [out.buffer])
    this.filled = 0
  }
}

registerProcessor('booth-pcm-capture', PcmCaptureProcessor)
