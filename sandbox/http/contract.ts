/**
 * The talent API's OpenAPI 3.1 document (resources/api/talent-v1.yaml), loaded with `yaml` and compiled with
 * Ajv 2020: per operation, validators for path, query, header and body values (requests) and for the 200 and
 * default answers (responses). The sandbox routes and validates with it; tests reuse `validateResponse` to
 * hold every answer the sandbox sends to the document.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
// The file name with its extension: Node's ES module resolver (the built Electron main bundle keeps ajv
// external) does not add `.js` to a deep import the way bundlers and tsx do.
import Ajv2020 from 'ajv/dist/2020.js'
import type { ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import { parse as parseYaml } from 'yaml'
import { OPERATION_IDS, type OperationId } from '../seam'
import { describeErrors } from './validation-messages'

export const DEFAULT_CONTRACT_PATH = fileURLToPath(new URL('../../resources/api/talent-v1.yaml', import.meta.url))
/** Every path is relative to {base_url}/api/v1 (the servers entry of resources/api/talent-v1.yaml). */
export const API_BASE_PATH = '/api/v1'

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const
const SCHEMA_ROOT = 'talent-v1'

export interface ParamSpec {
  name: string
  in: 'path' | 'query' | 'header'
  required: boolean
  schema: Record<string, unknown>
}

export interface OperationSpec {
  operationId: OperationId
  method: string // upper case
  /** Path template relative to /api/v1, e.g. /jobs/{job_id}. */
  path: string
  params: ParamSpec[]
  /** Scopes the operation's `security` names (empty: any valid bearer key). */
  scopes: string[]
  /** A write takes an Idempotency-Key (declared as a header, or its scope is a :write scope). */
  isWrite: boolean
  body: { required: boolean } | null
  /** The request's validators, each compiled when first read (see loadContract). */
  readonly validatePath: ValidateFunction
  readonly validateQuery: ValidateFunction
  readonly validateHeaders: ValidateFunction
  readonly validateBody: ValidateFunction | null
}

export interface ResponseCheck {
  valid: boolean
  errors: string[]
}

export interface Contract {
  operations: OperationSpec[]
  byId: Map<OperationId, OperationSpec>
  /** Validate an answer body against the operation's schema for `status` (200, else the default answer). */
  validateResponse(operationId: OperationId, status: number, body: unknown): ResponseCheck
}

type Json = Record<string, unknown>

function isObject(x: unknown): x is Json {
  return x !== null && typeof x === 'object' && !Array.isArray(x)
}

/** Follow a local `$ref` (e.g. #/components/parameters/Page) inside the document. */
function deref(doc: Json, node: unknown, seen = new Set<string>()): unknown {
  if (!isObject(node) || typeof node.$ref !== 'string') return node
  const ref = node.$ref
  if (!ref.startsWith('#/'))
    throw new Error(`The API document uses a non-local $ref "${ref}", which the sandbox cannot follow.`)
  if (seen.has(ref)) throw new Error(`The API document has a $ref loop at "${ref}".`)
  seen.add(ref)
  let cur: unknown = doc
  for (const raw of ref.slice(2).split('/')) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~')
    cur = isObject(cur) ? cur[part] : undefined
  }
  if (cur === undefined) throw new Error(`The API document's $ref "${ref}" points at nothing.`)
  return deref(doc, cur, seen)
}

/** Point schema refs at the registered components: #/components/schemas/X → talent-v1#/$defs/X. */
function rewriteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewriteRefs)
  if (!isObject(node)) return node
  const out: Json = {}
  for (const [k, v] of Object.entries(node)) {
    if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')) {
      out[k] = `${SCHEMA_ROOT}#/$defs/${v.slice('#/components/schemas/'.length)}`
    } else out[k] = rewriteRefs(v)
  }
  return out
}

