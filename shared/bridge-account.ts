/**
 * Bridge calls and events for money and account (earnings, availability, email preferences, AI consent,
 * settings). Merged into the one contract by shared/bridge.ts.
 *
 * Argument rules a person can break (a span of more than 24 months, `from` after `to`, an unknown time
 * zone, repeated or out-of-range days) are refused here with a sentence, before main calls the API.
 */
import { apiId, BridgeArgumentError, bool, nullable, obj, oneOf, str, type Check, type Checked } from './check'
import type { components } from './api/talent-v1'
import type { AsRead } from './api-read'

type Schemas = components['schemas']
export type NamedRef = AsRead<Schemas['NamedRef']>
export type EarningsLine = AsRead<Schemas['EarningsLine']>
export type EarningsTotals = AsRead<Schemas['EarningsTotals']>
export type AvailabilityRow = AsRead<Schemas['AvailabilityRow']>
export type EmailPrefs = Schemas['Prefs']
export type Consent = AsRead<Schemas['Consent']>
export type ConsentChoice = Schemas['ConsentChoice']

/** The API reference's limit: at most 24 months per earnings request, both ends counted. */
export const MAX_EARNINGS_SPAN_MONTHS = 24
export const CONSENT_CHOICES = ['yes', 'ask', 'no'] as const
export const EMAIL_PREF_KEYS = [
  'due_soon',
  'overdue',
  'script_changed',
  'changes_requested',
  'delivery_approved',
] as const
/** ISO 8601 weekday numbers, as the API uses them: 1 = Monday … 7 = Sunday. */
export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const

const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/

/** Months since year 0 for "YYYY-MM", or null when the text is not a month. */
export function monthIndex(month: string): number | null {
  const m = MONTH_RE.exec(month)
  return m ? Number(m[1]) * 12 + Number(m[2]) - 1 : null
}

/** "YYYY-MM" of a month index. */
export function monthOfIndex(index: number): string {
  const year = Math.floor(index / 12)
  return `${String(year).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`
}

/** Months from `from` to `to`, both counted (2024-01..2024-12 is 12); null when either is not a month. */
export function monthSpan(from: string, to: string): number | null {
  const a = monthIndex(from)
  const b = monthIndex(to)
  return a === null || b === null ? null : b - a + 1
}

/** Why an earnings span cannot be asked for, as a sentence; null when it can. */
export function earningsSpanProblem(from: string, to: string): string | null {
  if (monthIndex(from) === null) return `The first month "${from.slice(0, 20)}" is not a month written YYYY-MM.`
  if (monthIndex(to) === null) return `The last month "${to.slice(0, 20)}" is not a month written YYYY-MM.`
  const span = monthSpan(from, to) ?? 0
  if (span < 1) return `The first month (${from}) is after the last month (${to}).`
  if (span > MAX_EARNINGS_SPAN_MONTHS) {
    return `${from} to ${to} is ${span} months; earnings can be shown for at most ${MAX_EARNINGS_SPAN_MONTHS} months at a time.`
  }
  return null
}

/** IANA zone names look like "Europe/Berlin", "America/Argentina/Buenos_Aires" or "UTC". */
const ZONE_NAME_RE = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/

/** Why a time zone cannot be saved, as a sentence; null when it is a known IANA zone. */
export function timeZoneProblem(zone: string): string | null {
  if (zone.trim() === '') return 'Choose a time zone (for example Europe/Berlin).'
  if (zone.length > 64) return 'A time zone name is at most 64 characters.'
  let known = ZONE_NAME_RE.test(zone)
  if (known) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone })
    } catch {
      known = false
    }
  }
  return known
    ? null
    : `"${zone.slice(0, 64)}" is not a known time zone; choose one from the list (for example Europe/Berlin).`
}

const month = str({ pattern: MONTH_RE })
const id = apiId

const earningsQueryShape = obj({ from: month, to: month, customer_id: nullable(id) })
export type EarningsQuery = Checked<typeof earningsQueryShape>

const earningsQuery: Check<EarningsQuery> = (value, path) => {
  const query = earningsQueryShape(value, path)
  const problem = earningsSpanProblem(query.from, query.to)
  if (problem) throw new BridgeArgumentError(problem)
  return query
}

