/**
 * Shared harness of the desktop-core integration tests: a real sandbox on 127.0.0.1 (port 0, temp data
 * folder), Booth's core composed by createBoothCore with test ports (recording notifier, manual power
 * monitor and online state, in-memory secret store), a client that records every API request it sends,
 * and helpers to wait for things to happen in real time.
 */
import { EventEmitter } from 'node:events'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { RetryOptions } from '../../main/api/retry-policy'
import { createBoothCore, type BoothCore, type BoothPorts } from '../../main/app/compose'
import type { Notifier } from '../../main/notifications/notification-center'
import type { BoothNotification } from '../../main/notifications/notification-rules'
import type { PowerEvent, PowerMonitorLike } from '../../main/polling/poll-ports'
import type { PollIntervals } from '../../main/polling/poll-rules'
import { createLog, type Log, type LogEntry } from '../../main/logging/redacting-log'
import type { SecretStore } from '../../main/session/secret-store'
import { DEFAULT_JOB_LIST_QUERY, type BridgeEventName, type JobListQuery } from '../../shared/bridge'
import { startSandbox, type KeyOption, type RunningSandbox } from '../../sandbox/server'
import type { DomainWorld } from '../../sandbox/domain/index'

export const PENDING: JobListQuery = DEFAULT_JOB_LIST_QUERY

/** Temp folders made by this file's tests; removeTempDirs() deletes them. */
const tempDirs: string[] = []

export async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `booth-it-${prefix}-`))
  tempDirs.push(dir)
  return dir
}

