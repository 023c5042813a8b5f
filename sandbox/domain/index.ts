/**
 * The sandbox's domain: the talent's world behind the operations of the talent API reference (resources/api/talent-v1.yaml) (see sandbox/seam.ts).
 * createWorld seeds a world (deterministic from `seed`, relative to `now`) or, with `dataDir`, loads the
 * one saved in dataDir/world.json, and saves it atomically after every change.
 */
import type { OperationContext, OperationId, OperationInput, Operation, World } from '../seam'
import { WorldCore } from './core'
import { computeEarnings } from './earnings'
import { LinkRegistry } from './links'
import { accountOperations } from './ops-account'
import { deliveryOperations } from './ops-deliveries'
import { jobActionOperations } from './ops-job-actions'
import { jobReadOperations } from './ops-jobs'
import { scriptsPdfOperation } from './ops-scripts-pdf'
import { approveTake, changeScript, producerStep, requestChanges, sendJob, type ProducerEvent } from './producer'
import { createRng, type Rng } from './rng'
import { seedWorld } from './seed-world'
import type { WorldState } from './state'
import { StateSaver, loadState } from './store'

export interface CreateWorldOptions {
  dataDir?: string
  now?: () => number
  producer?: { intervalMs: number } | false
  seed?: number
}

type ProducerFn = (jobId?: string) => Promise<ProducerEvent | null>

/** The World of the seam, plus direct access for tests and tools. */
export interface DomainWorld extends World {
  /** The simulated producer's actions, each applied (and saved) at the world's clock. */
  producer: {
    approve: ProducerFn
    requestChanges: ProducerFn
    changeScript: ProducerFn
    sendJob: () => Promise<ProducerEvent | null>
    step: () => Promise<ProducerEvent | null>
  }
  /** The current state (read-only use: tests and diagnostics). */
  state(): WorldState
}

export const DEFAULT_SEED = 20_250_301

export async function createWorld(opts: CreateWorldOptions = {}): Promise<DomainWorld> {
  const now = opts.now ?? Date.now
  const saver = new StateSaver(opts.dataDir)
  const loaded = opts.dataDir ? await loadState(opts.dataDir) : null
  const core = new WorldCore(loaded ?? seedWorld(opts.seed ?? DEFAULT_SEED, now()), new LinkRegistry(), saver)
  if (!loaded && opts.dataDir) await saver.schedule(core.state)

  const earnings = {
    getEarnings: (input: OperationInput, ctx: OperationContext) => {
      core.advance(ctx.now())
      const q = input.query
      return computeEarnings(core.state, {
        from: String(q.from ?? ''),
        to: String(q.to ?? ''),
        customer_id: (q.customer_id as string | null | undefined) ?? null,
      })
    },
  }
  const operations: Record<OperationId, Operation> = {
    ...accountOperations(core),
    ...jobReadOperations(core),
    ...jobActionOperations(core),
    ...deliveryOperations(core),
    ...scriptsPdfOperation(core),
    ...earnings,
  }

  const producerOn = opts.producer !== false && opts.producer !== undefined
  const intervalMs = opts.producer ? Math.max(50, opts.producer.intervalMs) : 0
  const act = (fn: (state: WorldState, rng: Rng, at: number) => ProducerEvent | null) => {
    const at = now()
    core.advance(at)
    return core.mutate((state) => {
      const rng = createRng(state.producer_rng)
      const event = fn(state, rng, at)
      state.producer_rng = rng.state()
      return event
    })
  }
  const producer: DomainWorld['producer'] = {
    approve: (jobId) => act((s, rng, at) => approveTake(s, rng, at, jobId)),
    requestChanges: (jobId) => act((s, rng, at) => requestChanges(s, rng, at, jobId)),
    changeScript: (jobId) => act((s, rng, at) => changeScript(s, rng, at, jobId)),
    sendJob: () => act((s, rng, at) => sendJob(s, rng, at)),
    step: () => act((s, rng, at) => producerStep(s, rng, at)),
  }

  let closed = false
  const tick = (at: number): void => {
    if (closed) return
    core.advance(at)
    if (!producerOn) return
    const due = core.state.producer_next_at
    if (due === null || at >= due) {
      void core
        .mutate((state) => {
          if (due !== null) {
            const rng = createRng(state.producer_rng)
            producerStep(state, rng, at)
            state.producer_rng = rng.state()
          }
          state.producer_next_at = at + intervalMs
        })
        .catch(() => undefined) // a failed save leaves the world as it was; the next tick tries again
    }
  }
  const timer = producerOn ? setInterval(() => tick(now()), intervalMs) : null
  timer?.unref()

  return {
    operations,
    openLink: (token, at) => core.links.open(token, at),
    uploadsInUse: () =>
      new Set(core.state.jobs.flatMap((j) => j.deliveries.map((d) => d.handle).filter((h): h is string => h !== null))),
    tick,
    save: () => core.flush().then(() => saver.schedule(core.state)),
    close: async () => {
      closed = true
      if (timer) clearInterval(timer)
      await core.flush().catch(() => undefined)
    },
    producer,
    state: () => core.state,
  }
}
