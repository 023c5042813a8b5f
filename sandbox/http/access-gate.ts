/**
 * Who may call: bearer key (401 invalid_principal, identical for every failure), the failed-authentication
 * brake per remote address (429), the per-key request limit (429 with retry_after) and the
 * operation's scopes (403 insufficient_scope naming the missing scope).
 */
import type { IncomingMessage } from 'node:http'
import { SandboxError, type SandboxKey } from '../seam'
import type { KeyRing } from './keys'
import type { FixedWindowCounter } from './rate-limit'

export interface AccessGate {
  keys: KeyRing
  /** Requests per key. */
  limiter: FixedWindowCounter
  /** Failed authentications per remote address. */
  brake: FixedWindowCounter
  now(): number
}

export interface Admitted {
  key: SandboxKey
  /** Headers to send with the answer (RateLimit-Remaining). */
  headers: Record<string, string>
}

const INVALID_PRINCIPAL = 'The bearer key is missing, malformed, unknown or expired.'

/** Admit a request or throw the SandboxError to answer. */
export function admit(gate: AccessGate, req: IncomingMessage, scopes: string[]): Admitted {
  const address = req.socket.remoteAddress ?? 'unknown'
  const braked = gate.brake.peek(address)
  if (!braked.allowed) {
    throw new SandboxError(
      429,
      'rate_limited',
      `Too many failed authentications from this address; wait ${braked.retryAfterS} s before trying again.`,
      braked.retryAfterS,
    )
  }
  const key = gate.keys.resolve(req.headers.authorization, gate.now())
  if (!key) {
    gate.brake.hit(address)
    throw new SandboxError(401, 'invalid_principal', INVALID_PRINCIPAL)
  }
  const verdict = gate.limiter.hit(key.keyId)
  if (!verdict.allowed) {
    throw new SandboxError(
      429,
      'rate_limited',
      `This key is over its request limit; wait ${verdict.retryAfterS} s before the next request.`,
      verdict.retryAfterS,
    )
  }
  const missing = scopes.filter((s) => !key.scopes.includes(s))
  if (missing.length > 0) {
    throw new SandboxError(
      403,
      'insufficient_scope',
      `This key lacks the scope ${missing.join(' and ')}, which this operation needs.`,
    )
  }
  return { key, headers: { 'RateLimit-Remaining': String(verdict.remaining) } }
}
