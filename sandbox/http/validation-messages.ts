/**
 * Ajv errors → plain sentences that name the offending field, e.g.
 * `Query parameter "page" must be at least 1.` or `Body field "job_ids" must hold at most 25 items.`
 */
import type { ErrorObject } from 'ajv'

export type ValueLocation = 'path' | 'query' | 'header' | 'body'

/** Patterns the talent API uses, described in words. */
const PATTERN_WORDS: Record<string, string> = {
  '^[1-9][0-9]{0,9}$': 'an id (1 to 10 digits, not starting with 0)',
  '^[A-Za-z0-9_-]{8,48}$': '8 to 48 letters, digits, dashes or underscores',
  '^[0-9a-f]{32}$': '32 lowercase hexadecimal digits',
  '^\\d{4}-\\d{2}$': 'a month written YYYY-MM',
  '^[0-9]{4}-[0-9]{2}$': 'a month written YYYY-MM',
  '^\\d{4}-(0[1-9]|1[0-2])$': 'a month written YYYY-MM',
  '^[0-9]{4}-(0[1-9]|1[0-2])$': 'a month written YYYY-MM',
  '^\\d{4}-\\d{2}-\\d{2}$': 'a date written YYYY-MM-DD',
  '^[0-9]{4}-[0-9]{2}-[0-9]{2}$': 'a date written YYYY-MM-DD',
  '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$': 'a date written YYYY-MM-DD',
  '^-?\\d+\\.\\d{2}$': 'an amount with two decimals, like 12.50',
  '^[A-Z]{3}$': 'a three-letter currency code',
}

const TYPE_WORDS: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'null',
}

function pointerToField(pointer: string): string {
  let out = ''
  for (const raw of pointer.split('/').slice(1)) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~')
    out += /^\d+$/.test(part) ? `[${part}]` : out === '' ? part : `.${part}`
  }
  return out
}

function subject(location: ValueLocation, field: string, context: 'request' | 'response'): string {
  if (field === '')
    return context === 'response' ? 'The answer body' : location === 'body' ? 'The request body' : `The ${location}`
  switch (location) {
    case 'path':
      return `Path value "${field}"`
    case 'query':
      return `Query parameter "${field}"`
    case 'header':
      return `Header ${field.replace(/(^|-)([a-z])/g, (_m, d: string, c: string) => d + c.toUpperCase())}`
    case 'body':
      return context === 'response' ? `Answer field "${field}"` : `Body field "${field}"`
  }
}

function list(values: unknown[]): string {
  const words = values.map((v) => JSON.stringify(v))
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`
}

function typeWords(type: unknown): string {
  const types = Array.isArray(type) ? type : [type]
  return types.map((t) => TYPE_WORDS[String(t)] ?? String(t)).join(' or ')
}

/** One sentence for one Ajv error. */
export function describeError(
  e: ErrorObject,
  location: ValueLocation,
  context: 'request' | 'response' = 'request',
): string {
  const p = e.params as Record<string, unknown>
  let field = pointerToField(e.instancePath)
  const join = (name: string): string => (field === '' ? name : `${field}.${name}`)
  if (e.keyword === 'required') {
    field = join(String(p.missingProperty))
    return `${subject(location, field, context)} is required.`
  }
  if (e.keyword === 'additionalProperties') {
    field = join(String(p.additionalProperty))
    if (location === 'query') return `Query parameter "${field}" is not one this operation takes.`
    return `${subject(location, field, context)} is not a field this operation takes.`
  }
  const who = subject(location, field, context)
  switch (e.keyword) {
    case 'type':
      return `${who} must be ${typeWords(p.type)}.`
    case 'minimum':
      return `${who} must be at least ${String(p.limit)}.`
    case 'maximum':
      return `${who} must be at most ${String(p.limit)}.`
    case 'exclusiveMinimum':
      return `${who} must be more than ${String(p.limit)}.`
    case 'exclusiveMaximum':
      return `${who} must be less than ${String(p.limit)}.`
    case 'minLength':
      return `${who} must be at least ${String(p.limit)} character${p.limit === 1 ? '' : 's'} long.`
    case 'maxLength':
      return `${who} must be at most ${String(p.limit)} character${p.limit === 1 ? '' : 's'} long.`
    case 'minItems':
      return `${who} must hold at least ${String(p.limit)} item${p.limit === 1 ? '' : 's'}.`
    case 'maxItems':
      return `${who} must hold at most ${String(p.limit)} items.`
    case 'uniqueItems':
      return `${who} must not list the same value twice.`
    case 'enum':
      return `${who} must be one of ${list(p.allowedValues as unknown[])}.`
    case 'const':
      return `${who} must be ${JSON.stringify(p.allowedValue)}.`
    case 'format':
      return `${who} must be a valid ${String(p.format)}.`
    case 'pattern': {
      const words = PATTERN_WORDS[String(p.pattern)]
      return words ? `${who} must be ${words}.` : `${who} is not in the expected format (${String(p.pattern)}).`
    }
    default:
      return `${who} is not valid (${e.message ?? e.keyword}).`
  }
}

const WRAPPERS = new Set(['oneOf', 'anyOf', 'allOf', 'if', 'then', 'else', 'not', '$ref'])

/**
 * The most useful sentences for a failed validation: wrapper errors (oneOf/anyOf) are dropped, and a
 * "must be null" from a nullable branch gives way to the real complaint about the same field.
 */
export function describeErrors(
  errors: ErrorObject[],
  location: ValueLocation,
  context: 'request' | 'response' = 'request',
): string[] {
  const real = errors.filter((e) => !WRAPPERS.has(e.keyword))
  const useful = real.filter(
    (e) =>
      !(
        e.keyword === 'type' &&
        e.params.type === 'null' &&
        real.some((o) => o !== e && o.instancePath === e.instancePath)
      ),
  )
  const chosen = useful.length > 0 ? useful : real.length > 0 ? real : errors
  return [...new Set(chosen.map((e) => describeError(e, location, context)))]
}