const weekDays: Check<number[]> = (value, path) => {
  if (!Array.isArray(value))
    throw new BridgeArgumentError(`${path} must be a list of weekday numbers (1 = Monday … 7 = Sunday).`)
  for (const d of value) {
    if (!Number.isInteger(d) || d < 1 || d > 7) {
      throw new BridgeArgumentError(
        `Working days are numbered 1 (Monday) to 7 (Sunday); ${JSON.stringify(d)} is not one of them.`,
      )
    }
  }
  const days = value as number[]
  if (new Set(days).size !== days.length) throw new BridgeArgumentError('Each working day may be given only once.')
  return [...days].sort((a, b) => a - b)
}

const timeZone: Check<string> = (value, path) => {
  const zone = str()(value, path)
  const problem = timeZoneProblem(zone)
  if (problem) throw new BridgeArgumentError(problem)
  return zone
}

const consentChoice = oneOf(CONSENT_CHOICES)

export const accountCalls = {
  getEarnings: earningsQuery,
  getAvailability: obj({}),
  saveAvailability: obj({ days: weekDays, same_day: bool }),
  getPreferences: obj({}),
  savePreferences: obj({
    prefs: obj({
      due_soon: bool,
      overdue: bool,
      script_changed: bool,
      changes_requested: bool,
      delivery_approved: bool,
    }),
    time_zone: timeZone,
  }),
  getConsent: obj({}),
  saveConsent: obj({ ai_word_fixes: consentChoice, ai_versions: consentChoice }),
  getAccountSettings: obj({}),
  clearCachedScripts: obj({}),
  getApiAssumptions: obj({}),
} satisfies Record<string, Check<unknown>>

export type AvailabilityInput = Checked<(typeof accountCalls)['saveAvailability']>
export type PreferencesInput = Checked<(typeof accountCalls)['savePreferences']>
export type ConsentInput = Checked<(typeof accountCalls)['saveConsent']>

/** What the current key allows on one page; a page without `canRead` explains `missing` instead of failing. */
export interface PageAccess {
  canRead: boolean
  canWrite: boolean
  /** The scopes this page needs and the key lacks, each with what it turns off. */
  missing: Array<{ scope: string; disables: string }>
}

/** A save that was sent but never confirmed (Booth closed, the network dropped): retried with its own key. */
export interface PendingSave<B> {
  body: B
  since: number
}

export interface EarningsReport {
  from: string
  to: string
  rates_visible_any: boolean
  lines: EarningsLine[]
  totals: EarningsTotals
  hidden_customers: NamedRef[]
  unrated_jobs: number
  truncated: boolean
}

export interface EarningsView {
  access: PageAccess
  query: EarningsQuery
  report: EarningsReport | null
  fetchedAt: number
}

export interface Availability {
  days: number[]
  same_day: boolean
  mixed: boolean
  rows: AvailabilityRow[]
}

export interface AvailabilityView {
  access: PageAccess
  availability: Availability | null
  pending: PendingSave<AvailabilityInput> | null
  fetchedAt: number
}

export interface Preferences {
  prefs: EmailPrefs
  time_zone: string
}

export interface PreferencesView {
  access: PageAccess
  preferences: Preferences | null
  pending: PendingSave<PreferencesInput> | null
  fetchedAt: number
}

export interface ConsentView {
  access: PageAccess
  consent: Consent | null
  pending: PendingSave<ConsentInput> | null
  fetchedAt: number
}

/** A confirmed write; `replayed` means the service answered the first, already saved result again. */
export interface Saved<T> {
  saved: T
  replayed: boolean
  savedAt: number
}

export interface AccountSettingsView {
  baseUrl: string | null
  /** Every scope of the API, whether this key has it, and what it unlocks in Booth. */
  scopes: Array<{ scope: string; granted: boolean; unlocks: string }>
  dataDir: string
  /** Bytes in the data folder (takes, cache, settings, logs); null when it could not be measured. */
  dataBytes: number | null
  cachedScripts: { files: number; bytes: number }
  versions: { booth: string; electron: string | null; chrome: string | null; node: string; api: string }
}

export interface AccountResults {
  getEarnings: EarningsView
  getAvailability: AvailabilityView
  saveAvailability: Saved<{ days: number[]; same_day: boolean; rows_updated: number }>
  getPreferences: PreferencesView
  savePreferences: Saved<Preferences>
  getConsent: ConsentView
  saveConsent: Saved<Consent>
  getAccountSettings: AccountSettingsView
  clearCachedScripts: AccountSettingsView
  getApiAssumptions: { text: string }
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AccountEvents {}

export const ACCOUNT_EVENT_NAMES: { [E in keyof AccountEvents]: true } = {}
