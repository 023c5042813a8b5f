/**
 * The one-click latency calibration: plays the clicks of shared/versions/calibration-click.ts through the
 * speakers while the chosen input records, from the same frame of the AudioContext's clock, and asks main
 * where it heard them (analyzeCalibration). The result is the whole round trip a punch compensates.
 */
import type { BoothApi } from '../../../../shared/bridge'
import type { CalibrationView } from '../../../../shared/versions/types'
import { calibrationSignal } from '../../../../shared/versions/calibration-click'
import workletUrl from './pcm-capture.worklet.ts?worker&url'
import { float32ToBase64, joinBlocks } from './pcm-encoding'

export interface CalibrationResult extends CalibrationView {
  sampleRate: number
  /** The device the input track reported (the remembered key), '' for the default. */
  deviceId: string
}

export async function calibrateLatency(api: BoothApi, deviceId: string | null): Promise<CalibrationResult> {
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: {
      ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
      channelCount: { ideal: 1 },
      echoCancellation: false,
      noiseSuppression: false,
      autoGainControl: false,
    },
  })
  const ctx = new AudioContext({ latencyHint: 'interactive' })
  try {
    await ctx.audioWorklet.addModule(workletUrl)
    const signal = calibrationSignal(ctx.sampleRate)
    const buffer = ctx.createBuffer(1, signal.length, ctx.sampleRate)
    buffer.getChannelData(0).set(signal)
    const startAt = ctx.currentTime + 0.15
    const blocks: Float32Array[] = []
    const node = new AudioWorkletNode(ctx, 'booth-pcm-capture', {
      numberOfInputs: 1,
      numberOfOutputs: 0,
      processorOptions: { channels: 1, startFrame: Math.round(startAt * ctx.sampleRate) },
    })
    node.port.onmessage = (e: MessageEvent<Float32Array>) => blocks.push(e.data)
    ctx.createMediaStreamSource(stream).connect(node)
    const player = ctx.createBufferSource()
    player.buffer = buffer
    player.connect(ctx.destination)
    player.start(startAt)
    await new Promise<void>((resolve) => {
      player.onended = () => resolve()
    })
    node.port.postMessage('flush')
    await new Promise((r) => setTimeout(r, 150))
    node.disconnect()
    const heard = joinBlocks(blocks).subarray(0, signal.length)
    if (heard.length < signal.length / 2)
      throw new Error('The input delivered no sound during the calibration. Check the input, then try again.')
    const view = await api.analyzeCalibration({
      sampleRate: ctx.sampleRate,
      channels: 1,
      pcmBase64: float32ToBase64(heard),
    })
    const settings = stream.getAudioTracks()[0]?.getSettings()
    return { ...view, sampleRate: ctx.sampleRate, deviceId: settings?.deviceId ?? deviceId ?? '' }
  } finally {
    for (const track of stream.getTracks()) track.stop()
    await ctx.close().catch(() => undefined)
  }
}
