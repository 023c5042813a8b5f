/**
 * Validating one request against its operation: path values, query parameters (coerced to the schema's
 * types, defaults applied, unknown names refused), declared headers, and the JSON body. Every failure is
 * a 400 bad_request whose message names the field in plain words.
 */
import type { IncomingHttpHeaders } from 'node:http'
import type { ValidateFunction } from 'ajv'
import { SandboxError } from '../seam'
import type { OperationSpec } from './contract'
import { applyCrossFieldRules } from './cross-field-rules'
import { describeErrors, type ValueLocation } from './validation-messages'

export interface ValidatedRequest {
  params: Record<string, string>
  query: Record<string, unknown>
  headers: Record<string, unknown>
  body: unknown
}

/** The Idempotency-Key format (the IdempotencyKey parameter of resources/api/talent-v1.yaml). */
export const IDEMPOTENCY_KEY_RE = /^[A-Za-z0-9_-]{8,48}$/

function check(validate: ValidateFunction, data: unknown, location: ValueLocation): void {
  if (validate(data)) return
  const sentences = describeErrors(validate.errors ?? [], location)
  throw new SandboxError(400, 'bad_request', sentences.slice(0, 3).join(' '))
}

function isArraySchema(schema: Record<string, unknown>): boolean {
  const t = schema.type
  return t === 'array' || (Array.isArray(t) && t.includes('array'))
}

function queryObject(op: OperationSpec, search: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const name of new Set(search.keys())) {
    const values = search.getAll(name)
    const spec = op.params.find((p) => p.in === 'query' && p.name === name)
    if (spec && isArraySchema(spec.schema)) out[name] = values.flatMap((v) => v.split(','))
    else if (values.length > 1)
      throw new SandboxError(400, 'bad_request', `Query parameter "${name}" is given more than once.`)
    else out[name] = values[0]
  }
  return out
}

function headerObject(op: OperationSpec, headers: IncomingHttpHeaders): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const p of op.params) {
    if (p.in !== 'header') continue
    const value = headers[p.name.toLowerCase()]
    if (value !== undefined) out[p.name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value
  }
  return out
}

/** The request's Idempotency-Key: required on writes and checked against its format. */
export function idempotencyKeyOf(op: OperationSpec, headers: IncomingHttpHeaders): string | null {
  const raw = headers['idempotency-key']
  if (!op.isWrite) return null
  if (raw === undefined || raw === '') {
    throw new SandboxError(
      400,
      'bad_request',
      'Header Idempotency-Key is required on this write; send a new key for each new action.',
    )
  }
  const value = Array.isArray(raw) ? raw.join(', ') : raw
  if (!IDEMPOTENCY_KEY_RE.test(value)) {
    throw new SandboxError(
      400,
      'bad_request',
      'Header Idempotency-Key must be 8 to 48 letters, digits, dashes or underscores.',
    )
  }
  return value
}

/** Validate everything; throws SandboxError 400. `body` is `undefined` when none was sent. */
export function validateRequest(
  op: OperationSpec,
  pathParams: Record<string, string>,
  search: URLSearchParams,
  headers: IncomingHttpHeaders,
  body: { present: boolean; value?: unknown },
): ValidatedRequest {
  const params = { ...pathParams }
  check(op.validatePath, params, 'path')
  const query = queryObject(op, search)
  check(op.validateQuery, query, 'query')
  const headerValues = headerObject(op, headers)
  check(op.validateHeaders, headerValues, 'header')
  let value: unknown = undefined
  if (op.validateBody) {
    if (!body.present) {
      if (op.body?.required) throw new SandboxError(400, 'bad_request', 'This operation needs a JSON body.')
    } else {
      value = body.value
      check(op.validateBody, value, 'body')
    }
  }
  const validated = { params, query, headers: headerValues, body: value }
  applyCrossFieldRules(op.operationId, validated)
  return validated
}