function newAjv(schemas: Json, mode: 'request-coerce' | 'request-body' | 'response'): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: false,
    allowUnionTypes: true,
    coerceTypes: mode === 'request-coerce',
    useDefaults: mode !== 'response',
  })
  addFormats(ajv)
  for (const f of ['int32', 'int64']) ajv.addFormat(f, { type: 'number', validate: (n: number) => Number.isInteger(n) })
  for (const f of ['float', 'double']) ajv.addFormat(f, { type: 'number', validate: () => true })
  ajv.addSchema({ $id: SCHEMA_ROOT, $defs: rewriteRefs(schemas) as Json })
  return ajv
}

/** A parameter's default, looked up through $ref (Ajv applies defaults only where the property names them). */
function defaultOf(doc: Json, schema: unknown): { value: unknown } | null {
  if (!isObject(schema)) return null
  if ('default' in schema) return { value: schema.default }
  return typeof schema.$ref === 'string' ? defaultOf(doc, deref(doc, schema)) : null
}

function objectSchema(doc: Json, params: ParamSpec[], closed: boolean): Json {
  const properties: Json = {}
  for (const p of params) {
    const schema = rewriteRefs(p.schema) as Json
    const def = defaultOf(doc, p.schema)
    properties[p.in === 'header' ? p.name.toLowerCase() : p.name] =
      def && !('default' in schema) ? { ...schema, default: def.value } : schema
  }
  return {
    type: 'object',
    properties,
    required: params.filter((p) => p.required).map((p) => (p.in === 'header' ? p.name.toLowerCase() : p.name)),
    ...(closed ? { additionalProperties: false } : {}),
  }
}

function jsonSchemaOf(doc: Json, holder: unknown): Json | null {
  const resolved = deref(doc, holder)
  if (!isObject(resolved) || !isObject(resolved.content)) return null
  const media = resolved.content['application/json']
  if (!isObject(media) || !isObject(media.schema)) return null
  return rewriteRefs(media.schema) as Json
}

function scopesOf(security: unknown): string[] {
  if (!Array.isArray(security)) return []
  const scopes = new Set<string>()
  for (const req of security)
    if (isObject(req))
      for (const list of Object.values(req))
        if (Array.isArray(list)) for (const s of list) if (typeof s === 'string') scopes.add(s)
  return [...scopes]
}

function readParams(doc: Json, list: unknown, where: string): ParamSpec[] {
  if (list === undefined) return []
  if (!Array.isArray(list)) throw new Error(`The parameters of ${where} in the API document are not a list.`)
  return list.map((raw) => {
    const p = deref(doc, raw)
    if (!isObject(p) || typeof p.name !== 'string' || !['path', 'query', 'header'].includes(String(p.in))) {
      throw new Error(`A parameter of ${where} in the API document has no name or an unsupported "in".`)
    }
    return {
      name: p.name,
      in: p.in as ParamSpec['in'],
      required: p.required === true || p.in === 'path',
      schema: isObject(p.schema) ? p.schema : {},
    }
  })
}

