/**
 * Runs read-backs one at a time in the background, never while a take is being recorded: the
 * recogniser runs in its own low-priority process (or sherpa-onnx's worker thread), and the next one
 * waits until recording stops. Each take's state goes out as a `readback` event.
 */
import type { ReadbackState } from '../../../shared/bridge-readback'
import { readbackFailureSentence } from './readback-failure'

export interface QueueDeps {
  /** Does the work for one take and returns its final state. */
  run(takeId: string, signal: AbortSignal): Promise<ReadbackState>
  emit(state: ReadbackState): void
  isRecording(): boolean
  /** How often to look again while a recording is under way (ms). */
  recheckMs?: number
  /** What the log keeps of a read-back that failed (the engine's own words). */
  warn?(message: string): void
}

export class ReadbackQueue {
  private readonly waiting: string[] = []
  private running: { takeId: string; abort: AbortController } | null = null
  private timer: ReturnType<typeof setTimeout> | null = null
  private stopped = false
  private idle: Promise<void> = Promise.resolve()
  private settle: (() => void) | null = null

  constructor(private readonly deps: QueueDeps) {}

  /** Puts a take in line (once); its state becomes queued. */
  add(takeId: string): ReadbackState {
    const state: ReadbackState = { takeId, status: 'queued', result: null, message: null }
    if (this.stopped) return state
    if (!this.waiting.includes(takeId) && this.running?.takeId !== takeId) this.waiting.push(takeId)
    if (!this.settle)
      this.idle = new Promise((r) => {
        this.settle = r
      })
    this.deps.emit(state)
    this.kick()
    return state
  }

  /** The state of a take still in line or running, or null. */
  pending(takeId: string): ReadbackState | null {
    if (this.running?.takeId === takeId) return { takeId, status: 'running', result: null, message: null }
    return this.waiting.includes(takeId) ? { takeId, status: 'queued', result: null, message: null } : null
  }

  /** Resolves when nothing is waiting or running. */
  whenIdle(): Promise<void> {
    return this.idle
  }

  async stop(): Promise<void> {
    this.stopped = true
    this.waiting.length = 0
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.running?.abort.abort()
    this.kick()
    await this.idle
  }

  private kick(): void {
    if (this.running || this.timer) return
    if (this.stopped || this.waiting.length === 0) {
      this.settle?.()
      this.settle = null
      return
    }
    if (this.deps.isRecording()) {
      this.timer = setTimeout(() => {
        this.timer = null
        this.kick()
      }, this.deps.recheckMs ?? 1000)
      this.timer.unref?.()
      return
    }
    const takeId = this.waiting.shift() as string
    const abort = new AbortController()
    this.running = { takeId, abort }
    this.deps.emit({ takeId, status: 'running', result: null, message: null })
    this.deps
      .run(takeId, abort.signal)
      .catch((err: unknown): ReadbackState => {
        this.deps.warn?.(
          `the read-back of take ${takeId} did not finish: ${err instanceof Error ? err.message : String(err)}`,
        )
        return { takeId, status: 'failed', result: null, message: readbackFailureSentence(err) }
      })
      .then((state) => {
        this.running = null
        this.deps.emit(state)
        this.kick()
      })
  }
}
