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

/** Main's side of a recording, reached through the bridge; `T` is what stopping answers (the finished take). */
export interface RecordingSink<T = void> {
  start(args: { sampleRate: number; channels: number }): Promise<string>
  append(takeId: string, pcmBase64: string): Promise<InputLevel>
  /**
   * `lastPcmBase64`: the samples not yet appended, written before the take is finished. `appended`: how many
   * appends were sent, so main writes one still on its way before these.
   */
  stop(takeId: string, lastPcmBase64: string | undefined, appended: number): Promise<T>
  cancel(takeId: string): Promise<void>
}

/** The longest Stop waits for the worklet's last block (an audio thread that is stalled must not hold it up). */
const FLUSH_WAIT_MS = 250

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
  if (name === 'NotAllowedError')
    return 'Booth may not use the microphone. Allow it in the system settings, then try again.'
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return 'The chosen input is not connected. Choose another input.'
  if (name === 'NotReadableError')
    return 'The input is busy or failed. Close other apps using it, or choose another input.'
  return err instanceof Error ? err.message : 'Recording could not start.'
}

/** The input device went away mid-take (unplugged, switched off, taken by the system). */
export class InputEndedError extends Error {
  readonly kind = 'input_ended'
  constructor(readonly inputLabel: string) {
    super(`The input${inputLabel ? ` (${inputLabel})` : ''} went away.`)
    this.name = 'InputEndedError'
  }
}

export class PcmCapture<T = void> {
  private ctx: AudioContext | null = null
  private stream: MediaStream | null = null
  private node: AudioWorkletNode | null = null
  private takeId: string | null = null
  private queue: Float32Array[] = []
  private sending: Promise<void> | null = null
  /** Appends sent for this take. */
  private sent = 0
  private failure: unknown = null
  /** Set when Stop is pressed: no new append starts (what is left goes with Stop itself). */
  private stopping = false
  /** Set at Stop once the worklet's last block is in. */
  private stopped = false
  /** Told when the worklet has posted its last block after 'flush'. */
  private flushed: (() => void) | null = null

  /**
   * `onFailure`: a chunk main refused (the disk stopped the take, Booth is gone): the input is released at
   * once and the recorder told, once; nothing more is sent.
   */
  constructor(
    private readonly sink: RecordingSink<T>,
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
    this.node = new AudioWorkletNode(this.ctx, 'booth-pcm-capture', {
      numberOfInputs: 1,
      numberOfOutputs: 0,
      processorOptions: { channels },
    })
    this.node.port.onmessage = (e: MessageEvent<Float32Array | 'flushed'>) => {
      if (e.data === 'flushed') return void this.flushed?.()
      // Sound after Stop (captured while the graph was being released) is no part of the take.
      if (this.stopped) return
      this.queue.push(e.data)
      this.pump()
    }
    source.connect(this.node)
    // The input unplugged, switched off or taken away mid-take: the take stops with what was recorded.
    for (const track of this.stream.getAudioTracks()) track.addEventListener('ended', this.onInputEnded, { once: true })
    return this.takeId
  }

  /**
   * The input went away (its track ended without Booth stopping it): the take is stopped as Stop would,
   * what was recorded is kept, and the recorder is told once, by the same path as any take that stopped
   * by itself (InputEndedError, worded by recording-failure.ts).
   */
  private readonly onInputEnded = (): void => {
    if (this.stopping || this.failure !== null || !this.takeId) return
    const label = this.stream?.getAudioTracks()[0]?.label ?? ''
    // The recorder hears why at once (it goes idle and lists the take); the take is stopped meanwhile,
    // its last blocks included. A Stop that fails is the recorder's to hear only if it still listens.
    this.onFailure(new InputEndedError(label))
    this.stop().catch((stopErr: unknown) => this.onFailure(stopErr))
  }

  /** One append in flight at a time, so blocks reach main in order; what queues meanwhile goes as one. */
  private pump(): void {
    // After Stop what is left goes with Stop itself, after the append in flight.
    if (this.stopping || this.sending || !this.takeId || this.queue.length === 0) return
    const takeId = this.takeId
    const block = joinBlocks(this.queue.splice(0))
    this.sent++
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

  /**
   * Stops at once: the worklet posts what it holds and says so (no fixed wait), and what is left goes with
   * Stop itself (one round trip, not two), without waiting for the answer to an append still on its way:
   * Stop says how many were sent and main writes them first. The input is released once Stop is on its
   * way, and main's answer (the saved take) is returned. The audio context closes in the background: its
   * closing is no part of the take, and nothing waits for it.
   */
  async stop(): Promise<T> {
    const takeId = this.takeId
    if (!takeId) throw new Error('Nothing is being recorded.')
    this.stopping = true
    await this.lastBlock()
    this.stopped = true
    if (this.failure) throw this.failure
    const rest = this.queue.splice(0)
    const finishing = this.sink.stop(takeId, rest.length > 0 ? float32ToBase64(joinBlocks(rest)) : undefined, this.sent)
    // The input is let go once Stop is on its way (it is no part of the take, and this thread's time until
    // Stop leaves is the take's check's).
    void this.teardown()
    await this.sending
    if (this.failure) {
      // The append on its way was refused (the disk stopped the take): that is what the recorder says.
      finishing.catch(() => undefined)
      throw this.failure
    }
    const finished = await finishing
    this.takeId = null
    return finished
  }

  /** Waits for the worklet's 'flushed' after 'flush' (at most FLUSH_WAIT_MS, should the audio thread be stalled). */
  private lastBlock(): Promise<void> {
    const node = this.node
    if (!node) return Promise.resolve()
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, FLUSH_WAIT_MS)
      function done() {
        clearTimeout(timer)
        resolve()
      }
      this.flushed = () => {
        this.flushed = null
        done()
      }
      node.port.postMessage('flush')
    })
  }

  /** Lets go of the input without telling main (Booth is gone): nothing more is sent. */
  async abandon(): Promise<void> {
    this.failure ??= new Error('Booth is not running.')
    this.queue = []
    await this.teardown()
  }

  async cancel(): Promise<void> {
    const takeId = this.takeId
    this.flushed?.()
    await this.teardown()
    this.queue = []
    await this.sending
    this.takeId = null
    if (takeId) await this.sink.cancel(takeId)
  }

  /** Releases the input and the graph at once; the promise is the audio context closing. */
  private teardown(): Promise<void> {
    this.node?.disconnect()
    for (const track of this.stream?.getTracks() ?? []) track.stop()
    const ctx = this.ctx
    this.node = null
    this.stream = null
    this.ctx = null
    return ctx ? ctx.close().catch(() => undefined) : Promise.resolve()
  }
}