/** Load and compile the document. Throws one clear sentence when the document is missing or unusable. */
export function loadContract(file: string = DEFAULT_CONTRACT_PATH): Contract {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    throw new Error(`The API document ${file} cannot be read.`)
  }
  const doc = parseYaml(text) as unknown
  if (!isObject(doc) || !isObject(doc.paths)) throw new Error(`The API document ${file} has no "paths".`)
  const schemas = isObject(doc.components) && isObject(doc.components.schemas) ? doc.components.schemas : {}
  const coerce = newAjv(schemas, 'request-coerce')
  const bodies = newAjv(schemas, 'request-body')
  const answers = newAjv(schemas, 'response')
  const operations: OperationSpec[] = []
  // Every validator, of requests as of answers, is compiled on first use: a run of the sandbox serves a
  // few of the operations, and compiling all of them made about half a second of every start (Booth's demo
  // mode, each test's sandbox). The schemas are built here, so a document they cannot be built from is
  // still refused at once.
  const validators = new Map<string, ValidateFunction>()
  const compiledOnce = (key: string, ajv: Ajv2020, schema: Json): ValidateFunction => {
    let v = validators.get(key)
    if (!v) {
      v = ajv.compile(schema)
      validators.set(key, v)
    }
    return v
  }
  /** Answer schemas by `operationId status`. */
  const responseSchemas = new Map<string, Json>()
  const responseValidator = (key: string): ValidateFunction | undefined => {
    const schema = responseSchemas.get(key)
    return schema ? compiledOnce(`answer ${key}`, answers, schema) : undefined
  }

  for (const [path, rawItem] of Object.entries(doc.paths)) {
    const item = deref(doc, rawItem)
    if (!isObject(item)) continue
    const shared = readParams(doc, item.parameters, path)
    for (const method of METHODS) {
      const op = item[method]
      if (!isObject(op)) continue
      const where = `${method.toUpperCase()} ${path}`
      const id = op.operationId
      if (typeof id !== 'string' || !(OPERATION_IDS as readonly string[]).includes(id)) {
        throw new Error(`The operation ${where} in the API document has an unknown operationId "${String(id)}".`)
      }
      const own = readParams(doc, op.parameters, where)
      const params = [...shared.filter((s) => !own.some((o) => o.name === s.name && o.in === s.in)), ...own]
      const scopes = scopesOf(op.security ?? doc.security)
      const declaresIdem = params.some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key')
      const bodySchema = op.requestBody === undefined ? null : jsonSchemaOf(doc, op.requestBody)
      const bodyHolder = deref(doc, op.requestBody)
      const pathSchema = objectSchema(
        doc,
        params.filter((p) => p.in === 'path'),
        true,
      )
      const querySchema = objectSchema(
        doc,
        params.filter((p) => p.in === 'query'),
        true,
      )
      const headerSchema = objectSchema(
        doc,
        params.filter((p) => p.in === 'header'),
        false,
      )
      operations.push({
        operationId: id as OperationId,
        method: method.toUpperCase(),
        path,
        params,
        scopes,
        isWrite: declaresIdem || scopes.some((s) => s.endsWith(':write')),
        body: bodySchema ? { required: isObject(bodyHolder) && bodyHolder.required === true } : null,
        get validatePath() {
          return compiledOnce(`${id} path`, coerce, pathSchema)
        },
        get validateQuery() {
          return compiledOnce(`${id} query`, coerce, querySchema)
        },
        get validateHeaders() {
          return compiledOnce(`${id} headers`, coerce, headerSchema)
        },
        get validateBody() {
          return bodySchema ? compiledOnce(`${id} body`, bodies, bodySchema) : null
        },
      })
      const responses = isObject(op.responses) ? op.responses : {}
      for (const [status, holder] of Object.entries(responses)) {
        const schema = jsonSchemaOf(doc, holder)
        if (schema) responseSchemas.set(`${id} ${status}`, schema)
      }
    }
  }

  const byId = new Map(operations.map((o) => [o.operationId, o]))
  return {
    operations,
    byId,
    validateResponse(operationId, status, body) {
      const v =
        responseValidator(`${operationId} ${status}`) ??
        (status >= 400 || status < 200 ? responseValidator(`${operationId} default`) : undefined)
      if (!v)
        return { valid: false, errors: [`The API document declares no JSON answer ${status} for ${operationId}.`] }
      const valid = v(body) as boolean
      return { valid, errors: valid ? [] : describeErrors(v.errors ?? [], 'body', 'response') }
    },
  }
}

const cache = new Map<string, Contract>()

/** The contract at `file`, loaded once per process. */
export function cachedContract(file: string = DEFAULT_CONTRACT_PATH): Contract {
  let c = cache.get(file)
  if (!c) {
    c = loadContract(file)
    cache.set(file, c)
  }
  return c
}

/** Validate an answer against the default document (loaded once). */
export function validateResponse(operationId: OperationId, status: number, body: unknown): ResponseCheck {
  return cachedContract().validateResponse(operationId, status, body)
}
