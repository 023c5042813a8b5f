/**
 * The ONE place timestamps of API answers are normalised to milliseconds since the epoch.
 *
 * The talent API reference gives timestamps as integers 0..9007199254740991 and does not state the unit. The sandbox sends
 * milliseconds. Booth accepts both: a value below 1e11 is taken as SECONDS and multiplied by 1000
 * (1e11 ms is 1973-03-03, 1e11 s is the year 5138, so the two ranges cannot be confused for real dates).
 *
 * Timestamp fields of the talent API, by the key they appear under (any depth, any object):
 * - requested_at   job summary, job detail, earnings line
 * - revised_at     job detail `script`
 * - expires_at     GET /me, script `document`, POST /scripts/pdf, attachment download
 * - changed_at     job detail `script_change`
 * - at             `changes_request`, `decline`, `completion`, timeline entries
 * - created_at     delivery, attachment
 * - updated_at     delivery, consent
 * - checked_at     delivery `check`
 * - listen_url_expires_at   delivery
 * - server_time    GET /jobs/{job_id}/deliveries
 * No other field of the API uses these names, so normalising by key is exact.
 */

export const TIMESTAMP_FIELDS: ReadonlySet<string> = new Set([
  'requested_at',
  'revised_at',
  'expires_at',
  'changed_at',
  'at',
  'created_at',
  'updated_at',
  'checked_at',
  'listen_url_expires_at',
  'server_time',
])

/** Values below this are seconds. */
export const SECONDS_THRESHOLD = 1e11

/** One timestamp value in ms; null and non-numbers pass through unchanged. */
export function toMilliseconds<T>(value: T): T {
  if (typeof value !== 'number' || !Number.isFinite(value)) return value
  return (value < SECONDS_THRESHOLD ? value * 1000 : value) as T
}

/** A deep copy of an API answer with every timestamp field in milliseconds. */
export function normaliseTimestamps<T>(body: T): T {
  return walk(body) as T
}

function walk(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(walk)
  if (value === null || typeof value !== 'object') return value
  const out: Record<string, unknown> = {}
  for (const [key, field] of Object.entries(value)) {
    out[key] = TIMESTAMP_FIELDS.has(key) && typeof field === 'number' ? toMilliseconds(field) : walk(field)
  }
  return out
}
