/**
 * The account handlers against the real sandbox: a world whose account writes are counted (so a test
 * can tell one change from two), keys with every scope or only some, and handlers over a temp data dir.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startSandbox, type RunningSandbox } from '../../../sandbox/server'
import { createWorld } from '../../../sandbox/domain/index'
import type { OperationId, World } from '../../../sandbox/seam'
import { createTalentClient, type TalentClient } from '../../../main/api/client'
import { createLog, type LogEntry } from '../../../main/logging/redacting-log'
import { createAccountHandlers, type AccountHandlers } from '../../../main/account/account-handlers'
import type { SessionState } from '../../../shared/bridge'

export const FULL_TOKEN = 'booth_account_full_0001'
export const READ_ONLY_TOKEN = 'booth_account_read_0002'
export const JOBS_ONLY_TOKEN = 'booth_account_jobs_0003'

export interface AccountSandbox {
  sandbox: RunningSandbox
  world: World
  /** How many times each operation reached the world (replays are answered before it). */
  applied: Partial<Record<OperationId, number>>
  close(): Promise<void>
}

export async function startAccountSandbox(): Promise<AccountSandbox> {
  const world = await createWorld({ producer: false, now: Date.now })
  const applied: Partial<Record<OperationId, number>> = {}
  for (const op of ['putAvailability', 'putPreferences', 'putConsent'] as const) {
    const inner = world.operations[op]
    world.operations[op] = (input, ctx) => {
      applied[op] = (applied[op] ?? 0) + 1
      return inner(input, ctx)
    }
  }
  const sandbox = await startSandbox({
    port: 0,
    world,
    keys: [
      { token: FULL_TOKEN, scopes: '*' },
      { token: READ_ONLY_TOKEN, scopes: ['jobs:read', 'account:read'] },
      { token: JOBS_ONLY_TOKEN, scopes: ['jobs:read'] },
    ],
    producer: false,
    rateLimit: { limit: 100_000, windowMs: 60_000 },
    log: () => {},
  })
  return {
    sandbox,
    world,
    applied,
    close: async () => {
      await sandbox.close()
      await world.close()
    },
  }
}

export function makeClient(sandbox: RunningSandbox, token: string, maxAttempts = 2): TalentClient {
  return createTalentClient({
    baseUrl: sandbox.url,
    apiKey: () => token,
    timeoutMs: 5_000,
    retry: { maxAttempts, baseDelayMs: 1, maxDelayMs: 2 },
    sleep: async () => {},
  })
}

export async function sessionFor(client: TalentClient, baseUrl: string): Promise<SessionState> {
  const me = await client.me()
  return {
    mode: 'signed_in',
    baseUrl,
    account: { keyId: me.key_id, name: me.name, email: me.email, scopes: me.scopes, expiresAt: me.expires_at },
    warnings: [],
    missingScopes: [],
  }
}

export interface HandlerRig {
  handlers: AccountHandlers
  dataDir: string
  logged: LogEntry[]
  cleared: number
  /** Handlers over the same data dir, as after a restart of Booth. */
  restart(): AccountHandlers
  dispose(): Promise<void>
}

export async function makeHandlers(
  client: TalentClient | null,
  session: SessionState,
  dataDir?: string,
): Promise<HandlerRig> {
  const dir = dataDir ?? (await mkdtemp(join(tmpdir(), 'booth-account-')))
  const logged: LogEntry[] = []
  const log = createLog({ sink: { write: (e) => logged.push(e) } })
  const rig: HandlerRig = {
    handlers: null as unknown as AccountHandlers,
    dataDir: dir,
    logged,
    cleared: 0,
    restart: () => build(),
    dispose: () => rm(dir, { recursive: true, force: true }),
  }
  const build = () =>
    createAccountHandlers({
      client: () => client,
      dataDir: dir,
      log,
      now: Date.now,
      session: () => session,
      clearCachedScripts: async () => {
        rig.cleared += 1
        await rm(join(dir, 'cache'), { recursive: true, force: true })
      },
    })
  rig.handlers = build()
  return rig
}
