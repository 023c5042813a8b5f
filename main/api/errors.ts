/**
 * The one error type the talent API client throws.
 *
 * Every failure of a call ends as an `ApiError` whose `kind` says what went wrong:
 * - 'api'              the server answered the API's error envelope (`code` is the value to branch on);
 * - 'unreachable'      the service could not be reached: its name does not resolve, or no route (DNS,
 *                      EHOSTUNREACH, ENETUNREACH, ENETDOWN);
 * - 'refused'          the address answered that nothing listens there (ECONNREFUSED);
 * - 'network'          the connection was reset or dropped before any answer arrived;
 * - 'cut_off'          an answer started but ended early: reset mid-body, or fewer bytes than its
 *                      Content-Length;
 * - 'connect_timeout'  no connection was made within the connect timeout;
 * - 'timeout'          connected, but no bytes came for the idle timeout (or the attempt ran past its
 *                      overall limit);
 * - 'certificate'      the secure connection failed its certificate check (expired, self-signed, wrong
 *                      name, unknown issuer, or any other TLS failure);
 * - 'non_json'         a proxy page: something other than the API answered (HTML, a captive portal,
 *                      any non-JSON answer);
 * - 'too_large'        the answer is over the size cap (answer-limits.ts) and was refused unread;
 * - 'invalid_response' JSON came back, but not the API's envelope;
 * - 'unreadable'       the service answered its success envelope, but what it sent does not conform to
 *                      the API document (answer-door.ts): the service was reached, so never "offline";
 * - 'aborted'          the caller's AbortSignal fired (never retried).
 *
 * `message` is a sentence a person can read (error-messages.ts). It never contains the API key.
 * `waitUntil` is the absolute time (epoch ms) the service asked Booth to wait until (429 retry_after /
 * Retry-After, 503 Retry-After), or null; see retry-policy.ts for when the client parks instead of sleeping.
 */

export type ApiErrorKind =
  | 'api'
  | 'unreachable'
  | 'refused'
  | 'network'
  | 'cut_off'
  | 'connect_timeout'
  | 'timeout'
  | 'certificate'
  | 'non_json'
  | 'too_large'
  | 'invalid_response'
  | 'unreadable'
  | 'aborted'

/** Kinds that say the service could not be reached or did not answer as the API: never "the key is bad". */
const OFFLINE_KINDS: ReadonlySet<ApiErrorKind> = new Set<ApiErrorKind>([
  'unreachable',
  'refused',
  'network',
  'cut_off',
  'connect_timeout',
  'timeout',
  'certificate',
  'non_json',
  'too_large',
  'invalid_response',
])

export interface ApiErrorInit {
  kind: ApiErrorKind
  message: string
  /** HTTP status, or null when no answer arrived (network, timeout, aborted). */
  status?: number | null
  /** The envelope's `error` code (kind 'api' only). */
  code?: string | null
  /** Whether trying the same call again may succeed (decided by retry-policy.ts). */
  retryable: boolean
  /** How long the server asked us to wait (429 `retry_after` or a Retry-After header), in ms. */
  retryAfterMs?: number | null
  /** The answer's X-Request-Id, to quote when reporting a problem. */
  requestId?: string | null
  /** The server's own `message` from the envelope, kept apart from Booth's sentence. */
  serverMessage?: string | null
  /** Epoch ms the service asked Booth to wait until (from `retryAfterMs` when the answer arrived). */
  waitUntil?: number | null
  cause?: unknown
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind
  readonly status: number | null
  readonly code: string | null
  readonly retryable: boolean
  readonly retryAfterMs: number | null
  readonly requestId: string | null
  readonly serverMessage: string | null
  readonly waitUntil: number | null

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause })
    this.name = 'ApiError'
    this.kind = init.kind
    this.status = init.status ?? null
    this.code = init.code ?? null
    this.retryable = init.retryable
    this.retryAfterMs = init.retryAfterMs ?? null
    this.requestId = init.requestId ?? null
    this.serverMessage = init.serverMessage ?? null
    this.waitUntil = init.waitUntil ?? null
  }

  /** Plain data for logs and for crossing IPC (no stack, no cause). */
  toJSON(): Omit<ApiErrorInit, 'cause'> & { name: string } {
    const { cause: _cause, ...rest } = this.toInit()
    return { name: this.name, ...rest }
  }

  private toInit(): ApiErrorInit {
    return {
      kind: this.kind,
      message: this.message,
      status: this.status,
      code: this.code,
      retryable: this.retryable,
      retryAfterMs: this.retryAfterMs,
      requestId: this.requestId,
      serverMessage: this.serverMessage,
      waitUntil: this.waitUntil,
      cause: this.cause,
    }
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError
}

/**
 * True when a failure means the service could not be reached or answered unusably (offline, timeout,
 * proxy page, TLS failure, cut-off or oversized answer, a 5xx or 429): the key is NOT known to be bad.
 * False for 401 and every other answer in which the service itself refused the request, for aborts,
 * and for anything that is not an ApiError.
 */
export function isOfflineKindError(err: unknown): boolean {
  if (!isApiError(err)) return false
  if (OFFLINE_KINDS.has(err.kind)) return true
  return err.kind === 'api' && err.status !== null && (err.status >= 500 || err.status === 429)
}

/**
 * True when the service was reached and answered, but its answer cannot be used: over the size cap
 * ('too_large') or JSON that is not the API's ('invalid_response'). Booth still works from its saved
 * copies then, but it must not say it cannot reach the service: the failure's own sentence says what
 * happened.
 */
export function isUnusableAnswer(err: unknown): boolean {
  return isApiError(err) && (err.kind === 'too_large' || err.kind === 'invalid_response' || err.kind === 'unreadable')
}

/**
 * True only when the service itself refused the key: a 401 in the API's error envelope. A 401 page from
 * a proxy, captive portal or gateway (kind 'non_json', or any other kind) says nothing about the key, so
 * it never signs Booth out. Also accepts plain `{status, kind?}` records (the poller's tests and
 * wrappers): without a kind, the status alone decides.
 */
export function isKeyRefused(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false
  const { status, kind } = err as { status?: unknown; kind?: unknown }
  return status === 401 && (kind === undefined || kind === 'api')
}

/** True when the service answered, but with something that does not conform to the API document (answer-door.ts). */
export function isUnreadableAnswer(err: unknown): err is ApiError {
  return isApiError(err) && err.kind === 'unreadable'
}

/** The API key is missing or cannot be sent; raised before any request leaves Booth. */
export class ApiKeyError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ApiKeyError'
  }
}
