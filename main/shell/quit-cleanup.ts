/**
 * Stops Booth's services before Electron quits. Electron does not wait for promises in 'before-quit' or
 * 'will-quit' handlers, so the first 'will-quit' is held (preventDefault), the services are stopped
 * (poller, timers, uploads, ffmpeg, the demo server), and then quit is asked again, which goes through.
 * A stop that hangs is given up after `timeoutMs`, so quitting can never get stuck.
 */

/** An Electron event that can be cancelled. */
export interface QuitEventLike {
  preventDefault(): void
}

/** The part of Electron's app the quit sequence uses. */
export interface QuitAppLike {
  on(event: 'will-quit', listener: (event: QuitEventLike) => void): unknown
  quit(): void
}

export interface QuitCleanupDeps {
  /** Stops everything that keeps the process alive. */
  stop: () => Promise<void>
  /** Told when a stop failed or timed out (a logger's warn). */
  onProblem: (message: string, fields: Record<string, unknown>) => void
  timeoutMs?: number
}

export function stopServicesBeforeQuit(app: QuitAppLike, deps: QuitCleanupDeps): void {
  const timeoutMs = deps.timeoutMs ?? 5_000
  let phase: 'running' | 'stopping' | 'stopped' = 'running'
  app.on('will-quit', (event) => {
    if (phase === 'stopped') return
    event.preventDefault()
    if (phase === 'stopping') return
    phase = 'stopping'
    let timer: NodeJS.Timeout | undefined
    const timedOut = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        deps.onProblem('Booth’s services did not stop in time; quitting anyway', { timeoutMs })
        resolve()
      }, timeoutMs)
    })
    const stopped = Promise.resolve()
      .then(deps.stop)
      .catch((err: unknown) => deps.onProblem('a service failed to stop while quitting', { err }))
    void Promise.race([stopped, timedOut]).then(() => {
      clearTimeout(timer)
      phase = 'stopped'
      app.quit()
    })
  })
}
