/**
 * Which account pages the current key can read and change (the talent API reference, resources/api/talent-v1.yaml, names each operation's
 * scope), and what a refusal for a missing scope means in words. A page the key cannot read answers
 * "read-only / what is missing" instead of failing.
 */
import type { SessionState } from '../../shared/bridge'
import type { PageAccess } from '../../shared/bridge-account'
import { isApiError } from '../api/errors'
import { UserFacingError } from '../bridge/describe-error'
import { SCOPE_FEATURES, scopeGranted } from '../session/scopes'

export type AccountPage = 'earnings' | 'availability' | 'preferences' | 'consent'

export const PAGE_SCOPES: Record<AccountPage, { read: string; write: string | null }> = {
  earnings: { read: 'earnings:read', write: null },
  availability: { read: 'account:read', write: 'account:write' },
  preferences: { read: 'account:read', write: 'account:write' },
  consent: { read: 'account:read', write: 'consent:write' },
}

const describeScope = (scope: string) => ({ scope, disables: SCOPE_FEATURES[scope] ?? `what needs ${scope}` })

export function pageAccess(session: SessionState, page: AccountPage): PageAccess {
  const { read, write } = PAGE_SCOPES[page]
  const canRead = scopeGranted(session, read)
  const canWrite = write === null ? false : scopeGranted(session, write)
  const missing = [read, write].filter((s): s is string => s !== null && !scopeGranted(session, s)).map(describeScope)
  return { canRead, canWrite, missing }
}

/** The scope a 403 insufficient_scope names (the sandbox names it in its message), else `fallback`. */
export function refusedScope(err: unknown, fallback: string): string | null {
  if (!isApiError(err) || err.code !== 'insufficient_scope') return null
  const named = /\b([a-z]+:[a-z]+)\b/.exec(err.serverMessage ?? '')?.[1]
  return named && named in SCOPE_FEATURES ? named : fallback
}

/** Access after the service refused a read for a scope the session did not know was missing. */
export function accessAfterRefusal(access: PageAccess, scope: string): PageAccess {
  const missing = access.missing.some((m) => m.scope === scope)
    ? access.missing
    : [...access.missing, describeScope(scope)]
  return { canRead: false, canWrite: access.canWrite, missing }
}

/** The sentence a write gets when the key lacks its scope. */
export function missingScopeError(scope: string): UserFacingError {
  const { disables } = describeScope(scope)
  return new UserFacingError(
    'missing_scope',
    `This API key lacks ${scope}, so ${disables} is turned off. Ask for a key with ${scope} and sign in with it.`,
    403,
  )
}

/** Turns API refusals a person can act on into their words; everything else passes through. */
export function explainWriteFailure(err: unknown, scope: string): unknown {
  const refused = refusedScope(err, scope)
  if (refused) return missingScopeError(refused)
  if (isApiError(err) && err.code === 'bad_request' && err.serverMessage) {
    return new UserFacingError('bad_request', `The service refused this change: ${err.serverMessage}`, 400)
  }
  return err
}
