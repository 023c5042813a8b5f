import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { describe, expect, it } from 'vitest'
import {
  createValidator,
  deref,
  isObject,
  loadDocument,
  OPERATIONS,
  operationAt,
  resolvePointer,
  type Json,
  type JsonObject,
} from './talent-contract'

const doc = loadDocument()
const schemas = doc.components as { schemas: Record<string, JsonObject> }
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace']
// The only fields the API reference marks optional.
const OPTIONAL_FIELDS = new Set(['replayed', 'retry_after'])

function walk(node: Json, at: string, visit: (node: JsonObject, at: string) => void): void {
  if (Array.isArray(node)) node.forEach((child, i) => walk(child, `${at}/${i}`, visit))
  else if (isObject(node)) {
    visit(node, at)
    for (const [key, child] of Object.entries(node)) walk(child, `${at}/${key}`, visit)
  }
}

function successSchema(op: JsonObject): JsonObject {
  const responses = op.responses as JsonObject
  const ok = deref(doc, responses['200'])
  const media = (ok.content as JsonObject)['application/json'] as JsonObject
  return deref(doc, media.schema)
}

describe('talent-v1.yaml as an OpenAPI 3.1 document', () => {
  it('is OpenAPI 3.1.0 with the templated server', () => {
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.servers).toEqual([
      {
        url: '{base_url}/api/v1',
        variables: { base_url: expect.objectContaining({ default: 'http://127.0.0.1:4010' }) },
      },
    ])
    expect(resolvePointer(doc, '#/components/securitySchemes/bearerAuth')).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    })
  })

  it('has exactly the agreed operations, each with its operationId and scope', () => {
    const found: string[] = []
    for (const [path, item] of Object.entries(doc.paths as JsonObject)) {
      for (const method of METHODS) if (isObject((item as JsonObject)[method])) found.push(`${method} ${path}`)
    }
    expect(found.sort()).toEqual(OPERATIONS.map((o) => `${o.method} ${o.path}`).sort())
    for (const o of OPERATIONS) {
      const op = operationAt(doc, o.path, o.method)
      expect(op.operationId, `${o.method} ${o.path}`).toBe(o.operationId)
      expect(op.security, o.operationId).toEqual([{ bearerAuth: o.scope === null ? [] : [o.scope] }])
    }
  })

  it('gives every operation a default response with the error envelope', () => {
    for (const o of OPERATIONS) {
      const responses = operationAt(doc, o.path, o.method).responses as JsonObject
      const fallback = deref(doc, responses.default)
      const media = (fallback.content as JsonObject)['application/json'] as JsonObject
      expect(media.schema, o.operationId).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' })
      expect(Object.keys(responses).sort(), o.operationId).toEqual(['200', 'default'])
    }
    const envelope = schemas.schemas.ErrorEnvelope
    expect(envelope?.required).toEqual(['ok', 'api_version', 'error', 'message'])
    expect((envelope?.properties as JsonObject).retry_after).toMatchObject({ type: 'integer', minimum: 0 })
  })

  it('requires Idempotency-Key on writes, and only on writes', () => {
    const key = deref(doc, { $ref: '#/components/parameters/IdempotencyKey' })
    expect(key).toMatchObject({ name: 'Idempotency-Key', in: 'header', required: true })
    expect(deref(doc, key.schema)).toMatchObject({ pattern: '^[A-Za-z0-9_-]{8,48}$' })
    for (const o of OPERATIONS) {
      const params = (operationAt(doc, o.path, o.method).parameters ?? []) as Json[]
      const hasKey = params.some((p) => isDeepStrictEqual(p, { $ref: '#/components/parameters/IdempotencyKey' }))
      expect(hasKey, `${o.operationId} Idempotency-Key`).toBe(o.write)
    }
  })

  it('answers ok: true and api_version "1" on success, and an optional replayed: true on writes', () => {
    for (const o of OPERATIONS) {
      const schema = successSchema(operationAt(doc, o.path, o.method))
      const props = schema.properties as JsonObject
      expect(props.ok, o.operationId).toEqual({ const: true })
      expect(props.api_version, o.operationId).toEqual({ const: '1' })
      expect(schema.required, o.operationId).toEqual(expect.arrayContaining(['ok', 'api_version']))
      if (o.write) {
        expect(props.replayed, o.operationId).toEqual({ const: true })
        expect(schema.required, o.operationId).not.toContain('replayed')
      } else {
        expect(props.replayed, o.operationId).toBeUndefined()
      }
    }
  })

  it("closes every object: additionalProperties false and every field required but the reference's optional ones", () => {
    walk(doc.components as Json, '#/components', (node, at) => {
      if (!isObject(node.properties)) return
      expect(node.additionalProperties, at).toBe(false)
      const expected = Object.keys(node.properties)
        .filter((k) => !OPTIONAL_FIELDS.has(k))
        .sort()
      expect([...(node.required as string[])].sort(), at).toEqual(expected)
    })
  })

  it("writes JobDetail as JobSummary's fields, identical, plus its own", () => {
    const summary = schemas.schemas.JobSummary?.properties as JsonObject
    const detail = schemas.schemas.JobDetail?.properties as JsonObject
    for (const [field, definition] of Object.entries(summary)) {
      expect(detail[field], `JobDetail.${field}`).toEqual(definition)
    }
    const own = Object.keys(detail).filter((field) => !(field in summary))
    expect(own).toEqual([
      'producer',
      'flight_start',
      'traffic',
      'other_talent',
      'agency',
      'script',
      'directions',
      'pronunciations',
      'script_change',
      'changes_request',
      'decline',
      'completion',
      'timeline',
      'deliveries_detail',
      'attachments_detail',
      'can',
      'deliver_notice',
      'suggested_stem',
    ])
  })

  it('resolves every $ref', () => {
    walk(doc, '#', (node) => {
      if (typeof node.$ref === 'string') expect(() => resolvePointer(doc, node.$ref as string)).not.toThrow()
    })
  })

  it('compiles every schema (components, parameters, bodies) with Ajv 2020 in strict mode', () => {
    const validator = createValidator(doc)
    for (const name of Object.keys(schemas.schemas)) expect(() => validator.schema(name), name).not.toThrow()
    let compiled = 0
    walk(doc.paths as Json, '#/paths', (node, at) => {
      if (isObject(node.schema)) {
        expect(() => validator.compile(node.schema as Json), at).not.toThrow()
        compiled++
      }
    })
    walk(doc.components as Json, '#/components', (node, at) => {
      if (!at.startsWith('#/components/schemas') && isObject(node.schema)) {
        expect(() => validator.compile(node.schema as Json), at).not.toThrow()
        compiled++
      }
    })
    expect(compiled).toBeGreaterThan(30)
  })

  it('types path ids with the Id pattern', () => {
    for (const name of ['JobId', 'AttachmentId']) {
      const param = deref(doc, { $ref: `#/components/parameters/${name}` })
      expect(param, name).toMatchObject({ in: 'path', required: true, schema: { $ref: '#/components/schemas/Id' } })
    }
    expect(schemas.schemas.Id?.pattern).toBe('^[1-9][0-9]{0,9}$')
  })

  it('lists the error codes Booth follows, with their statuses and retry rules', () => {
    const rows = (doc['x-booth-error-codes'] as JsonObject[]).map(
      (r) => `${r.status} ${r.code} ${String(r.retry).split(',')[0]}`,
    )
    expect(rows).toEqual([
      '400 bad_request No',
      '401 invalid_principal No',
      '403 forbidden No',
      '403 insufficient_scope No',
      '404 not_found No',
      '409 conflict Yes',
      '409 not_ready Yes',
      '413 payload_too_large No',
      '415 unsupported_media_type No',
      '429 rate_limited Yes',
      '500 not_saved Yes',
      '500 server_error Yes',
      '502 upstream_failed Yes',
      '503 unavailable Yes',
    ])
    for (const row of doc['x-booth-error-codes'] as JsonObject[])
      expect(String(row.when).length, String(row.code)).toBeGreaterThan(10)
  })

  it('documents the tus upload and every decision the reference leaves open', () => {
    expect(doc['x-booth-upload']).toMatchObject({
      protocol: 'tus',
      version: '1.0.0',
      endpoint: '{base_url}/api/v1/uploads',
    })
    expect(Object.keys(doc.paths as JsonObject)).not.toContain('/uploads')
    const notes: string[] = []
    walk(doc, '#', (node) => {
      const note = node['x-booth-assumption']
      if (typeof note === 'string') notes.push(note)
      else if (Array.isArray(note)) notes.push(...note.map(String))
    })
    const all = notes.join('\n')
    for (const topic of [
      /milliseconds/,
      /1e11/,
      /tus/,
      /120 requests per key per 60-second window/,
      /failed authentications/,
      /replayed: true/,
      /502 upstream_failed/,
      /ack_script/,
      /withdraw/,
      /outcome: 'completed'/,
      /the platform's error-code table/,
    ]) {
      expect(all, String(topic)).toMatch(topic)
    }
    expect(operationAt(doc, '/jobs/complete', 'post')['x-booth-assumption']).toMatch(/job_ids/)
  })

  it('has every located x-booth-assumption explained in resources/api/ASSUMPTIONS.md', () => {
    const readme = readFileSync(resolve(import.meta.dirname, '../../../resources/api/ASSUMPTIONS.md'), 'utf8')
    const labels: string[] = []
    walk(doc, '#', (node, at) => {
      if (node['x-booth-assumption'] === undefined || at === '#/info') return
      const label = typeof node.operationId === 'string' ? node.operationId : at.split('/').at(-1)
      if (label) labels.push(label)
    })
    expect(labels.length).toBeGreaterThan(10)
    for (const label of labels) expect(readme, `ASSUMPTIONS.md should explain the note at ${label}`).toContain(label)
    const infoNotes = (doc.info as JsonObject)['x-booth-assumption'] as string[]
    expect(infoNotes.length).toBe(9)
    for (const phrase of [
      '1e11',
      '120 requests per key',
      'replayed: true',
      'ack_script',
      'HTML',
      'transitions',
      'webhooks',
      "api_version` is not `'1'`",
    ]) {
      expect(readme, phrase).toContain(phrase)
    }
  })
})
