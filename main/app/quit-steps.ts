/**
 * Quitting runs its steps one after another (each may still be writing into the data folder). A step
 * that takes long says so by name, every few seconds until it ends, so a quit that hangs is never silent.
 */
export type QuitStep = readonly [name: string, run: () => unknown]

export interface QuitStepOptions {
  warn(message: string, fields: Record<string, unknown>): void
  /** How long a step may take before it is named (default 5 s), and again after each such wait. */
  warnAfterMs?: number
}

export async function runQuitSteps(steps: readonly QuitStep[], opts: QuitStepOptions): Promise<void> {
  const every = opts.warnAfterMs ?? 5_000
  for (const [name, run] of steps) {
    const started = Date.now()
    const timer = setInterval(
      () => opts.warn(`quitting is still waiting for ${name}`, { step: name, waitedMs: Date.now() - started }),
      every,
    )
    timer.unref()
    try {
      await run()
    } catch (err) {
      opts.warn(`quitting: ${name} failed`, { step: name, err })
    } finally {
      clearInterval(timer)
    }
  }
}
