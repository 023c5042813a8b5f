import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTalentClient } from '../../../main/api/client'
import { apiError, html, json, ok, startScriptedServer, type ScriptedServer } from './scripted-server'
import { failure } from '../../support/api-failure'

let server: ScriptedServer
beforeAll(async () => {
  server = await startScriptedServer()
})
afterAll(() => server.close())
beforeEach(() => server.reset())

function client(sleeps: number[] = []) {
  return createTalentClient({
    baseUrl: server.url,
    apiKey: () => 'test-key-123456',
    retry: { maxAttempts: 3 },
    sleep: async (ms) => {
      sleeps.push(ms)
    },
    random: () => 0.5,
  })
}

// status, code, retryable, attempts made by a read with maxAttempts 3
const TABLE: [number, string, boolean, number][] = [
  [400, 'bad_request', false, 1],
  [401, 'invalid_principal', false, 1],
  [403, 'forbidden', false, 1],
  [403, 'insufficient_scope', false, 1],
  [404, 'not_found', false, 1],
  [409, 'conflict', true, 3],
  [409, 'not_ready', true, 3],
  [413, 'payload_too_large', false, 1],
  [415, 'unsupported_media_type', false, 1],
  [429, 'rate_limited', true, 3],
  [500, 'not_saved', true, 3],
  [500, 'server_error', true, 2],
  [502, 'upstream_failed', true, 3],
  [503, 'unavailable', true, 3],
  [503, 'demo_mode', false, 1],
  [418, 'some_new_code', false, 1],
  [504, 'gateway_timeout', true, 3],
]

describe('error envelope → ApiError', () => {
  it.each(TABLE)('%i %s: retryable %s, %i attempt(s)', async (status, code, retryable, attempts) => {
    server.fallback = apiError(status, code, code === 'rate_limited' ? { retry_after: 1 } : {}, {
      'x-request-id': 'req-77',
    })
    const error = await failure(client().me())
    expect(error).toMatchObject({ kind: 'api', status, code, retryable, requestId: 'req-77' })
    expect(error.serverMessage).toBe(`Server says ${code}.`)
    expect(error.message.length).toBeGreaterThan(10)
    expect(server.received).toHaveLength(attempts)
  })

  it('uses Booth sentences for known codes and the server message for unknown ones', async () => {
    server.push(apiError(401, 'invalid_principal'), apiError(418, 'teapot'))
    expect((await failure(client().me())).message).toMatch(/API key was not accepted/)
    expect((await failure(client().me())).message).toBe('Server says teapot.')
  })
})

describe('answers that are not the API', () => {
  it('an HTML 502 page is non_json with a clear message, retried as a failing proxy', async () => {
    server.fallback = html(502)
    const error = await failure(client().me())
    expect(error.kind).toBe('non_json')
    expect(error.status).toBe(502)
    expect(error.message).toBe(
      'The server answered with an HTML page instead of the API (HTTP 502). A proxy or the network may be failing.',
    )
    expect(error.retryable).toBe(true)
    expect(server.received).toHaveLength(3)
  })

  it('an HTML 200 page (captive portal) is non_json and final', async () => {
    server.push(html(200))
    const error = await failure(client().me())
    expect(error).toMatchObject({ kind: 'non_json', status: 200, retryable: false })
    expect(error.message).toContain('HTML page')
    expect(server.received).toHaveLength(1)
  })

  it('HTML sent as text/plain is still recognised as a page', async () => {
    server.push((_q, res) => {
      res.writeHead(403, { 'content-type': 'text/plain' })
      res.end('<html><body>Access denied</body></html>')
    })
    expect((await failure(client().me())).message).toContain('HTML page')
  })

  it('JSON content-type with a broken body is non_json, not a parse crash', async () => {
    server.push(json(200, '{"ok":true, "api_ver'))
    const error = await failure(client().me())
    expect(error).toMatchObject({ kind: 'non_json', status: 200, retryable: false })
    expect(error.message).toMatch(/could not be read/)
  })

  it.each([
    ['a JSON array', json(200, [1, 2])],
    ['no api_version', json(200, { ok: true })],
    ['a wrong api_version', json(200, { ok: true, api_version: '2' })],
    ['ok missing', json(200, { api_version: '1' })],
    ['an error body with 200', json(200, { ok: false, api_version: '1', error: 'x', message: 'y' })],
    ['a success body with 500', json(500, { ok: true, api_version: '1' })],
    ['an error without a code', json(400, { ok: false, api_version: '1', message: 'y' })],
    ["a sibling interface's nested error shape", json(400, { error: { code: 'bad_request', message: 'm' } })],
  ])('%s is invalid_response', async (_name, reply) => {
    server.push(reply)
    const error = await failure(client().me())
    expect(error.kind).toBe('invalid_response')
    expect(error.retryable).toBe(false)
    expect(error.message).toMatch(/not in the API's format/)
  })

  it('an empty answer is invalid_response', async () => {
    server.push((_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end()
    })
    expect((await failure(client().me())).message).toMatch(/empty answer/)
  })

  it('accepts application/problem+json style JSON types and charset parameters', async () => {
    server.push(
      json(
        200,
        { ok: true, api_version: '1', key_id: '1', email: 'a@b.c', name: 'N', scopes: [], expires_at: null },
        { 'content-type': 'application/vnd.booth+json; charset=UTF-8' },
      ),
    )
    expect((await client().me()).key_id).toBe('1')
  })

  it('a success answer is returned without the envelope fields', async () => {
    server.push(ok({ key_id: '5', email: 'a@b.c', name: 'Ann', scopes: ['jobs:read'], expires_at: 1700000000 }))
    const me = await client().me()
    expect(me).toEqual({ key_id: '5', email: 'a@b.c', name: 'Ann', scopes: ['jobs:read'], expires_at: 1700000000000 })
  })
})
