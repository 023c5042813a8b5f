/**
 * The operating system's pieces the schedules are driven by, as small interfaces (so tests need no
 * Electron and no real time): a clock, timers, the power monitor (Electron's powerMonitor satisfies it)
 * and the online state.
 */
export interface PollClock {
  now(): number
}

export interface PollTimers {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export type PowerEvent = 'suspend' | 'resume' | 'lock-screen' | 'unlock-screen'

/** Electron's powerMonitor satisfies this. */
export interface PowerMonitorLike {
  on(event: PowerEvent, listener: () => void): unknown
  removeListener(event: PowerEvent, listener: () => void): unknown
}

/** Online state (the lead feeds it from `net.isOnline()` and the renderer's online/offline events). */
export interface OnlineStateLike {
  isOnline(): boolean
  /** Calls `listener` on every change; returns an unsubscribe function. */
  subscribe(listener: (online: boolean) => void): () => void
}
