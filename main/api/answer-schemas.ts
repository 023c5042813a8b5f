/**
 * The success answers of the talent API as Booth reads them, compiled from the API's own document
 * (resources/api/talent-v1.yaml, the 200 answer of each operation) with Ajv 2020, once per process and
 * per operation on first use. What the document says is required, typed and formed is held to; two
 * rules make the reading tolerant where the document allows growth:
 * - a field the document does not name is ignored (`additionalProperties: false` is not applied), so a
 *   service that adds a field keeps working;
 * - a string enum (or string const) value the document does not name is read as 'unknown'
 *   (UNKNOWN_ENUM_VALUE, shared/api-read.ts) in place, by the `x-booth-enum` keyword below, so a new
 *   stage or status shows as "unknown" instead of failing the whole answer.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
// The file name with its extension: the built main bundle runs under Node's own ES module resolver.
import Ajv2020 from 'ajv/dist/2020.js'
import type { ErrorObject, ValidateFunction } from 'ajv'
import { parse as parseYaml } from 'yaml'
import { UNKNOWN_ENUM_VALUE } from '../../shared/api-read'

export const API_DOCUMENT_PATH = fileURLToPath(new URL('../../resources/api/talent-v1.yaml', import.meta.url))

const SCHEMA_ROOT = 'talent-v1-read'
const ENUM_KEYWORD = 'x-booth-enum'
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const

type Json = Record<string, unknown>
const isObject = (x: unknown): x is Json => x !== null && typeof x === 'object' && !Array.isArray(x)

/** A checker of one operation's success answer: true when it conforms (after unknown enum values became 'unknown'). */
export interface AnswerValidator {
  (body: unknown): boolean
  errors?: ErrorObject[] | null
}

export interface AnswerSchemas {
  /** The checker of `operationId`'s 200 answer, or null when the document declares none. */
  validator(operationId: string): AnswerValidator | null
}

/**
 * The document's schemas rewritten for reading: `$ref`s point at the registered components, closed objects
 * are opened, string enums and consts become `x-booth-enum` (which never fails, and rewrites an unknown
 * value to 'unknown'). Non-string enums (page sizes) stay enums.
 */
export function readingSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(readingSchema)
  if (!isObject(node)) return node
  const out: Json = {}
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) {
      out[key] = `${SCHEMA_ROOT}#/$defs/${value.slice('#/components/schemas/'.length)}`
    } else if (key === 'additionalProperties' && value === false) {
      continue
    } else if (key === 'enum' && Array.isArray(value) && value.every((v) => typeof v === 'string')) {
      out['type'] ??= 'string'
      out[ENUM_KEYWORD] = value
    } else if (key === 'const' && typeof value === 'string') {
      out['type'] ??= 'string'
      out[ENUM_KEYWORD] = [value]
    } else {
      out[key] = readingSchema(value)
    }
  }
  return out
}

function newAjv(components: Json): Ajv2020 {
  // verbose: errors carry the value they are about, so a problem can be told in words (answer-problems.ts).
  // validateSchema off: the document is Booth's own and held to OpenAPI by its tests; checking it against the
  // meta-schema at every launch would cost more than all the answers' checks.
  const ajv = new Ajv2020({
    allErrors: true,
    strict: false,
    allowUnionTypes: true,
    verbose: true,
    validateSchema: false,
  })
  ajv.addKeyword({
    keyword: ENUM_KEYWORD,
    type: 'string',
    schemaType: 'array',
    modifying: true,
    errors: false,
    validate: (
      allowed: string[],
      data: string,
      _parent: unknown,
      cxt?: { parentData: Json | unknown[]; parentDataProperty: string | number },
    ) => {
      if (!allowed.includes(data) && cxt)
        (cxt.parentData as Record<string | number, unknown>)[cxt.parentDataProperty] = UNKNOWN_ENUM_VALUE
      return true
    },
  })
  ajv.addSchema({ $id: SCHEMA_ROOT, $defs: readingSchema(components) as Json })
  return ajv
}

/** Follows a local $ref (#/components/responses/Error) of the document. */
function deref(doc: Json, node: unknown): unknown {
  if (!isObject(node) || typeof node.$ref !== 'string' || !node.$ref.startsWith('#/')) return node
  let cur: unknown = doc
  for (const part of node.$ref.slice(2).split('/'))
    cur = isObject(cur) ? cur[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined
  return deref(doc, cur)
}

function successSchemas(doc: Json): Map<string, Json> {
  const out = new Map<string, Json>()
  for (const item of Object.values(isObject(doc.paths) ? doc.paths : {})) {
    if (!isObject(item)) continue
    for (const method of METHODS) {
      const op = item[method]
      if (!isObject(op) || typeof op.operationId !== 'string' || !isObject(op.responses)) continue
      const answer = deref(doc, op.responses['200'])
      const media = isObject(answer) && isObject(answer.content) ? answer.content['application/json'] : null
      if (isObject(media) && isObject(media.schema)) out.set(op.operationId, media.schema)
    }
  }
  return out
}

/** Loads the document at `file` and prepares its checkers (each compiled on first use). */
export function loadAnswerSchemas(file: string = API_DOCUMENT_PATH): AnswerSchemas {
  let doc: unknown
  try {
    doc = parseYaml(readFileSync(file, 'utf8'))
  } catch (err) {
    throw new Error(
      `Booth's copy of the API document (${file}) cannot be read: ${err instanceof Error ? err.message : String(err)}`,
      { cause: err },
    )
  }
  if (!isObject(doc) || !isObject(doc.paths))
    throw new Error(`Booth's copy of the API document (${file}) has no "paths".`)
  const components = isObject(doc.components) && isObject(doc.components.schemas) ? doc.components.schemas : {}
  const ajv = newAjv(components)
  const schemas = successSchemas(doc)
  const compiled = new Map<string, ValidateFunction>()
  return {
    validator(operationId) {
      const schema = schemas.get(operationId)
      if (!schema) return null
      let v = compiled.get(operationId)
      if (!v) {
        v = ajv.compile(readingSchema(schema) as Json)
        compiled.set(operationId, v)
      }
      return v
    },
  }
}

let loaded: AnswerSchemas | null = null

/** The answer checkers of Booth's own copy of the document, loaded once per process. */
export function answerSchemas(): AnswerSchemas {
  loaded ??= loadAnswerSchemas()
  return loaded
}
