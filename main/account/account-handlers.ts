/**
 * The money-and-account bridge calls (shared/bridge-account.ts): earnings, availability, email
 * preferences and time zone, AI consent, and Settings (account, data folder, About).
 *
 * Reads answer what the key allows: a page whose read scope is missing answers `access` with what is
 * missing and no data, instead of failing. Writes go through sendOnce (pending-writes.json holds the
 * Idempotency-Key before the first send), so a retried save never records a change twice, and a replayed
 * answer is reported as saved.
 */
import { join } from 'node:path'
import type { SessionState } from '../../shared/bridge'
import type {
  accountCalls,
  AccountResults,
  AccountSettingsView,
  PageAccess,
  Preferences,
} from '../../shared/bridge-account'
import type { Checked } from '../../shared/check'
import type { TalentClient } from '../api/client'
import { UserFacingError } from '../bridge/describe-error'
import type { Log } from '../logging/redacting-log'
import { ALL_SCOPES, SCOPE_FEATURES } from '../session/scopes'
import { readAssumptions, readVersions, DEFAULT_APP_ROOT } from './app-info'
import { folderSize } from './folder-size'
import { sendOnce } from './idempotent-save'
import {
  accessAfterRefusal,
  explainWriteFailure,
  missingScopeError,
  pageAccess,
  PAGE_SCOPES,
  refusedScope,
  type AccountPage,
} from './page-access'
import { PendingWrites, type PendingOperation } from './pending-writes'

export interface AccountDeps {
  client: () => TalentClient | null
  dataDir: string
  log: Log
  now: () => number
  session: () => SessionState
  clearCachedScripts: () => Promise<void>
  /** Where package.json and resources/api live (default: the app root next to main/). */
  appRoot?: string
  /** Told the preferences each time the service answers them (read or saved): notification defaults, the talent's zone. */
  onPreferences?: (preferences: Preferences) => void
}

type Calls = typeof accountCalls
export type AccountHandlers = {
  [N in keyof Calls]: (args: Checked<Calls[N]>) => Promise<AccountResults[N]>
}

/** The offline cache's folder in the data folder (main/jobs/offline-cache.ts, made by booth-core). */
export const CACHE_FOLDER = 'cache'

