/**
 * The ONE place the names in API answers are made safe to show, as they enter Booth: every name is
 * passed through displayText (shared/display-text.ts), so bidirectional controls such as RIGHT-TO-LEFT
 * OVERRIDE cannot make "invoice\u202Egnp.exe" read as "invoiceexe.png", and a line break cannot split a
 * name. Everything downstream (the window, OS notifications, file names of downloads and takes, the
 * offline copy) sees the neutral name.
 *
 * Name fields of the talent API (resources/api/talent-v1.yaml), by the key they appear under (any depth):
 * - name            customer and voice (NamedRef), producer, the account (GET /me)
 * - advertiser      job summary, job detail, earnings line
 * - key_number      job summary, job detail, earnings line (the spot's key number: its title)
 * - reference       job summary, job detail
 * - producer_name   job summary, job detail
 * - agency          job detail, availability row
 * - other_talent    job detail (a list of names)
 * - suggested_stem  job detail (the file name Booth gives takes)
 * - cart_id         job detail traffic entries
 * - by              changes request (who asked)
 * - label           timeline entries
 * - email           producer, the account (GET /me)
 * - file_name       delivery, script document, POST /scripts/pdf
 * - original_name   delivery, attachment
 * - ext             attachment
 * - symbol          money and earnings totals (a currency symbol)
 * Free text (scripts, directions, notes, reasons, summaries, the read-back's words) is not a name and is
 * kept as sent; test/unit/api/answer-names.test.ts holds this list to the API document.
 */
import { displayText } from '../../shared/display-text'

export const NAME_FIELDS: ReadonlySet<string> = new Set([
  'name',
  'advertiser',
  'key_number',
  'reference',
  'producer_name',
  'agency',
  'other_talent',
  'suggested_stem',
  'cart_id',
  'by',
  'label',
  'email',
  'file_name',
  'original_name',
  'ext',
  'symbol',
])

/** A deep copy of an API answer with every name field (a string, or a list of strings) shown as Booth shows names (displayText). */
export function neutraliseNames<T>(body: T): T {
  return walk(body) as T
}

function name(value: unknown): unknown {
  if (typeof value === 'string') return displayText(value)
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? displayText(v) : walk(v)))
  return walk(value)
}

function walk(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(walk)
  if (value === null || typeof value !== 'object') return value
  const out: Record<string, unknown> = {}
  for (const [key, field] of Object.entries(value)) {
    out[key] = NAME_FIELDS.has(key) ? name(field) : walk(field)
  }
  return out
}
