/**
 * A proofer's pickup list as CSV: one row per pickup with where it is (a sentence's text, or a time in
 * the take such as 0:04.2), what was said, and what it should be. Parsed into card drafts; which script
 * sentence each names is decided in main (main/versions/fixes/pickup-cards.ts). Pure.
 *
 * - Fields are separated by commas, semicolons or tabs (whichever the first line uses), quoted with "…"
 *   where they hold a separator, a quote ("") or a line break; a byte-order mark and CRLF are fine.
 * - A first row naming its columns (sentence / line / text / time / timecode; said / heard / read as / was;
 *   should be / correct / script / fix) may put them in any order; without one the order is
 *   where, said, should be. Empty rows are skipped.
 * - Anything malformed is refused as a whole with the row named (nothing is imported).
 */

export const MAX_PICKUP_CSV_CHARS = 200_000
export const MAX_PICKUP_ROWS = 500

export type PickupLocator = { kind: 'time'; seconds: number } | { kind: 'text'; text: string }

export interface PickupCardDraft {
  /** The row in the file (1-based, the header counted). */
  row: number
  locator: PickupLocator
  said: string
  should_be: string
}

export class PickupCsvError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PickupCsvError'
  }
}

/** Splits CSV text into rows of fields; throws PickupCsvError on an unclosed quote or stray text after one. */
export function csvRows(text: string, separator: string): Array<{ line: number; fields: string[] }> {
  const rows: Array<{ line: number; fields: string[] }> = []
  let fields: string[] = []
  let field = ''
  let line = 1
  let rowLine = 1
  let i = 0
  const endField = () => {
    fields.push(field)
    field = ''
  }
  const endRow = () => {
    endField()
    rows.push({ line: rowLine, fields })
    fields = []
  }
  while (i < text.length) {
    const ch = text[i] as string
    if (ch === '"' && field === '') {
      const openedAt = line
      i++
      for (;;) {
        if (i >= text.length)
          throw new PickupCsvError(`Row ${openedAt}: a quote opened in field ${fields.length + 1} is never closed.`)
        const c = text[i] as string
        if (c === '"') {
          if (text[i + 1] === '"') {
            field += '"'
            i += 2
            continue
          }
          i++
          break
        }
        if (c === '\n') line++
        field += c
        i++
      }
      const after = text[i]
      if (after !== undefined && after !== separator && after !== '\n' && after !== '\r') {
        throw new PickupCsvError(
          `Row ${line}: field ${fields.length + 1} has text after its closing quote; a quote inside a quoted field is written twice ("").`,
        )
      }
      continue
    }
    if (ch === separator) {
      endField()
      i++
      continue
    }
    if (ch === '\r' || ch === '\n') {
      endRow()
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1
      line++
      rowLine = line
      continue
    }
    field += ch
    i++
  }
  if (field !== '' || fields.length > 0) endRow()
  return rows
}

/** A time as a proofer writes it: 4.2, 4.2s, 0:04.2, 00:00:04.200, 1:02:03. Null when it is not one. */
export function parseTimecode(raw: string): number | null {
  const t = raw.trim().replace(/s$/i, '').trim()
  if (!/^\d{1,3}(?::\d{1,2}){0,2}(?:[.,]\d{1,3})?$/.test(t)) return null
  const [whole, frac] = t.split(/[.,]/) as [string, string | undefined]
  const parts = whole.split(':').map(Number)
  if (parts.slice(1).some((p) => p >= 60)) return null
  const seconds = parts.reduce((acc, p) => acc * 60 + p, 0) + (frac ? Number(`0.${frac}`) : 0)
  return Number.isFinite(seconds) ? seconds : null
}

const COLUMN_NAMES: Record<'where' | 'said' | 'should', RegExp> = {
  where: /^(sentence|line|text|time|timecode|tc|where|at|position|location|script line)$/,
  said: /^(said|heard|read as|was|actual|as read|read)$/,
  should: /^(should be|should|correct|correction|script|fix|expected|intended|wanted)$/,
}

function headerColumns(fields: string[]): { where: number; said: number; should: number } | null {
  const names = fields.map((f) => f.trim().toLowerCase().replace(/[_-]+/g, ' ').replace(/\s+/g, ' '))
  const find = (re: RegExp) => names.findIndex((n) => re.test(n))
  const cols = { where: find(COLUMN_NAMES.where), said: find(COLUMN_NAMES.said), should: find(COLUMN_NAMES.should) }
  const found = [cols.where, cols.said, cols.should].filter((c) => c >= 0).length
  if (found === 0) return null
  if (found < 3) {
    const missing = (['where', 'said', 'should'] as const)
      .filter((k) => cols[k] < 0)
      .map((k) => (k === 'where' ? 'the sentence or time' : k === 'said' ? 'what was said' : 'what it should be'))
    throw new PickupCsvError(`The first row names columns but none for ${missing.join(' or ')}.`)
  }
  return cols
}

function separatorOf(text: string): string {
  const first = text.split(/\r?\n/, 1)[0] ?? ''
  const counts = [',', ';', '\t'].map((s) => ({ s, n: first.split(s).length - 1 }))
  counts.sort((a, b) => b.n - a.n)
  return (counts[0] as { s: string; n: number }).n > 0 ? (counts[0] as { s: string }).s : ','
}

export function parsePickupCsv(input: string): PickupCardDraft[] {
  if (typeof input !== 'string') throw new PickupCsvError('The pickup list is not text.')
  if (input.length > MAX_PICKUP_CSV_CHARS)
    throw new PickupCsvError(
      `The pickup list is ${input.length.toLocaleString('en-US')} characters long; Booth takes lists up to ${MAX_PICKUP_CSV_CHARS.toLocaleString('en-US')}.`,
    )
  if (input.includes('\u0000'))
    throw new PickupCsvError('The pickup list holds a NUL character, so it is not a text CSV file.')
  const text = input.replace(/^\uFEFF/, '')
  const rows = csvRows(text, separatorOf(text)).filter((r) => r.fields.some((f) => f.trim() !== ''))
  if (rows.length === 0) throw new PickupCsvError('The pickup list has no rows.')
  const header = headerColumns((rows[0] as { fields: string[] }).fields)
  const cols = header ?? { where: 0, said: 1, should: 2 }
  const body = header ? rows.slice(1) : rows
  if (body.length === 0) throw new PickupCsvError('The pickup list has a header row but no pickups.')
  if (body.length > MAX_PICKUP_ROWS)
    throw new PickupCsvError(`The pickup list has ${body.length} rows; Booth takes up to ${MAX_PICKUP_ROWS}.`)
  const width = Math.max(cols.where, cols.said, cols.should) + 1
  return body.map(({ line, fields }) => {
    if (fields.length < width) {
      throw new PickupCsvError(
        `Row ${line} has ${fields.length} field${fields.length === 1 ? '' : 's'}; each pickup ` +
          `needs ${width === 3 ? 'three' : width}: the sentence or time, what was said, and what it should be.`,
      )
    }
    const where = (fields[cols.where] as string).trim()
    const said = (fields[cols.said] as string).trim()
    const should = (fields[cols.should] as string).trim()
    if (where === '') throw new PickupCsvError(`Row ${line} does not say which sentence or time it is about.`)
    if (said === '' && should === '')
      throw new PickupCsvError(`Row ${line} says neither what was said nor what it should be.`)
    const seconds = parseTimecode(where)
    return {
      row: line,
      locator: seconds === null ? { kind: 'text', text: where } : { kind: 'time', seconds },
      said,
      should_be: should,
    }
  })
}