export function createAccountHandlers(deps: AccountDeps): AccountHandlers {
  const pending = new PendingWrites(deps.dataDir, deps.log.child({ module: 'account' }))
  const appRoot = deps.appRoot ?? DEFAULT_APP_ROOT

  function requireClient(): TalentClient {
    const client = deps.client()
    if (!client) throw new UserFacingError('signed_out', 'Sign in or start the demo to see your account.', 401)
    return client
  }

  async function readPage<T>(
    page: AccountPage,
    read: (client: TalentClient) => Promise<T>,
  ): Promise<{ access: PageAccess; data: T | null }> {
    const client = requireClient()
    const access = pageAccess(deps.session(), page)
    if (!access.canRead) return { access, data: null }
    try {
      return { access, data: await read(client) }
    } catch (err) {
      const scope = refusedScope(err, PAGE_SCOPES[page].read)
      if (scope) return { access: accessAfterRefusal(access, scope), data: null }
      throw err
    }
  }

  async function save<T extends { replayed: boolean }>(
    page: AccountPage,
    op: PendingOperation,
    body: unknown,
    send: (client: TalentClient, idempotencyKey: string) => Promise<T>,
  ): Promise<{ result: T; savedAt: number }> {
    const client = requireClient()
    const scope = PAGE_SCOPES[page].write as string
    if (!pageAccess(deps.session(), page).canWrite) throw missingScopeError(scope)
    try {
      const result = await sendOnce(pending, op, body, deps.now, (key) => send(client, key))
      deps.log.info('account change saved', { op, replayed: result.replayed })
      return { result, savedAt: deps.now() }
    } catch (err) {
      throw explainWriteFailure(err, scope)
    }
  }

  async function pendingOf<B>(op: PendingOperation): Promise<{ body: B; since: number } | null> {
    const entry = await pending.get(op)
    return entry ? { body: entry.body as B, since: entry.since } : null
  }

  async function settingsView(): Promise<AccountSettingsView> {
    const session = deps.session()
    const scopes = session.account?.scopes ?? []
    const has = (s: string) => scopes.includes('*') || scopes.includes(s)
    const [data, cache, versions] = await Promise.all([
      folderSize(deps.dataDir).catch((err: unknown) => {
        deps.log.warn('the data folder could not be measured', { err })
        return null
      }),
      folderSize(join(deps.dataDir, CACHE_FOLDER)).catch(() => ({ files: 0, bytes: 0 })),
      readVersions(appRoot),
    ])
    return {
      baseUrl: session.baseUrl,
      scopes: ALL_SCOPES.map((scope) => ({ scope, granted: has(scope), unlocks: SCOPE_FEATURES[scope] ?? '' })),
      dataDir: deps.dataDir,
      dataBytes: data?.bytes ?? null,
      cachedScripts: cache,
      versions,
    }
  }

  return {
    getEarnings: async (query) => {
      const { access, data } = await readPage('earnings', (c) => c.earnings(query))
      const report = data && {
        from: data.from,
        to: data.to,
        rates_visible_any: data.rates_visible_any,
        lines: data.lines,
        totals: data.totals,
        hidden_customers: data.hidden_customers,
        unrated_jobs: data.unrated_jobs,
        truncated: data.truncated,
      }
      return { access, query, report, fetchedAt: deps.now() }
    },

    getAvailability: async () => {
      const { access, data } = await readPage('availability', (c) => c.getAvailability())
      const availability = data && { days: data.days, same_day: data.same_day, mixed: data.mixed, rows: data.rows }
      return { access, availability, pending: await pendingOf('putAvailability'), fetchedAt: deps.now() }
    },

    saveAvailability: async (input) => {
      // The same days in any order are the same input (and the same key when retried).
      const body = { days: [...new Set(input.days)].sort((a, b) => a - b), same_day: input.same_day }
      const { result, savedAt } = await save('availability', 'putAvailability', body, (c, idempotencyKey) =>
        c.putAvailability(body, { idempotencyKey }),
      )
      const { replayed, days, same_day, rows_updated } = result
      return { saved: { days, same_day, rows_updated }, replayed, savedAt }
    },

    getPreferences: async () => {
      const { access, data } = await readPage('preferences', (c) => c.getPreferences())
      const preferences = data && { prefs: data.prefs, time_zone: data.time_zone }
      if (preferences) deps.onPreferences?.(preferences)
      return { access, preferences, pending: await pendingOf('putPreferences'), fetchedAt: deps.now() }
    },

    savePreferences: async (body) => {
      const { result, savedAt } = await save('preferences', 'putPreferences', body, (c, idempotencyKey) =>
        c.putPreferences({ prefs: body.prefs, time_zone: body.time_zone }, { idempotencyKey }),
      )
      deps.onPreferences?.({ prefs: result.prefs, time_zone: result.time_zone })
      return { saved: { prefs: result.prefs, time_zone: result.time_zone }, replayed: result.replayed, savedAt }
    },

    getConsent: async () => {
      const { access, data } = await readPage('consent', (c) => c.getConsent())
      return { access, consent: data?.consent ?? null, pending: await pendingOf('putConsent'), fetchedAt: deps.now() }
    },

    saveConsent: async (body) => {
      const { result, savedAt } = await save('consent', 'putConsent', body, (c, idempotencyKey) =>
        c.putConsent({ ai_word_fixes: body.ai_word_fixes, ai_versions: body.ai_versions }, { idempotencyKey }),
      )
      return { saved: result.consent, replayed: result.replayed, savedAt }
    },

    getAccountSettings: () => settingsView(),

    clearCachedScripts: async () => {
      await deps.clearCachedScripts()
      deps.log.info('cached scripts cleared')
      return settingsView()
    },

    getApiAssumptions: async () => ({ text: await readAssumptions(appRoot) }),
  }
}
