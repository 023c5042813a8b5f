/**
 * The earnings lines as CSV (RFC 4180): comma-separated, CRLF line ends, a field quoted when it holds a
 * comma, quote or line break, quotes doubled. Client text (customer, advertiser, key number) that starts
 * like a spreadsheet formula (= + - @, tab, carriage return) gets a leading apostrophe so opening the
 * file in a spreadsheet never runs it. Amounts stay plain numbers, with the currency in its own column.
 */
import type { EarningsLine } from '../../../shared/bridge-account'

export const CSV_HEADER = [
  'job_id',
  'requested_at',
  'month',
  'customer',
  'advertiser',
  'key_number',
  'status',
  'stage',
  'amount',
  'currency',
] as const

/** A field as CSV: quoted only when needed. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

/** Client text made inert for spreadsheets. */
export function inertText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}

/** requested_at (ms) as an ISO 8601 instant in UTC, so the file means the same everywhere. */
function instant(ms: number): string {
  return Number.isFinite(ms) ? new Date(ms).toISOString() : ''
}

export function earningsCsv(lines: readonly EarningsLine[]): string {
  const rows = lines.map((l) => [
    l.job_id,
    instant(l.requested_at),
    l.month,
    inertText(l.customer.name),
    inertText(l.advertiser),
    inertText(l.key_number),
    l.status,
    l.stage,
    l.amount.amount,
    l.amount.currency,
  ])
  return [[...CSV_HEADER], ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n'
}

/** A file name for the export: booth-earnings-2025-01-to-2025-12.csv (plus the customer id when filtered). */
export function earningsCsvName(from: string, to: string, customerId: string | null): string {
  return `booth-earnings-${from}-to-${to}${customerId ? `-customer-${customerId}` : ''}.csv`
}
