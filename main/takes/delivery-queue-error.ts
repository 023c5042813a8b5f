/**
 * A delivery the queue refuses now (already queued, still recording, already delivered): thrown by the
 * delivery service (main/delivery/), shown by the takes area's guard (take-errors.ts) as a sentence. It
 * lives here, below both, so takes/ does not import delivery/ (which builds on takes/).
 */
export class DeliveryQueueError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'DeliveryQueueError'
  }
}
