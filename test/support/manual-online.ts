/** An online state a test switches by hand, as Electron's net module or the OS would report it. */
import type { OnlineStateLike } from '../../main/polling/poll-ports'

export class ManualOnline implements OnlineStateLike {
  private readonly listeners = new Set<(online: boolean) => void>()
  constructor(private online = true) {}
  isOnline(): boolean {
    return this.online
  }
  subscribe(listener: (online: boolean) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
  set(online: boolean): void {
    this.online = online
    for (const fn of this.listeners) fn(online)
  }
}
