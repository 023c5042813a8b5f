/**
 * Records the chosen input without compression: getUserMedia with every voice "enhancement" off (echo
 * cancellation, noise suppression and auto gain would colour a voice-over take), an AudioWorklet copying
 * raw PCM, and an ordered stream of blocks to main, which writes the 24-bit WAV as they arrive.
 */
import workletUrl from './pcm-capture.worklet.ts?worker&url'
import { float32ToBase64, joinBlocks } from './pcm-encoding'

export interface InputLevel {
  peakDbfs: number
  rmsDbfs: number
  clipped: boolean
}

/** Main's side of a recording, reached through the bridge. */
export interface RecordingSink {
  start(args: { sampleRate: number; channels: number }): Promise<string>
  append(takeId: string, pcmBase64: string): Promise<InputLevel>
  stop(takeId: string): Promise<void>
  cancel(takeId: string): Promise<void>
}

export interface AudioInput {
  deviceId: string
  label: string
}

/** Inputs the person can choose; labels appear once microphone access was granted. */
export async function listInputs(): Promise<AudioInput[]> {
  const devices = await navigator.mediaDevices.enumerateDevices()
  return devices
    .filter((d) => d.kind === 'audioinput')
    .map((d, i) => ({ deviceId: d.deviceId, label: d.label || `Input ${i + 1}` }))
}

export function describeCaptureError(err: unknown): string {
  const name = (err as { name?: string })?.name
  if (name === 'NotAllowedError') return 'Booth may not use the microphone. Allow it in the system settings, then try again.'
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'The chosen input is not connected. Choose another input.'
  if (name === 'NotReadableError') return 'The input is busy or failed. Close other apps using it, or choose another input.'
  return err instanceof Error ? err.message : 'Recording could not start.'
}

export class PcmCapture {
  private ctx: AudioContext | null = null
  private stream: MediaStream | null = null
  private node: AudioWorkletNode | null = null
  private takeId: string | null = null
  private queue: Float32Array[] = []
  private sending: Promise<void> | null = null
  private failure: unknown = null

  /**
   * `onFailure`: a chunk main refused (the disk stopped the take, Booth is gone): the input is released at
   * once and the recorder told, once; nothing more is sent.
   */
  constructor(
    private readonly sink: RecordingSink,
    private readonly onLevel: (level: InputLevel) => void,
    private readonly onFailure: (err: unknown) => void = () => undefined,
  ) {}

  async start(deviceId: string | null, channels: 1 | 2): Promise<string> {
    this.stream = await navigator.mediaDevices.getUserMedia({
      audio: {
        ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
        channelCount: { ideal: channels },
        echoCancellation: false,
        noiseSuppression: false,
        autoGainControl: false,
      },
    })
    this.ctx = new AudioContext({ latencyHint: 'interactive' })
    await this.ctx.audioWorklet.addModule(workletUrl)
    this.takeId = await this.sink.start({ sampleRate: this.ctx.sampleRate, channels })
    const source = this.ctx.createMediaStreamSource(this.stream)
    this.node = new AudioWorkletNode(this.ctx, 'booth-pcm-capture', { numberOfInputs: 1, numberOfOutputs: 0, processorOptions: { channels } })
    this.node.port.onmessage = (e: MessageEvent<Float32Array>) => {
      this.queue.push(e.data)
      this.pump()
    }
    source.connect(this.node)
    return this.takeId
  }

  /** One append in flight at a time, so blocks reach main in order; what queues meanwhile goes as one. */
  private pump(): void {
    if (this.sending || !this.takeId || this.queue.length === 0) return
    const takeId = this.takeId
    const block = joinBlocks(this.queue.splice(0))
    this.sending = this.sink
      .append(takeId, float32ToBase64(block))
      .then((level) => this.onLevel(level))
      .catch((err: unknown) => {
        if (this.failure !== null) return
        this.failure = err
        this.queue = []
        void this.teardown()
        this.onFailure(err)
      })
      .finally(() => {
        this.sending = null
        if (this.failure === null) this.pump()
      })
  }

  private async drain(): Promise<void> {
    while (this.sending || (this.queue.length > 0 && this.failure === null)) {
      this.pump()
      await this.sending
    }
  }

  async stop(): Promise<string> {
    const takeId = this.takeId
    if (!takeId) throw new Error('Nothing is being recorded.')
    this.node?.port.postMessage('flush')
    // Let the worklet's last block arrive before the graph is torn down.
    await new Promise((r) => setTimeout(r, 120))
    await this.teardown()
    await this.drain()
    if (this.failure) throw this.failure
    await this.sink.stop(takeId)
    this.takeId = null
    return takeId
  }

  /** Lets go of the input without telling main (Booth is gone): nothing more is sent. */
  async abandon(): Promise<void> {
    this.failure ??= new Error('Booth is not running.')
    this.queue = []
    await this.teardown()
  }

  async cancel(): Promise<void> {
    const takeId = this.takeId
    await this.teardown()
    this.queue = []
    await this.sending
    this.takeId = null
    if (takeId) await this.sink.cancel(takeId)
  }

  private async teardown(): Promise<void> {
    this.node?.disconnect()
    for (const track of this.stream?.getTracks() ?? []) track.stop()
    await this.ctx?.close().catch(() => undefined)
    this.node = null
    this.stream = null
    this.ctx = null
  }
}
