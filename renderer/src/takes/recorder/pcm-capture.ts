/**
 * Records the chosen input without compression: getUserMedia with every voice "enhancement" off (echo
 * cancellation, noise suppression and auto gain would colour a voice-over take), an AudioWorklet copying
 * raw PCM, and an ordered stream of blocks to main, which writes the 24-bit WAV as they arrive.
 */
import workletUrl from './pcm-capture.worklet.ts?worker&url'
import { BlockSender } from './block-sender'

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
  private sender: BlockSender<InputLevel> | null = null

  constructor(private readonly sink: RecordingSink, private readonly onLevel: (level: InputLevel) => void) {}

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
    const takeId = await this.sink.start({ sampleRate: this.ctx.sampleRate, channels })
    this.takeId = takeId
    const sender = new BlockSender((pcm) => this.sink.append(takeId, pcm), (level) => this.onLevel(level))
    this.sender = sender
    const source = this.ctx.createMediaStreamSource(this.stream)
    this.node = new AudioWorkletNode(this.ctx, 'booth-pcm-capture', { numberOfInputs: 1, numberOfOutputs: 0, processorOptions: { channels } })
    this.node.port.onmessage = (e: MessageEvent<Float32Array>) => sender.push(e.data)
    source.connect(this.node)
    return this.takeId
  }

  async stop(): Promise<string> {
    const takeId = this.takeId
    if (!takeId) throw new Error('Nothing is being recorded.')
    this.node?.port.postMessage('flush')
    // Let the worklet's last block arrive before the graph is torn down.
    await new Promise((r) => setTimeout(r, 120))
    await this.teardown()
    await this.sender?.drain()
    if (this.sender?.failure) throw this.sender.failure
    await this.sink.stop(takeId)
    this.takeId = null
    return takeId
  }

  async cancel(): Promise<void> {
    const takeId = this.takeId
    await this.teardown()
    await this.sender?.clear()
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
