/**
 * Who Booth talks to, with which key: sign-in (GET /me, then the key into the OS keychain), sign-out,
 * demo mode, a key from the environment (web host), and what a refused key means (stop, ask again).
 * The key stays in main: it is never part of SessionState, a log line or a file.
 *
 * Offline first: a key Booth already has (keychain or environment) IS the session. At launch Booth is
 * signed in at once, with the account as the service last described it, before any network answer;
 * verify() then confirms the key when the service can be reached. Only the service answering 401 (or
 * the talent signing out) ends the session: unreachable, timeouts, 5xx, a proxy's page or a TLS failure
 * leave it signed in. (Before, launch waited for GET /me and any failure of it left Booth signed out,
 * so about half the launches under transient faults came up on the sign-in page.)
 */
import { createHash } from 'node:crypto'
import type { TalentClientOptions } from '../api/call-runner'
import { createTalentClient, type TalentClient } from '../api/client'
import type { ApiLogHook } from '../api/request-log'
import { isApiError, isKeyRefused } from '../api/errors'
import type { SessionState } from '../../shared/bridge'
import { UserFacingError } from '../bridge/describe-error'
import type { EventHub } from '../bridge/event-hub'
import type { SavedAccount, SettingsStore } from '../storage/settings-store'
import type { Log } from '../logging/redacting-log'
import type { SecretStore } from './secret-store'
import { keyWarnings, missingScopes } from './scopes'

export const KEYCHAIN_ACCOUNT = 'api-key'

/** Booth's demo server (main/demo/demo-launcher.ts), started by the entry points and handed in as `startDemo`. */
export interface DemoServer {
  baseUrl: string
  apiKey: string
  stop(): Promise<void>
}

export interface SessionDeps {
  settings: SettingsStore
  secrets: SecretStore
  hub: EventHub
  log: Log
  now: () => number
  env: { apiKey?: string | undefined; baseUrl?: string | undefined }
  startDemo: () => Promise<DemoServer>
  makeClient?: (baseUrl: string, apiKey: string) => TalentClient
  /** Options of the default client (tests: fewer retries, a recording fetch). */
  clientOptions?: Pick<TalentClientOptions, 'fetch' | 'retry' | 'timeoutMs' | 'signal'>
  /** A client is ready (start polling) or gone (stop polling). */
  onClient: (client: TalentClient | null) => void
}

type Account = NonNullable<SessionState['account']>

/** The account as GET /me describes it. */
const accountOf = (me: Awaited<ReturnType<TalentClient['me']>>): Account => ({
  keyId: me.key_id,
  name: me.name,
  email: me.email,
  scopes: me.scopes,
  expiresAt: me.expires_at,
})

const SIGNED_OUT: SessionState = { mode: 'signed_out', baseUrl: null, account: null, warnings: [], missingScopes: [] }

