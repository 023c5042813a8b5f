/**
 * What is wrong with an answer of the service, in words a person can read and quote to support: the
 * field the API document (resources/api/talent-v1.yaml) expects and what came instead, e.g.
 * `"advertiser" is missing`, `"length_s" is text where a number is expected`, `"items" is an object where
 * a list is expected`. Never a validator's own sentence, never the value itself (it is the service's text).
 */
import type { ErrorObject } from 'ajv'

const TYPE_WORDS: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'a group of fields',
  null: 'nothing',
}

/** "customer.name", "traffic[2].cart_id" from a JSON pointer (relative to what is being read). */
export function fieldName(pointer: string): string {
  let out = ''
  for (const raw of pointer.split('/').slice(1)) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~')
    out += /^\d+$/.test(part) ? `[${part}]` : out === '' ? part : `.${part}`
  }
  return out
}

function kindOf(value: unknown): string {
  if (value === null) return 'empty (null)'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'number') return Number.isInteger(value) ? 'a whole number' : 'a number'
  if (typeof value === 'string') return 'text'
  if (typeof value === 'boolean') return 'true or false'
  return 'a group of fields'
}

function expectedWords(types: Iterable<string>): string {
  const words = [...new Set([...types].map((t) => TYPE_WORDS[t] ?? t))]
  return words.length <= 1
    ? (words[0] ?? 'something else')
    : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`
}

function typesOf(type: unknown): string[] {
  return Array.isArray(type) ? type.map(String) : [String(type)]
}

const LIMIT_WORDS: Record<string, string> = {
  minimum: 'is below the lowest value allowed',
  exclusiveMinimum: 'is below the lowest value allowed',
  maximum: 'is above the highest value allowed',
  exclusiveMaximum: 'is above the highest value allowed',
  minLength: 'is shorter than allowed',
  maxLength: 'is longer than allowed',
  minItems: 'has fewer entries than allowed',
  maxItems: 'has more entries than allowed',
  uniqueItems: 'lists the same entry twice',
  pattern: 'is not in the form the API gives it',
  format: 'is not in the form the API gives it',
  enum: 'has a value the API does not name',
  const: 'has a value the API does not name',
  multipleOf: 'is not a value the API allows',
}

/** One problem of the errors Ajv reported for one value, paths relative to `base` (a JSON pointer). */
export function describeProblem(errors: readonly ErrorObject[], base = ''): string {
  const relevant = relevantErrors(errors)
  const chosen = relevant.find((e) => e.keyword === 'required') ?? relevant[0]
  if (!chosen) return 'it does not have the form the API document gives it'
  const path = chosen.instancePath.slice(base.length)
  if (chosen.keyword === 'required') {
    const missing = String((chosen.params as { missingProperty?: unknown }).missingProperty ?? '')
    return `"${fieldName(`${path}/${missing}`)}" is missing`
  }
  const field = fieldName(path)
  const subject = field === '' ? 'it' : `"${field}"`
  if (chosen.keyword === 'type') {
    const expected = relevant
      .filter((e) => e.instancePath === chosen.instancePath && e.keyword === 'type')
      .flatMap((e) => typesOf((e.params as { type?: unknown }).type))
    return `${subject} is ${kindOf(chosen.data)} where ${expectedWords(expected)} is expected`
  }
  return `${subject} ${LIMIT_WORDS[chosen.keyword] ?? 'does not have the form the API document gives it'}`
}

/**
 * The errors that say what is wrong, without those of the branches the value did not take: an `anyOf`
 * (Date or null) reports every branch, so a type error is dropped when the same value also failed
 * something else (it took the other branch: "tomorrow" is text, only not a date) or failed inside
 * (a rate whose amount is a number took the Money branch, not null).
 */
function relevantErrors(errors: readonly ErrorObject[]): ErrorObject[] {
  const others = errors.filter((e) => e.keyword !== 'anyOf')
  return others.filter(
    (e) =>
      e.keyword !== 'type' ||
      !others.some(
        (o) =>
          (o.instancePath === e.instancePath && o.keyword !== 'type') ||
          o.instancePath.startsWith(`${e.instancePath}/`),
      ),
  )
}
