import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTalentClient } from '../../../main/api/client'
import { ApiError, ApiKeyError } from '../../../main/api/errors'
import { newIdempotencyKey } from '../../../main/api/idempotency'
import type { ApiLogEvent } from '../../../main/api/request-log'
import { apiError, drop, html, ok, startScriptedServer, type ScriptedServer } from './scripted-server'

const SECRET = 'sk_live_SUPERSECRET_0123456789'

let server: ScriptedServer
beforeAll(async () => {
  server = await startScriptedServer()
})
afterAll(() => server.close())
beforeEach(() => server.reset())

function loggingClient(events: ApiLogEvent[], apiKey: () => string | Promise<string> = () => SECRET) {
  return createTalentClient({
    baseUrl: server.url,
    apiKey,
    log: (e) => events.push(e),
    sleep: async () => {},
    random: () => 0,
  })
}

describe('the API key', () => {
  it('is sent as a bearer token on every attempt', async () => {
    server.push(apiError(503, 'unavailable'), ok({ results: [] }))
    await loggingClient([]).accept({ job_ids: ['1'] }, { idempotencyKey: newIdempotencyKey() })
    expect(server.received.map((r) => r.headers.authorization)).toEqual([`Bearer ${SECRET}`, `Bearer ${SECRET}`])
  })

  it('never reaches the log hook, even when the server echoes it back', async () => {
    const events: ApiLogEvent[] = []
    server.push(
      apiError(503, 'unavailable', { message: `backend rejected ${SECRET}` }),
      drop(),
      html(502),
      apiError(401, 'whatever_code', { message: `bad key ${SECRET}` }),
    )
    const error = await loggingClient(events)
      .putPreferences(
        {
          prefs: {
            due_soon: true,
            overdue: true,
            script_changed: true,
            changes_requested: true,
            delivery_approved: true,
          },
          time_zone: 'UTC',
        },
        { idempotencyKey: newIdempotencyKey() },
      )
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(JSON.stringify(error)).not.toContain(SECRET)
    expect((error as ApiError).message).toBe('bad key [redacted]')
    const logged = JSON.stringify(events)
    expect(events.map((e) => e.type)).toEqual([
      'request',
      'response',
      'retry',
      'request',
      'retry',
      'request',
      'response',
      'retry',
      'request',
      'response',
      'failure',
    ])
    expect(logged).not.toContain(SECRET)
    expect(logged).not.toMatch(/authorization/i)
    expect(logged).toContain('[redacted]')
    const first = events[0]
    expect(first?.type === 'request' && first.headers['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(first).toMatchObject({
      operation: 'putPreferences',
      attempt: 1,
      method: 'PUT',
      url: `${server.url}/api/v1/preferences`,
    })
  })

  it('a throwing log hook does not break the call', async () => {
    server.push(ok({ key_id: '1', email: 'e', name: 'n', scopes: [], expires_at: null }))
    const c = createTalentClient({
      baseUrl: server.url,
      apiKey: () => SECRET,
      log: () => {
        throw new Error('disk full')
      },
    })
    expect((await c.me()).key_id).toBe('1')
  })

  it('is read per attempt, so a key changed between attempts is used', async () => {
    const keys = ['first-key-0001', 'second-key-0002']
    server.push(apiError(503, 'unavailable'), ok({ key_id: '1', email: 'e', name: 'n', scopes: [], expires_at: null }))
    await loggingClient([], async () => keys.shift() ?? 'none').me()
    expect(server.received.map((r) => r.headers.authorization)).toEqual([
      'Bearer first-key-0001',
      'Bearer second-key-0002',
    ])
  })

  it.each([
    ['empty', '', /No API key is set/],
    ['blank', '   ', /No API key is set/],
    ['with a line break', `${SECRET}\n`, /cannot be sent/],
    ['with a space', 'abc def', /cannot be sent/],
  ])('%s is refused before sending, without echoing it', async (_name, key, message) => {
    const error = await loggingClient([], () => key)
      .me()
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiKeyError)
    expect((error as Error).message).toMatch(message)
    expect((error as Error).message).not.toContain(SECRET)
    expect(server.received).toHaveLength(0)
  })
})