export function normaliseBaseUrl(input: string): string {
  let url: URL
  try {
    url = new URL(input.trim())
  } catch {
    throw new UserFacingError(
      'bad_request',
      'The service address is not a web address (for example https://talent.example.com).',
      400,
    )
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new UserFacingError('bad_request', 'The service address must start with https://.', 400)
  if (url.username || url.password)
    throw new UserFacingError('bad_request', 'The service address must not contain a user name or password.', 400)
  return url.origin + url.pathname.replace(/\/+$/, '').replace(/\/api\/v1$/, '')
}

export class SessionService {
  private state: SessionState = SIGNED_OUT
  private client: TalentClient | null = null
  /** The key and address in use, for the tus uploader (which adds the key to each request itself). */
  private credentials: { baseUrl: string; apiKey: string } | null = null
  private demo: DemoServer | null = null
  /** Whether the service has confirmed the key in use (GET /me) during this session. */
  private verified = false
  private verifying: Promise<void> | null = null

  constructor(private readonly deps: SessionDeps) {}

  get(): SessionState {
    return this.state
  }

  currentCredentials(): { baseUrl: string; apiKey: string } | null {
    return this.client ? this.credentials : null
  }

  currentClient(): TalentClient | null {
    return this.client
  }

  /** At launch: a key from the environment, else the keychain's, else demo (when asked) or signed out. */
  async resume(autoDemo: boolean): Promise<SessionState> {
    const settings = await this.deps.settings.load()
    const envKey = this.deps.env.apiKey
    if (envKey)
      return this.adopt(normaliseBaseUrl(this.deps.env.baseUrl ?? settings.baseUrl ?? 'http://127.0.0.1:4010'), envKey)
    const stored = settings.baseUrl
      ? await this.deps.secrets.get(KEYCHAIN_ACCOUNT).catch((err: unknown) => {
          this.deps.log.warn('the keychain could not be read', { err })
          return null
        })
      : null
    if (stored && settings.baseUrl) return this.adopt(settings.baseUrl, stored)
    if (autoDemo) return this.startDemo()
    return this.publish(SIGNED_OUT)
  }

  async signIn(baseUrlInput: string, apiKey: string): Promise<SessionState> {
    const baseUrl = normaliseBaseUrl(baseUrlInput)
    await this.stopDemo()
    return this.connect('signed_in', baseUrl, apiKey.trim(), true)
  }

  async startDemo(): Promise<SessionState> {
    await this.stopDemo()
    this.demo = await this.deps.startDemo()
    return this.connect('demo', this.demo.baseUrl, this.demo.apiKey, false)
  }

  async signOut(): Promise<SessionState> {
    this.deps.onClient(null)
    this.client = null
    await this.stopDemo()
    await this.deps.secrets
      .delete(KEYCHAIN_ACCOUNT)
      .catch((err: unknown) => this.deps.log.warn('the keychain entry could not be removed', { err }))
    await this.deps.settings.update({ baseUrl: null, account: null })
    this.verified = false
    return this.publish(SIGNED_OUT)
  }

  /** The API refused the key during use (revoked or expired): stop everything and ask for a new one. */
  keyRejected(): void {
    // Once only: stopping the poller reports its halted state again, which calls back here.
    if (!this.client) return
    this.client = null
    this.verified = false
    this.deps.onClient(null)
    this.publish({
      ...this.state,
      mode: 'key_rejected',
      warnings: ['The service refused the API key: it was revoked or has expired. Enter a new key to go on.'],
    })
  }

  async close(): Promise<void> {
    await this.stopDemo()
  }

  /** Whether the key in use has been confirmed by the service during this session. */
  isVerified(): boolean {
    return this.verified
  }

  /**
   * Confirms the key in use with the service (GET /me), once per session; a no-op once confirmed. Throws
   * what the client threw: a 401 is for the caller to end the session with (the poller halts and calls
   * keyRejected()); anything else means "not known yet", and the caller tries again later.
   */
  async verify(): Promise<void> {
    if (this.verified || !this.client) return
    this.verifying ??= this.confirm(this.client).finally(() => {
      this.verifying = null
    })
    return this.verifying
  }

  private async confirm(client: TalentClient): Promise<void> {
    // One attempt: the poller that calls this backs off and tries again itself, and says "offline" sooner.
    const me = await client.me({ retry: { maxAttempts: 1 } })
    const credentials = this.credentials
    if (this.client !== client || !credentials) return // signed out or another key meanwhile
    this.verified = true
    const account = accountOf(me)
    await this.remember(credentials.baseUrl, credentials.apiKey, account)
    this.publish({ ...this.state, ...this.facts(account) })
  }

  /** The session's account with what follows from it: the warnings (expiry, missing scopes) and the missing scopes. */
  private facts(account: Account): Pick<SessionState, 'account' | 'warnings' | 'missingScopes'> {
    const missing = missingScopes(account.scopes)
    return { account, warnings: keyWarnings(account.expiresAt, this.deps.now(), missing), missingScopes: missing }
  }

  /** A key Booth already holds becomes the session at once, with the account as last seen; verify() confirms it. */
  private adopt(baseUrl: string, apiKey: string): SessionState {
    const client = this.makeClient(baseUrl, apiKey)
    this.client = client
    this.credentials = { baseUrl, apiKey }
    this.verified = false
    const saved = this.deps.settings.get().account
    const known = saved && saved.baseUrl === baseUrl && saved.keyTag === keyTag(apiKey) ? saved : null
    let facts: Pick<SessionState, 'account' | 'warnings' | 'missingScopes'>
    if (known) {
      const { baseUrl: _baseUrl, keyTag: _keyTag, checkedAt: _checkedAt, ...account } = known
      facts = this.facts(account)
    } else {
      facts = {
        account: null,
        warnings: [
          'Booth has not been able to check this key with the service yet; it will as soon as the service answers.',
        ],
        missingScopes: [],
      }
    }
    const state = this.publish({ mode: 'signed_in', baseUrl, ...facts })
    this.deps.onClient(client)
    return state
  }

  private makeClient(baseUrl: string, apiKey: string): TalentClient {
    this.deps.log.addSecret(apiKey)
    const make =
      this.deps.makeClient ??
      ((url, key) =>
        createTalentClient({
          ...this.deps.clientOptions,
          baseUrl: url,
          apiKey: () => key,
          log: apiLogHook(this.deps.log),
        }))
    return make(baseUrl, apiKey)
  }

  private async remember(baseUrl: string, apiKey: string, account: Account): Promise<void> {
    const saved: SavedAccount = { baseUrl, keyTag: keyTag(apiKey), ...account, checkedAt: this.deps.now() }
    await this.deps.settings
      .update({ account: saved })
      .catch((err: unknown) => this.deps.log.warn('could not save the account for offline launches', { err }))
  }

  private async connect(
    mode: 'signed_in' | 'demo',
    baseUrl: string,
    apiKey: string,
    store: boolean,
  ): Promise<SessionState> {
    const client = this.makeClient(baseUrl, apiKey)
    let me
    try {
      me = await client.me()
    } catch (err) {
      if (isKeyRefused(err))
        throw new UserFacingError(
          'key_refused',
          'The service did not accept this API key. Check that it was copied whole and has not been revoked.',
          401,
        )
      if (isApiError(err))
        throw new UserFacingError('unreachable', `Booth could not check the key: ${err.message}`, 502)
      throw err
    }
    if (store) {
      await this.deps.secrets.set(KEYCHAIN_ACCOUNT, apiKey)
      await this.deps.settings.update({ baseUrl })
    }
    this.client = client
    this.credentials = { baseUrl, apiKey }
    this.verified = true
    const account = accountOf(me)
    if (mode === 'signed_in') await this.remember(baseUrl, apiKey, account)
    this.deps.onClient(client)
    return this.publish({ mode, baseUrl, ...this.facts(account) })
  }

  private async stopDemo(): Promise<void> {
    const demo = this.demo
    this.demo = null
    if (demo)
      await demo.stop().catch((err: unknown) => this.deps.log.warn('the demo server did not stop cleanly', { err }))
  }

  private publish(state: SessionState): SessionState {
    this.state = state
    this.deps.hub.emit('session', state)
    return state
  }
}

/** A short hash naming a key in settings.json without writing the key. */
function keyTag(apiKey: string): string {
  return createHash('sha256').update(`booth-key-tag:${apiKey}`).digest('hex').slice(0, 16)
}

/** The client's retries and failed calls into Booth's log (already without the key; the log redacts again). */
function apiLogHook(log: Log): ApiLogHook {
  return (event) => {
    if (event.type === 'retry')
      log.info(`${event.operation} failed, retrying in ${event.delayMs} ms`, {
        attempt: event.attempt,
        url: event.url,
        error: event.error,
      })
    else if (event.type === 'failure')
      log.warn(`${event.operation} failed`, { attempt: event.attempt, url: event.url, error: event.error })
  }
}
