/**
 * Reads one HTTP answer of the talent API into either its success envelope or an ApiError.
 *
 * The Content-Type is checked BEFORE parsing, so a proxy's HTML page (or any non-JSON answer) becomes a
 * clear 'non_json' error, never a JSON parse crash. JSON that is not the API's envelope
 * (`{ok:true, api_version:'1', ...}` / `{ok:false, api_version:'1', error, message, retry_after?}`)
 * becomes 'invalid_response'. The body is read through body-reader.ts, so an answer over the size cap is
 * refused ('too_large') without being held whole, and one that ends early is 'cut_off'. Every error that
 * carries a server-requested wait also carries `waitUntil`, the absolute time it points to.
 */
import { readBodyCapped, type BodyReadOptions } from './body-reader'
import { ApiError, type ApiErrorInit } from './errors'
import {
  EMPTY_ANSWER_MESSAGE,
  MALFORMED_JSON_MESSAGE,
  NOT_ENVELOPE_MESSAGE,
  messageForCode,
  nonJsonMessage,
} from './error-messages'
import { isRetryableCode, isRetryableNonJson, parseRetryAfter, retryAfterFromBody } from './retry-policy'

export type SuccessEnvelope = { ok: true; api_version: '1' } & Record<string, unknown>

export interface Answer {
  /** The raw JSON text of a success envelope (openapi-fetch parses it again for its typed `data`). */
  text: string
  body: SuccessEnvelope
  status: number
  requestId: string | null
}

/** Reads the whole answer. Throws ApiError for every answer that is not a success envelope. */
export async function readAnswer(response: Response, nowMs: number, body: BodyReadOptions): Promise<Answer> {
  try {
    return await readWholeAnswer(response, nowMs, body)
  } catch (error) {
    throw error instanceof ApiError && error.retryAfterMs !== null && error.waitUntil === null
      ? new ApiError({ ...(error.toJSON() as ApiErrorInit), waitUntil: nowMs + error.retryAfterMs, cause: error.cause })
      : error
  }
}

async function readWholeAnswer(response: Response, nowMs: number, body: BodyReadOptions): Promise<Answer> {
  const status = response.status
  const requestId = response.headers.get('x-request-id')
  const headerWait = parseRetryAfter(response.headers.get('retry-after'), nowMs)
  const contentType = response.headers.get('content-type')
  const text = new TextDecoder().decode(await readBodyCapped(response, body))

  if (!isJsonContentType(contentType)) {
    if (text.trim() === '' && contentType === null) {
      throw invalid(status, requestId, headerWait, EMPTY_ANSWER_MESSAGE(status))
    }
    throw new ApiError({
      kind: 'non_json',
      message: nonJsonMessage(status, contentType, looksLikeHtml(contentType, text)),
      status,
      retryable: isRetryableNonJson(status),
      retryAfterMs: headerWait,
      requestId,
    })
  }
  if (text.trim() === '') throw invalid(status, requestId, headerWait, EMPTY_ANSWER_MESSAGE(status))

  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (cause) {
    throw new ApiError({
      kind: 'non_json',
      message: MALFORMED_JSON_MESSAGE(status),
      status,
      retryable: isRetryableNonJson(status),
      retryAfterMs: headerWait,
      requestId,
      cause,
    })
  }

  if (!isRecord(parsed)) throw invalid(status, requestId, headerWait, NOT_ENVELOPE_MESSAGE(status, 'not a JSON object'))
  if (parsed.api_version !== '1') {
    throw invalid(
      status,
      requestId,
      headerWait,
      NOT_ENVELOPE_MESSAGE(status, `api_version is ${describe(parsed.api_version)}, expected "1"`),
    )
  }
  const success = status >= 200 && status < 300
  if (parsed.ok === true) {
    if (!success)
      throw invalid(
        status,
        requestId,
        headerWait,
        NOT_ENVELOPE_MESSAGE(status, 'a success body came with an error status'),
      )
    return { text, body: parsed as SuccessEnvelope, status, requestId }
  }
  if (parsed.ok !== false) throw invalid(status, requestId, headerWait, NOT_ENVELOPE_MESSAGE(status, '"ok" is missing'))
  if (success)
    throw invalid(
      status,
      requestId,
      headerWait,
      NOT_ENVELOPE_MESSAGE(status, 'an error body came with a success status'),
    )
  if (typeof parsed.error !== 'string' || parsed.error === '' || typeof parsed.message !== 'string') {
    throw invalid(
      status,
      requestId,
      headerWait,
      NOT_ENVELOPE_MESSAGE(status, 'the error body lacks "error" or "message"'),
    )
  }
  const code = parsed.error
  const bodyWait = retryAfterFromBody(parsed.retry_after)
  throw new ApiError({
    kind: 'api',
    message: messageForCode(code, status, parsed.message),
    status,
    code,
    retryable: isRetryableCode(status, code),
    retryAfterMs: bodyWait ?? headerWait,
    requestId,
    serverMessage: parsed.message,
  })
}

export function isJsonContentType(contentType: string | null): boolean {
  if (!contentType) return false
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? ''
  return mediaType === 'application/json' || /^application\/[a-z0-9.+-]*\+json$/.test(mediaType)
}

function looksLikeHtml(contentType: string | null, text: string): boolean {
  if (contentType?.toLowerCase().includes('html')) return true
  const head = text.slice(0, 512).trimStart().toLowerCase()
  return head.startsWith('<!doctype html') || head.startsWith('<html') || head.includes('<body')
}

function invalid(status: number, requestId: string | null, wait: number | null, message: string): ApiError {
  return new ApiError({ kind: 'invalid_response', message, status, retryable: false, retryAfterMs: wait, requestId })
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function describe(value: unknown): string {
  return value === undefined ? 'missing' : JSON.stringify(value).slice(0, 40)
}
