/**
 * A take streamed in real time through the same calls a recording makes (startRecording, appendRecording
 * with base64 float32 chunks, stopRecording: the take store's streaming WAV writer and the running
 * measurement, wrapped by the prompter's hooks), with every `follow` event the prompter sends and the
 * take time it was sent at. A chunk covering [t, t + 20 ms) of the take is sent at t + 20 ms, as a
 * capture delivers it. After the words, room tone runs on for a moment before Stop, as in a booth.
 */
import { EventHub } from '../../main/bridge/event-hub'
import { measureTake } from '../../main/audio/measure-take'
import { createRecordingCalls } from '../../main/takes/recording-handlers'
import { TakeStore } from '../../main/takes/take-store'
import { createPrompterArea } from '../../main/prompter/prompter-area'
import type { FollowEngine } from '../../main/prompter/follow-engine'
import type { PaceOptions } from '../../main/prompter/pace-model'
import type { FollowPosition } from '../../shared/bridge-prompter'
import { scriptModel } from '../../main/readback/script/script-model'
import type { HighlightMove } from './follow-metrics'
import { TAKE_RATE } from './follow-takes'

export interface StreamedTake {
  /** `atS`: wall-clock seconds since the take started; `takeS`: seconds of the take sent by then. */
  events: Array<{ atS: number; takeS: number; position: FollowPosition }>
  /** Each move of the highlight as a script word index, at its wall-clock time. */
  moves: HighlightMove[]
  /** The same moves at the take time they came (how much of the take had been sent): what a busy machine changes least. */
  takeMoves: HighlightMove[]
  warnings: string[]
}

const CHUNK_S = 0.02
const ROOM_TONE_AFTER_S = 1.5

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, Math.max(0, ms)))
}

export async function streamTake(opts: {
  script: string
  pcm48k: Float32Array
  dataDir: string
  engines?: FollowEngine[]
  pace?: boolean | Partial<PaceOptions>
}): Promise<StreamedTake> {
  const hub = new EventHub()
  const warnings: string[] = []
  const store = new TakeStore({ dataDir: opts.dataDir, measure: measureTake })
  const calls = createRecordingCalls(
    store,
    async () => ({ stem: 'FOLLOW', spotLengthS: null, kind: 'dry_voice' }),
    () => {},
  )
  const area = createPrompterArea({
    dataDir: opts.dataDir,
    hub,
    warn: (m) => warnings.push(m),
    ...(opts.engines ? { engines: opts.engines } : {}),
    ...(opts.pace !== undefined ? { pace: opts.pace } : {}),
  })
  const recording = area.wrapTakeHandlers({
    startRecording: calls.start,
    appendRecording: calls.append,
    // The take's metadata is not what is measured here.
    stopRecording: async (a: { takeId: string }) => {
      await calls.stop(a)
    },
    cancelRecording: calls.cancel,
  } as unknown as Parameters<typeof area.wrapTakeHandlers>[0])
  // The page asks for the prompter's settings when it shows the script, which readies the recogniser.
  await area.handlers.getPrompterSettings({})
  await area.prepare()
  const events: StreamedTake['events'] = []
  let t0 = 0
  let sentS = 0
  hub.subscribe((name, data) => {
    if (name === 'follow')
      events.push({ atS: (performance.now() - t0) / 1000, takeS: sentS, position: data as FollowPosition })
  })
  const chunk = Math.round(TAKE_RATE * CHUNK_S)
  const tail = new Float32Array(Math.round(TAKE_RATE * ROOM_TONE_AFTER_S))
  const pcm = new Float32Array(opts.pcm48k.length + tail.length)
  pcm.set(opts.pcm48k)
  const { takeId } = await recording.startRecording({
    jobId: '7',
    sampleRate: TAKE_RATE,
    channels: 1,
    script: { revision_id: null, text: opts.script },
  })
  t0 = performance.now()
  for (let i = 0, n = 1; i < pcm.length; i += chunk, n++) {
    await sleep(t0 + n * CHUNK_S * 1000 - performance.now())
    const piece = pcm.slice(i, i + chunk)
    sentS = (i + piece.length) / TAKE_RATE
    await recording.appendRecording({ takeId, pcmBase64: Buffer.from(piece.buffer).toString('base64') })
  }
  await recording.stopRecording({ takeId })
  area.stop()
  const words = scriptModel(opts.script).words
  const moves: HighlightMove[] = []
  const takeMoves: HighlightMove[] = []
  for (const e of events) {
    if (e.position.status !== 'following' || !e.position.word) continue
    const index = words.findIndex((w) => w.from === e.position.word?.from)
    if (index < 0) continue
    moves.push({ atS: e.atS, index })
    takeMoves.push({ atS: e.takeS, index })
  }
  return { events, moves, takeMoves, warnings }
}
