/**
 * The seam between the sandbox's HTTP layer (sandbox/http/) and its domain (sandbox/domain/).
 *
 * The HTTP layer owns everything about the wire: routing by the OpenAPI document, request and response
 * validation, bearer keys and scopes, rate limits, idempotency, the tus upload endpoint, fault injection,
 * the success/error envelopes and serving short-lived links. The domain owns the talent's world: jobs,
 * deliveries, attachments, earnings, availability, preferences, consent, the simulated producer.
 *
 * Operations receive already-validated input and return the operation's success fields WITHOUT
 * `ok`/`api_version`/`replayed` (the HTTP layer adds those), or throw SandboxError.
 */

/** operationId of every operation in resources/api/talent-v1.yaml. */
export const OPERATION_IDS = [
  'getMe',
  'listJobs',
  'getJob',
  'createScriptsPdf',
  'listDeliveries',
  'createDelivery',
  'getAttachmentDownload',
  'getEarnings',
  'getAvailability',
  'putAvailability',
  'getPreferences',
  'putPreferences',
  'getConsent',
  'putConsent',
  'acceptJobs',
  'declineJobs',
  'completeJobs',
] as const
export type OperationId = (typeof OPERATION_IDS)[number]

/** Error codes Booth uses: the platform's error-code table (x-booth-error-codes) inside the API's error envelope (see README, assumptions). */
export type ErrorCode =
  | 'bad_request'
  | 'invalid_principal'
  | 'forbidden'
  | 'insufficient_scope'
  | 'not_found'
  | 'conflict'
  | 'not_ready'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'not_saved'
  | 'server_error'
  | 'upstream_failed'
  | 'unavailable'

export class SandboxError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly retryAfterS?: number,
  ) {
    super(message)
    this.name = 'SandboxError'
  }
}

/** An API key the sandbox accepts. */
export interface SandboxKey {
  keyId: string // id format ^[1-9][0-9]{0,9}$
  token: string
  scopes: string[] // '*' is expanded to every scope by the HTTP layer before it gets here
  expiresAt: number | null // ms
}

/** What the tus store knows about an upload (the upload id is the delivery `handle`). */
export interface UploadInfo {
  handle: string // 32 lowercase hex
  size: number | null // declared Upload-Length, null when deferred
  offset: number // bytes received
  fileName: string | null // from Upload-Metadata `filename`
  path: string // where the bytes are on disk
}

export interface OperationInput {
  params: Record<string, string> // path parameters
  query: Record<string, unknown> // validated query values, defaults applied, numbers/booleans coerced
  body: unknown // validated JSON body (undefined for GET)
  key: SandboxKey
}

export interface OperationContext {
  now(): number // ms since epoch (injected clock)
  baseUrl(): string // e.g. http://127.0.0.1:4010 (no trailing slash, no /api/v1)
  uploads: { get(handle: string): Promise<UploadInfo | null> }
}

export type Operation = (input: OperationInput, ctx: OperationContext) => unknown | Promise<unknown>

/** A file behind a short-lived link: the HTTP layer serves GET {baseUrl}/files/{token}. */
export interface LinkedFile {
  contentType: string
  fileName: string
  /** Either bytes in memory or a path on disk. */
  body: Uint8Array | { path: string }
}

export interface World {
  operations: Record<OperationId, Operation>
  /** Resolve a short-lived link token; null when unknown, 'expired' when past its expiry. */
  openLink(token: string, now: number): LinkedFile | null | 'expired'
  /** Advance time-driven state (delivery processing, audio checks, the simulated producer). */
  tick(now: number): void
  /** The upload handles deliveries hold (their audio); every other upload is open (unused). Optional for stand-in worlds. */
  uploadsInUse?(): ReadonlySet<string>
  /** Persist state when the world was created with a data directory (atomic write). */
  save(): Promise<void>
  close(): Promise<void>
}
