/**
 * Sends recorded PCM blocks to main in order: one send in flight at a time; what queues meanwhile goes
 * as one block (a slow bridge gets fewer, larger pieces instead of falling behind). The first failure
 * stops the sending and is kept for whoever finishes the recording.
 */
import { float32ToBase64, joinBlocks } from './pcm-encoding'

export class BlockSender<R> {
  private queue: Float32Array[] = []
  private sending: Promise<void> | null = null
  failure: unknown = null

  constructor(
    private readonly send: (pcmBase64: string) => Promise<R>,
    private readonly onSent: (result: R) => void = () => undefined,
  ) {}

  push(block: Float32Array): void {
    this.queue.push(block)
    this.pump()
  }

  private pump(): void {
    if (this.sending || this.queue.length === 0 || this.failure !== null) return
    const block = joinBlocks(this.queue.splice(0))
    this.sending = this.send(float32ToBase64(block))
      .then((r) => this.onSent(r))
      .catch((err: unknown) => {
        this.failure = err
      })
      .finally(() => {
        this.sending = null
        this.pump()
      })
  }

  /** Waits until everything queued was sent (or a send failed). */
  async drain(): Promise<void> {
    while (this.sending || (this.queue.length > 0 && this.failure === null)) {
      this.pump()
      await this.sending
    }
  }

  /** Drops what is queued and waits for the send in flight. */
  async clear(): Promise<void> {
    this.queue = []
    await this.sending
  }
}
