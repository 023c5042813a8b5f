/**
 * Names a failure of the connection for what it is, from the error's `code` (Node's socket and TLS codes,
 * or undici's when a fetch was injected): unreachable, refused, certificate problem, a cut-off answer, or
 * a connection dropped before any answer. Timeouts and aborts are decided by the watchdog, not here.
 */
import { ApiError, type ApiErrorKind } from './errors'
import {
  CERTIFICATE_MESSAGE,
  CONNECT_TIMEOUT_MESSAGE,
  CUT_OFF_MESSAGE,
  NETWORK_MESSAGE,
  REFUSED_MESSAGE,
  UNREACHABLE_MESSAGE,
} from './error-messages'

const UNREACHABLE_CODES = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EAI_NONAME',
  'EAI_NODATA',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EHOSTDOWN',
  'EADDRNOTAVAIL',
])
const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_CRL',
  'UNABLE_TO_DECRYPT_CERT_SIGNATURE',
  'UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY',
  'INVALID_CA',
  'PATH_LENGTH_EXCEEDED',
  'INVALID_PURPOSE',
  'HOSTNAME_MISMATCH',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_TLS_HANDSHAKE_TIMEOUT',
  'EPROTO',
])
/** undici (an injected fetch) reports a connect timeout under its own code. */
const CONNECT_TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT'])
const CUT_OFF_CODES = new Set(['UND_ERR_RES_CONTENT_LENGTH_MISMATCH'])

/** Where the attempt was when it failed: before the answer's headers, or while reading its body. */
export type AttemptPhase = 'before_answer' | 'in_body'

export interface BodyProgress {
  received: number
  expected: number | null
}

/** The first `code` found on the error or its causes (fetch wraps the socket's error). */
export function errorCode(error: unknown): string | null {
  let current: unknown = error
  for (let depth = 0; depth < 6 && current !== null && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && code !== '') return code
    current = (current as { cause?: unknown }).cause
  }
  return null
}

/** The kind a connection failure with this code (and phase) is named. */
export function kindForCode(code: string | null, phase: AttemptPhase): ApiErrorKind {
  if (code && isTlsCode(code)) return 'certificate'
  if (phase === 'in_body') return 'cut_off'
  if (code === null) return 'network'
  if (code === 'ECONNREFUSED') return 'refused'
  if (UNREACHABLE_CODES.has(code)) return 'unreachable'
  if (CONNECT_TIMEOUT_CODES.has(code)) return 'connect_timeout'
  if (CUT_OFF_CODES.has(code)) return 'cut_off'
  return 'network'
}

function isTlsCode(code: string): boolean {
  return TLS_CODES.has(code) || code.startsWith('CERT_') || code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_')
}

export interface FailureContext {
  host: string
  phase: AttemptPhase
  body: BodyProgress
  connectTimeoutMs: number
}

/** The ApiError for a connection failure (anything thrown by the transport or the body stream). */
export function networkFailure(error: unknown, ctx: FailureContext): ApiError {
  const code = errorCode(error)
  const kind = kindForCode(code, ctx.phase)
  const shownCode = code ?? 'no code'
  switch (kind) {
    case 'certificate':
      return new ApiError({ kind, message: CERTIFICATE_MESSAGE(ctx.host, shownCode), retryable: false, cause: error })
    case 'refused':
      return new ApiError({ kind, message: REFUSED_MESSAGE(ctx.host), retryable: true, cause: error })
    case 'unreachable':
      return new ApiError({ kind, message: UNREACHABLE_MESSAGE(ctx.host, shownCode), retryable: true, cause: error })
    case 'connect_timeout':
      return new ApiError({
        kind,
        message: CONNECT_TIMEOUT_MESSAGE(ctx.host, ctx.connectTimeoutMs),
        retryable: true,
        cause: error,
      })
    case 'cut_off':
      return cutOff(ctx.host, ctx.body, error)
    default:
      return new ApiError({ kind: 'network', message: NETWORK_MESSAGE(ctx.host), retryable: true, cause: error })
  }
}

export function cutOff(host: string, body: BodyProgress, cause?: unknown): ApiError {
  return new ApiError({
    kind: 'cut_off',
    message: CUT_OFF_MESSAGE(host, body.received, body.expected),
    retryable: true,
    cause,
  })
}
