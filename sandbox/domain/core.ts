/** The world's shared core: its state, link registry and saver, with lookups every operation uses. */
import { SandboxError } from '../seam'
import { advanceDeliveries } from './delivery-progress'
import type { LinkRegistry } from './links'
import type { JobRecord, WorldState } from './state'
import type { StateSaver } from './store'
import { viewContext, type ViewContext } from './view-context'

export class WorldCore {
  constructor(
    public state: WorldState,
    readonly links: LinkRegistry,
    private readonly saver: StateSaver,
  ) {}

  /** Bring time-driven state up to `now` (delivery processing and audio checks); saves when it moved. */
  advance(now: number): void {
    if (advanceDeliveries(this.state, now)) void this.saver.schedule(this.state).catch(() => undefined)
  }

  /**
   * Make a change and persist it. When saving fails the change is rolled back and the call answers
   * 500 not_saved ("nothing changed"; retryable with the same Idempotency-Key). Errors thrown by `change`
   * also roll back, so a refused batch changes nothing.
   */
  async mutate<T>(change: (state: WorldState) => T): Promise<T> {
    const before = structuredClone(this.state)
    let result: T
    try {
      result = change(this.state)
    } catch (err) {
      this.state = before
      throw err
    }
    try {
      await this.saver.schedule(this.state)
    } catch (err) {
      this.state = before
      throw new SandboxError(
        500,
        'not_saved',
        `The change could not be saved, nothing changed: ${(err as Error).message}`,
      )
    }
    return result
  }

  flush(): Promise<void> {
    return this.saver.flush()
  }

  view(now: number): ViewContext {
    return viewContext(this.state, now)
  }

  job(jobId: string): JobRecord {
    const job = this.state.jobs.find((j) => j.job_id === jobId)
    if (!job) throw new SandboxError(404, 'not_found', `There is no job ${jobId} for this talent.`)
    return job
  }
}
