import type { SessionState } from '../../shared/bridge'

/** What each scope of the talent API unlocks in Booth, so a missing scope disables just its features. */
export const SCOPE_FEATURES: Record<string, string> = {
  'jobs:read': 'the job list, job details, scripts and the scripts PDF',
  'jobs:write': 'accepting, declining and completing jobs',
  'deliveries:read': 'the takes delivered to a job and their audio checks',
  'deliveries:write': 'uploading and delivering takes',
  'attachments:read': 'downloading attachments',
  'earnings:read': 'earnings',
  'account:read': 'availability, email preferences, time zone and AI consent',
  'account:write': 'changing availability, email preferences and time zone',
  'consent:write': 'changing AI voice consent',
}

export const ALL_SCOPES = Object.keys(SCOPE_FEATURES)

/**
 * Whether the key may use `scope`: '*' or the scope itself among the account's scopes. Without an
 * account (not known yet) the service decides, so nothing is turned off.
 */
export function scopeGranted(session: SessionState, scope: string): boolean {
  const scopes = session.account?.scopes
  if (!scopes) return true
  return scopes.includes('*') || scopes.includes(scope)
}

export function missingScopes(granted: string[]): Array<{ scope: string; disables: string }> {
  if (granted.includes('*')) return []
  return ALL_SCOPES.filter((s) => !granted.includes(s)).map((scope) => ({
    scope,
    disables: SCOPE_FEATURES[scope] as string,
  }))
}

/** Days before a key's expiry from which Booth warns. */
export const EXPIRY_WARNING_DAYS = 14

export function keyWarnings(
  expiresAt: number | null,
  now: number,
  missing: Array<{ scope: string; disables: string }>,
): string[] {
  const out: string[] = []
  if (expiresAt !== null) {
    const days = Math.ceil((expiresAt - now) / 86_400_000)
    if (days <= 0) out.push('This API key has expired. Ask for a new key and sign in again.')
    else if (days <= EXPIRY_WARNING_DAYS)
      out.push(`This API key expires in ${days} day${days === 1 ? '' : 's'}. Ask for a new key before then.`)
  }
  for (const m of missing)
    out.push(
      `This key lacks ${m.scope}, so ${m.disables} ${m.disables.includes(' and ') || m.disables.endsWith('s') ? 'are' : 'is'} turned off.`,
    )
  return out
}
