// Loads the talent API's OpenAPI document and compiles its schemas with Ajv 2020 for the contract tests.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { parse } from 'yaml'

export const YAML_PATH = resolve(import.meta.dirname, '../../../resources/api/talent-v1.yaml')
const SCHEMA_ID = 'https://booth.invalid/talent-v1.json'

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
export type JsonObject = { [key: string]: Json }

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function loadDocument(): JsonObject {
  const doc: unknown = parse(readFileSync(YAML_PATH, 'utf8'))
  if (!isObject(doc)) throw new Error(`${YAML_PATH} does not hold a YAML mapping`)
  return doc
}

/** Follows a JSON pointer inside the document ("#/components/schemas/Id"); throws when it leads nowhere. */
export function resolvePointer(doc: JsonObject, ref: string): Json {
  if (!ref.startsWith('#/')) throw new Error(`Only local references are used, got ${ref}`)
  let node: Json = doc
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~')
    if (!isObject(node) || !(key in node)) throw new Error(`Reference ${ref} does not resolve (stuck at "${key}")`)
    node = node[key] as Json
  }
  return node
}

/** Follows $ref chains of OpenAPI objects (parameters, responses) to the object itself. */
export function deref(doc: JsonObject, node: Json | undefined): JsonObject {
  let current = node
  for (let hops = 0; hops < 10; hops++) {
    if (!isObject(current)) throw new Error(`Expected an object, got ${JSON.stringify(current)}`)
    const ref = current.$ref
    if (typeof ref !== 'string') return current
    current = resolvePointer(doc, ref)
  }
  throw new Error('Reference chain longer than 10 hops')
}

/** Rewrites '#/components/schemas/X' references to absolute ones into the compiled schema bundle. */
function rewriteRefs(node: Json): Json {
  if (Array.isArray(node)) return node.map(rewriteRefs)
  if (!isObject(node)) return node
  const out: JsonObject = {}
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) {
      out[key] = `${SCHEMA_ID}#/$defs/${value.slice('#/components/schemas/'.length)}`
    } else {
      out[key] = rewriteRefs(value)
    }
  }
  return out
}

export interface ContractValidator {
  ajv: Ajv2020
  /** Compiles any schema found in the document (a component schema, a parameter's or a body's). */
  compile(schema: Json): ValidateFunction
  /** The validator of one component schema by name. */
  schema(name: string): ValidateFunction
}

export function createValidator(doc: JsonObject): ContractValidator {
  // strict mode catches misspelt keywords; x-booth-* notes are declared as annotation-only keywords.
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true })
  addFormats(ajv)
  ajv.addVocabulary(['x-booth-assumption'])
  const components = doc.components
  if (!isObject(components) || !isObject(components.schemas)) throw new Error('The document has no components.schemas')
  ajv.addSchema({ $id: SCHEMA_ID, $defs: rewriteRefs(components.schemas) } as object)
  const cache = new Map<string, ValidateFunction>()
  return {
    ajv,
    compile: (schema) => ajv.compile(rewriteRefs(schema) as object),
    schema(name) {
      const hit = cache.get(name)
      if (hit) return hit
      const fn = ajv.getSchema(`${SCHEMA_ID}#/$defs/${name}`)
      if (!fn) throw new Error(`No component schema named ${name}`)
      cache.set(name, fn)
      return fn
    },
  }
}

export const OPERATIONS = [
  { method: 'get', path: '/me', operationId: 'getMe', scope: null, write: false },
  { method: 'get', path: '/jobs', operationId: 'listJobs', scope: 'jobs:read', write: false },
  { method: 'get', path: '/jobs/{job_id}', operationId: 'getJob', scope: 'jobs:read', write: false },
  { method: 'post', path: '/scripts/pdf', operationId: 'createScriptsPdf', scope: 'jobs:read', write: false },
  {
    method: 'get',
    path: '/jobs/{job_id}/deliveries',
    operationId: 'listDeliveries',
    scope: 'deliveries:read',
    write: false,
  },
  {
    method: 'post',
    path: '/jobs/{job_id}/deliveries',
    operationId: 'createDelivery',
    scope: 'deliveries:write',
    write: true,
  },
  {
    method: 'get',
    path: '/attachments/{attachment_id}/download',
    operationId: 'getAttachmentDownload',
    scope: 'attachments:read',
    write: false,
  },
  { method: 'get', path: '/earnings', operationId: 'getEarnings', scope: 'earnings:read', write: false },
  { method: 'get', path: '/availability', operationId: 'getAvailability', scope: 'account:read', write: false },
  { method: 'put', path: '/availability', operationId: 'putAvailability', scope: 'account:write', write: true },
  { method: 'get', path: '/preferences', operationId: 'getPreferences', scope: 'account:read', write: false },
  { method: 'put', path: '/preferences', operationId: 'putPreferences', scope: 'account:write', write: true },
  { method: 'get', path: '/consent', operationId: 'getConsent', scope: 'account:read', write: false },
  { method: 'put', path: '/consent', operationId: 'putConsent', scope: 'consent:write', write: true },
  { method: 'post', path: '/jobs/accept', operationId: 'acceptJobs', scope: 'jobs:write', write: true },
  { method: 'post', path: '/jobs/decline', operationId: 'declineJobs', scope: 'jobs:write', write: true },
  { method: 'post', path: '/jobs/complete', operationId: 'completeJobs', scope: 'jobs:write', write: true },
] as const

/** The operation object at a path and method; throws a readable error when it is missing. */
export function operationAt(doc: JsonObject, path: string, method: string): JsonObject {
  const paths = doc.paths
  if (!isObject(paths) || !isObject(paths[path])) throw new Error(`No path ${path} in the document`)
  const op = paths[path][method]
  if (!isObject(op)) throw new Error(`No ${method.toUpperCase()} ${path} in the document`)
  return op
}
