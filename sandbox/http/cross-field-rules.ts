/**
 * Rules that span several values and so cannot be written in the API document's schemas.
 * GET /earnings: `from` and `to` are real months, `from` is not after `to`, and the span is at most
 * 24 months counting both ends (the limits of the talent API reference (resources/api/talent-v1.yaml)).
 */
import { SandboxError, type OperationId } from '../seam'

export const MAX_EARNINGS_SPAN_MONTHS = 24

function monthIndex(value: unknown, name: string): number {
  const m = typeof value === 'string' ? /^(\d{4})-(\d{2})$/.exec(value) : null
  const month = m ? Number(m[2]) : 0
  if (!m || month < 1 || month > 12) {
    throw new SandboxError(400, 'bad_request', `Query parameter "${name}" must be a month written YYYY-MM.`)
  }
  return Number(m[1]) * 12 + (month - 1)
}

function earningsSpan(query: Record<string, unknown>): void {
  const from = monthIndex(query.from, 'from')
  const to = monthIndex(query.to, 'to')
  if (from > to) throw new SandboxError(400, 'bad_request', 'Query parameter "from" must not be after "to".')
  const span = to - from + 1
  if (span > MAX_EARNINGS_SPAN_MONTHS) {
    throw new SandboxError(
      400,
      'bad_request',
      `The earnings span from "from" to "to" is ${span} months; it may be at most ${MAX_EARNINGS_SPAN_MONTHS}.`,
    )
  }
}

export function applyCrossFieldRules(
  operationId: OperationId,
  request: { query: Record<string, unknown>; body: unknown },
): void {
  if (operationId === 'getEarnings') earningsSpan(request.query)
}
