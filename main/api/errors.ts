/**
 * The one error type the talent API client throws.
 *
 * Every failure of a call ends as an `ApiError` whose `kind` says where it failed:
 * - 'api'              the server answered the API's error envelope (`code` is the value to branch on);
 * - 'network'          no usable answer: connection refused, reset or dropped mid-answer, DNS failure;
 * - 'timeout'          one attempt took longer than the client's per-attempt timeout;
 * - 'aborted'          the caller's AbortSignal fired (never retried);
 * - 'non_json'         something other than the API answered (a proxy's HTML page, a captive portal);
 * - 'invalid_response' JSON came back, but not the API's envelope.
 *
 * `message` is a sentence a person can read. It never contains the API key.
 */

export type ApiErrorKind = 'api' | 'network' | 'timeout' | 'aborted' | 'non_json' | 'invalid_response'

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
      cause: this.cause,
    }
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError
}

/** The API key is missing or cannot be sent; raised before any request leaves Booth. */
export class ApiKeyError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ApiKeyError'
  }
}
