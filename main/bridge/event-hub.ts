/** Fan-out of the bridge's events to every connected window (Electron webContents or web-host streams). */
import type { BridgeEventName, BridgeEvents } from '../../shared/bridge'

export type EventListener = (event: BridgeEventName, data: unknown) => void

/** Events that tell of a moment rather than a state: a window that opens later is not handed the last one. */
const MOMENTS: ReadonlySet<BridgeEventName> = new Set<BridgeEventName>(['notificationClicked', 'takeChecked'])

export class EventHub {
  private readonly listeners = new Set<EventListener>()
  private readonly last = new Map<BridgeEventName, unknown>()

  emit<E extends BridgeEventName>(event: E, data: BridgeEvents[E]): void {
    if (!MOMENTS.has(event)) this.last.set(event, data)
    for (const fn of this.listeners) fn(event, data)
  }

  /** Drops the latest snapshot of these events (an account's data after sign-out) so no new window is handed it. */
  forget(...events: BridgeEventName[]): void {
    for (const event of events) this.last.delete(event)
  }

  /** New subscribers get the latest snapshot of each state event at once, so a reload shows everything. */
  subscribe(fn: EventListener): () => void {
    this.listeners.add(fn)
    for (const [event, data] of this.last) fn(event, data)
    return () => this.listeners.delete(fn)
  }
}
