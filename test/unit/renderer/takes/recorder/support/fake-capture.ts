/**
 * A capture and a clock for the recorder store without a browser: takes and punches that talk to the
 * (fake) bridge exactly as PcmCapture and PunchAudio do — main's recording calls through the sink,
 * startPunch / appendRecording — opened when the test says so, and time that moves only when told.
 */
import type { BoothApi } from '../../../../../../shared/bridge'
import type { TakeView } from '../../../../../../shared/bridge-takes'
import type { InputLevel, RecordingSink } from '../../../../../../renderer/src/takes/recorder/pcm-capture'
import type {
  PunchCapture,
  PunchCaptureOptions,
  PunchStarted,
  RecorderCapture,
  RecorderClock,
  TakeCapture,
} from '../../../../../../renderer/src/takes/recorder/recorder-types'

function gate() {
  let open: () => void = () => undefined
  let fail: (err: unknown) => void = () => undefined
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve
    fail = reject
  })
  return { promise, open, fail }
}

export class FakeTake implements TakeCapture {
  takeId: string | null = null
  sent = 0
  readonly opening = gate()
  log: string[] = []
  constructor(
    private readonly sink: RecordingSink<TakeView>,
    private readonly onLevel: (l: InputLevel) => void,
    readonly onFailure: (err: unknown) => void,
  ) {}
  async start(deviceId: string | null): Promise<string> {
    this.log.push(`start ${deviceId ?? 'default'}`)
    await this.opening.promise
    this.takeId = await this.sink.start({ sampleRate: 48_000, channels: 1 })
    return this.takeId
  }
  /** One block through main, as the worklet would send it. */
  async block(): Promise<void> {
    if (!this.takeId) throw new Error('not started')
    this.sent++
    this.onLevel(await this.sink.append(this.takeId, 'AAAA'))
  }
  stop(): Promise<TakeView> {
    this.log.push('stop')
    if (!this.takeId) return Promise.reject(new Error('Nothing is being recorded.'))
    return this.sink.stop(this.takeId, undefined, this.sent)
  }
  async cancel(): Promise<void> {
    this.log.push('cancel')
    const id = this.takeId
    this.takeId = null
    if (id) await this.sink.cancel(id)
  }
  async abandon(): Promise<void> {
    this.log.push('abandon')
  }
}

export class FakePunch implements PunchCapture {
  started: PunchStarted | null = null
  position = 0
  readonly opening = gate()
  log: string[] = []
  constructor(
    private readonly api: BoothApi,
    readonly o: PunchCaptureOptions,
  ) {}
  async prepare(): Promise<PunchStarted> {
    await this.opening.promise
    const { recordingTakeId, plan } = await this.api.startPunch({
      takeId: this.o.takeId,
      sentence: this.o.sentence,
      sampleRate: 48_000,
      channels: 1,
      latencySamples: 480,
      latencySource: 'reported',
      prerollS: this.o.prerollS,
    })
    this.started = { recordingTakeId, plan, latency: { samples: 480, ms: 10, source: 'reported' } }
    this.position = plan.preroll_s
    return this.started
  }
  roll(): void {
    this.log.push('roll')
  }
  positionS(): number {
    return this.position
  }
  async stop(): Promise<void> {
    this.log.push('stop')
  }
  async cancel(): Promise<void> {
    this.log.push('cancel')
  }
}

export function fakeCapture(api: BoothApi) {
  const takes: FakeTake[] = []
  const punches: FakePunch[] = []
  let inputsChanged: (() => void) | null = null
  const capture: RecorderCapture = {
    listInputs: async () => [
      { deviceId: 'default', label: 'Default' },
      { deviceId: 'usb', label: 'USB Audio CODEC' },
    ],
    watchInputs: (changed) => {
      inputsChanged = changed
      return () => {
        inputsChanged = null
      }
    },
    take: (sink, onLevel, onFailure) => {
      const t = new FakeTake(sink, onLevel, onFailure)
      takes.push(t)
      return t
    },
    punch: (o) => {
      const p = new FakePunch(api, o)
      punches.push(p)
      return p
    },
    describeError: (err) =>
      (err as { name?: string })?.name === 'NotAllowedError'
        ? 'Booth may not use the microphone. Allow it in the system settings, then try again.'
        : String((err as Error)?.message ?? err),
  }
  return { capture, takes, punches, watching: () => inputsChanged !== null }
}

/** Timers and frames that run only when the test moves time. */
export function fakeClock() {
  let now = 0
  let next = 1
  const timers = new Map<number, { at: number; every: number | null; fn: () => void }>()
  const frames = new Map<number, () => void>()
  const clock: RecorderClock = {
    now: () => now,
    after: (ms, fn) => {
      const id = next++
      timers.set(id, { at: now + ms, every: null, fn })
      return () => void timers.delete(id)
    },
    every: (ms, fn) => {
      const id = next++
      timers.set(id, { at: now + ms, every: ms, fn })
      return () => void timers.delete(id)
    },
    frames: (fn) => {
      const id = next++
      frames.set(id, fn)
      return () => void frames.delete(id)
    },
    afterPaint: async () => undefined,
  }
  return {
    clock,
    /** Moves time on by `ms`, running what falls due in order. */
    advance(ms: number) {
      const end = now + ms
      for (;;) {
        const due = [...timers].filter(([, t]) => t.at <= end).sort(([, a], [, b]) => a.at - b.at)[0]
        if (!due) break
        const [id, t] = due
        now = t.at
        if (t.every === null) timers.delete(id)
        else t.at += t.every
        t.fn()
      }
      now = end
    },
    /** One frame of the page. */
    frame() {
      for (const fn of [...frames.values()]) fn()
    },
    pending: () => timers.size + frames.size,
  }
}
