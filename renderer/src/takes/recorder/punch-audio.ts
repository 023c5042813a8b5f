/**
 * The browser side of one punch-and-roll: the take (its current version) decoded into the AudioContext,
 * the chosen input opened with every voice "enhancement" off, and, on one frame of the context's clock,
 * the take starting to play from the pre-roll and the recording starting (the worklet copies from that
 * frame on), so frame i of the recording is the take's moment pre-roll + i − latency (main/versions/punch/punch.ts).
 * The old take falls silent at the punch point unless the setting keeps it playing. The recording streams
 * to main through startPunch's recording take and the usual appendRecording calls.
 */
import type { BoothApi } from '../../../../shared/bridge'
import type { PunchPlanView } from '../../../../shared/versions/types'
import workletUrl from './pcm-capture.worklet.ts?worker&url'
import { BlockSender } from './block-sender'
import type { InputLevel } from './pcm-capture'
import { chooseLatency, type Calibrated, type LatencyChoice } from './punch-latency'

/** How far ahead of now the pre-roll and the recording are scheduled (s): room for the graph to start. */
const LEAD_S = 0.15
/** The fade of the old take at the punch point (s). */
const FADE_S = 0.01

export interface PunchAudioOptions {
  api: BoothApi
  takeId: string
  sentence: number
  deviceId: string | null
  prerollS: number
  keepPlaying: boolean
  calibrated: (deviceId: string) => Calibrated | null
  onLevel(level: InputLevel): void
}

export interface PunchStarted {
  recordingTakeId: string
  plan: PunchPlanView
  latency: LatencyChoice
}

export class PunchAudio {
  private ctx: AudioContext | null = null
  private stream: MediaStream | null = null
  private node: AudioWorkletNode | null = null
  private player: AudioBufferSourceNode | null = null
  private sender: BlockSender<InputLevel> | null = null
  private startAt = 0
  started: PunchStarted | null = null

  constructor(private readonly o: PunchAudioOptions) {}

  /** Everything up to the first frame: the input, the take's audio, the recording take in main. */
  async prepare(): Promise<PunchStarted> {
    const { api, o } = { api: this.o.api, o: this.o }
    const ctx = new AudioContext({ latencyHint: 'interactive' })
    this.ctx = ctx
    if (ctx.state === 'suspended') await ctx.resume()
    await ctx.audioWorklet.addModule(workletUrl)
    const { url } = await api.getTakeMediaUrl({ takeId: o.takeId })
    const response = await fetch(url)
    if (!response.ok) throw new Error('Booth could not open the take to play its pre-roll.')
    const buffer = await ctx.decodeAudioData(await response.arrayBuffer())
    // The input opens last, just before the first frame.
    this.stream = await navigator.mediaDevices.getUserMedia({
      audio: {
        ...(o.deviceId ? { deviceId: { exact: o.deviceId } } : {}),
        channelCount: { ideal: 1 },
        echoCancellation: false,
        noiseSuppression: false,
        autoGainControl: false,
      },
    })
    const track = this.stream.getAudioTracks()[0]
    const settings = (track?.getSettings() ?? {}) as MediaTrackSettings & { latency?: number }
    const device = settings.deviceId ?? o.deviceId ?? ''
    const latency = chooseLatency(
      {
        baseLatency: ctx.baseLatency,
        outputLatency: (ctx as AudioContext & { outputLatency?: number }).outputLatency,
        inputLatency: settings.latency,
      },
      ctx.sampleRate,
      o.calibrated(device) ?? o.calibrated(o.deviceId ?? ''),
    )
    const { recordingTakeId, plan } = await api.startPunch({
      takeId: o.takeId,
      sentence: o.sentence,
      sampleRate: ctx.sampleRate,
      channels: 1,
      latencySamples: latency.samples,
      latencySource: latency.source,
      prerollS: o.prerollS,
    })
    this.started = { recordingTakeId, plan, latency }
    this.sender = new BlockSender(
      (pcm) => api.appendRecording({ takeId: recordingTakeId, pcmBase64: pcm }),
      (level) => o.onLevel(level),
    )
    this.buffer = buffer
    return this.started
  }

  private buffer: AudioBuffer | null = null

  /** Starts the pre-roll and the recording on the same frame. */
  roll(): void {
    const ctx = this.ctx
    const started = this.started
    const stream = this.stream
    const sender = this.sender
    if (!ctx || !started || !stream || !sender || !this.buffer) throw new Error('The punch is not ready.')
    const { plan } = started
    this.startAt = ctx.currentTime + LEAD_S
    const startFrame = Math.round(this.startAt * ctx.sampleRate)
    this.node = new AudioWorkletNode(ctx, 'booth-pcm-capture', {
      numberOfInputs: 1,
      numberOfOutputs: 0,
      processorOptions: { channels: 1, startFrame },
    })
    // The worklet also says 'flushed' after a flush (the recorder waits for it); only samples are sent.
    this.node.port.onmessage = (e: MessageEvent<Float32Array | 'flushed'>) => {
      if (typeof e.data !== 'string') sender.push(e.data)
    }
    ctx.createMediaStreamSource(stream).connect(this.node)
    const gain = ctx.createGain()
    const player = ctx.createBufferSource()
    player.buffer = this.buffer
    player.connect(gain).connect(ctx.destination)
    if (!this.o.keepPlaying) {
      const punchAt = this.startAt + (plan.punch_s - plan.preroll_s)
      gain.gain.setValueAtTime(1, Math.max(this.startAt, punchAt - FADE_S))
      gain.gain.linearRampToValueAtTime(0, punchAt)
    }
    player.start(this.startAt, plan.preroll_s)
    this.player = player
  }

  /** Where the take is now (s of the take), for the phases' position events; before the start, the pre-roll. */
  positionS(): number {
    const ctx = this.ctx
    const plan = this.started?.plan
    if (!ctx || !plan) return 0
    return plan.preroll_s + Math.max(0, ctx.currentTime - this.startAt)
  }

  /** Ends the recording: its last block sent, the graph closed; a failed send is thrown. */
  async stop(): Promise<void> {
    this.node?.port.postMessage('flush')
    // Let the worklet's last block arrive before the graph is torn down.
    await new Promise((r) => setTimeout(r, 120))
    await this.teardown()
    await this.sender?.drain()
    if (this.sender?.failure) throw this.sender.failure
  }

  /** Drops the recording's audio (main is told by cancelPunch). */
  async cancel(): Promise<void> {
    await this.teardown()
    await this.sender?.clear()
  }

  private async teardown(): Promise<void> {
    try {
      this.player?.stop()
    } catch {
      // Not started yet.
    }
    this.node?.disconnect()
    for (const track of this.stream?.getTracks() ?? []) track.stop()
    await this.ctx?.close().catch(() => undefined)
    this.player = null
    this.node = null
    this.stream = null
    this.ctx = null
  }
}