export async function removeTempDirs(): Promise<void> {
  await Promise.all(tempDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
}

export interface TestSandbox extends RunningSandbox {
  world: DomainWorld
  /** What the sandbox logged (answers that broke the contract, failures). */
  lines: string[]
}

/** A sandbox with the given keys, no producer of its own, its state kept in `dataDir` (restartable). */
export async function startTestSandbox(opts: {
  keys: KeyOption[]
  dataDir: string
  port?: number
  rateLimit?: { limit: number; windowMs: number }
}): Promise<TestSandbox> {
  const lines: string[] = []
  const sandbox = await startSandbox({
    port: opts.port ?? 0,
    keys: opts.keys,
    dataDir: opts.dataDir,
    producer: false,
    log: (line) => lines.push(line),
    ...(opts.rateLimit ? { rateLimit: opts.rateLimit } : {}),
  })
  return Object.assign(sandbox, { world: sandbox.world as DomainWorld, lines })
}

export class MemorySecretStore implements SecretStore {
  readonly service = 'Booth-memory'
  readonly entries = new Map<string, string>()
  async get(account: string): Promise<string | null> {
    return this.entries.get(account) ?? null
  }
  async set(account: string, secret: string): Promise<void> {
    this.entries.set(account, secret)
  }
  async delete(account: string): Promise<boolean> {
    return this.entries.delete(account)
  }
}

export class RecordingNotifier implements Notifier {
  readonly shown: Array<{ notification: BoothNotification; click: () => void }> = []
  show(notification: BoothNotification, onClick: () => void): void {
    this.shown.push({ notification, click: onClick })
  }
}

/** A power monitor the test drives: power.emit('suspend'). */
export class ManualPower extends EventEmitter implements PowerMonitorLike {
  override on(event: PowerEvent, listener: () => void): this {
    return super.on(event, listener)
  }
  override removeListener(event: PowerEvent, listener: () => void): this {
    return super.removeListener(event, listener)
  }
}

import { ManualOnline } from '../support/manual-online'

export { ManualOnline }

export interface SentRequest {
  method: string
  path: string
  /** The query string, e.g. ?page=1&page_size=100 */
  search: string
  at: number
}

/** Poll timing short enough for tests; backoff still grows (50, 100, 200 … ms). */
export const FAST_POLL: Partial<PollIntervals> = {
  idleMs: 60_000,
  jitter: 0,
  focusDelayMs: 20,
  minFocusGapMs: 0,
  resumeDelayMs: 20,
  backoffBaseMs: 50,
  backoffCapMs: 2_000,
  backoffFloorMs: 10,
}

export interface CoreOptions {
  dataDir: string
  secrets?: SecretStore
  log?: Log
  intervals?: Partial<PollIntervals>
  retry?: RetryOptions
  /** The client's whole-attempt timeout (default 5 s here; Booth's own is 60 s). */
  timeoutMs?: number
  env?: BoothPorts['env']
}

export interface TestCore {
  core: BoothCore
  notifier: RecordingNotifier
  power: ManualPower
  online: ManualOnline
  secrets: SecretStore
  /** Every event the hub emitted, in order. */
  events: Array<{ event: BridgeEventName; data: unknown }>
  /** Every API request Booth's client sent (not the short-lived file links). */
  requests: SentRequest[]
  /** What Booth logged. */
  logged: LogEntry[]
  /** Every count given to the dock/taskbar badge. */
  badges: number[]
  eventsOf<T = unknown>(name: BridgeEventName): T[]
}

/** Booth's core with test ports; call `core.start(...)` yourself. */
export async function makeCore(opts: CoreOptions): Promise<TestCore> {
  const notifier = new RecordingNotifier()
  const power = new ManualPower()
  const online = new ManualOnline()
  const secrets = opts.secrets ?? new MemorySecretStore()
  const events: TestCore['events'] = []
  const requests: SentRequest[] = []
  const logged: LogEntry[] = []
  const badges: number[] = []
  const log = opts.log ?? createLog({ sink: { write: (entry) => logged.push(entry) } })
  const core = await createBoothCore({
    dataDir: opts.dataDir,
    mediaUrl: (path) => `/media-for-tests/${encodeURIComponent(path)}`,
    secrets,
    log,
    notifier,
    power,
    online,
    openExternal: async () => undefined,
    setBadge: (count) => badges.push(count),
    startDemo: () => Promise.reject(new Error('these tests sign in with their own sandbox keys')),
    ...(opts.env ? { env: opts.env } : {}),
    poll: { intervals: opts.intervals ?? FAST_POLL, random: () => 0.5 },
    clientOptions: {
      retry: opts.retry ?? { maxAttempts: 1 },
      timeoutMs: opts.timeoutMs ?? 5_000,
      fetch: (request) => {
        const url = new URL(request.url)
        requests.push({ method: request.method, path: url.pathname, search: url.search, at: Date.now() })
        return fetch(request)
      },
    },
  })
  core.hub.subscribe((event, data) => events.push({ event, data }))
  return {
    core,
    notifier,
    power,
    online,
    secrets,
    events,
    requests,
    logged,
    badges,
    eventsOf: <T>(name: BridgeEventName) => events.filter((e) => e.event === name).map((e) => e.data as T),
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Waits until `check` returns a truthy value (polled every 10 ms); fails with `what` after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => T | Promise<T>,
  timeoutMs = 5_000,
): Promise<NonNullable<T>> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value) return value as NonNullable<T>
    if (Date.now() > until) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`)
    await sleep(10)
  }
}

/**
 * The polls among the requests: each poll starts with the whole pending list (GET /jobs, page_size=100);
 * the list on screen (page_size 25 by default) is a second request of the same poll.
 */
export function listRequests(requests: SentRequest[]): SentRequest[] {
  return requests.filter(
    (r) => r.method === 'GET' && r.path.endsWith('/jobs') && new URLSearchParams(r.search).get('page_size') === '100',
  )
}

/** Pokes a poll and waits until it has sent its list request and gone quiet again. */
export async function pollOnce(t: TestCore): Promise<void> {
  const before = listRequests(t.requests).length
  const jobsEvents = t.eventsOf('jobs').length
  await t.core.handlers.refreshNow({})
  // Upper bounds, not timings: a loaded machine (CI beside other work) can take seconds over a poll.
  await waitFor('a poll to send GET /jobs', () => listRequests(t.requests).length > before, 20_000)
  await waitFor('the poll to publish the job list', () => t.eventsOf('jobs').length > jobsEvents, 20_000)
  await settle(t)
}

/** Waits until no request has been sent for `quietMs`. */
export async function settle(t: TestCore, quietMs = 150): Promise<void> {
  let count = -1
  await waitFor(
    'the core to go quiet',
    async () => {
      if (count === t.requests.length) return true
      count = t.requests.length
      await sleep(quietMs)
      return false
    },
    10_000,
  )
}

/** Every file under `dir`, recursively (absolute paths). */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name))
}
