import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTalentClient, type TalentClient } from '../../../main/api/client'
import { ok, startScriptedServer, type ScriptedServer } from './scripted-server'
import { CONFORMING_FIELDS, delivery } from '../../support/conforming-answers'

let server: ScriptedServer
let client: TalentClient
beforeAll(async () => {
  server = await startScriptedServer()
  client = createTalentClient({ baseUrl: `${server.url}/`, apiKey: () => 'test-key-123456' })
})
afterAll(() => server.close())
beforeEach(() => server.reset())

const KEY = 'key_for_test_0001'
const w = { idempotencyKey: KEY }
const PREFS = {
  due_soon: true,
  overdue: false,
  script_changed: true,
  changes_requested: true,
  delivery_approved: false,
}

// [name, call, method, path and query, body or null, is a write]; the name's operationId picks the answer.
const CASES: [string, (c: TalentClient) => Promise<unknown>, string, string, unknown, boolean][] = [
  ['getMe', (c) => c.me(), 'GET', '/api/v1/me', null, false],
  [
    'listJobs',
    (c) => c.listJobs({ tab: 'completed', filter: 'overdue', customer_id: null, q: 'a b&c', page: 2, page_size: 50 }),
    'GET',
    '/api/v1/jobs?tab=completed&filter=overdue&q=a%20b%26c&page=2&page_size=50',
    null,
    false,
  ],
  ['listJobs (defaults)', (c) => c.listJobs(), 'GET', '/api/v1/jobs', null, false],
  ['getJob', (c) => c.getJob('42'), 'GET', '/api/v1/jobs/42', null, false],
  [
    'createScriptsPdf',
    (c) => c.scriptsPdf({ job_ids: ['1', '2'] }),
    'POST',
    '/api/v1/scripts/pdf',
    { job_ids: ['1', '2'] },
    false,
  ],
  [
    'listDeliveries',
    (c) => c.listDeliveries('42', { with_urls: true }),
    'GET',
    '/api/v1/jobs/42/deliveries?with_urls=true',
    null,
    false,
  ],
  [
    'createDelivery',
    (c) => c.deliver('42', { handle: 'a'.repeat(32), take_label: 'alt', note: 'hi', preflight: null }, w),
    'POST',
    '/api/v1/jobs/42/deliveries',
    { handle: 'a'.repeat(32), take_label: 'alt', note: 'hi', preflight: null },
    true,
  ],
  ['getAttachmentDownload', (c) => c.attachmentDownload('9'), 'GET', '/api/v1/attachments/9/download', null, false],
  [
    'getEarnings',
    (c) => c.earnings({ from: '2024-01', to: '2024-12', customer_id: '7' }),
    'GET',
    '/api/v1/earnings?from=2024-01&to=2024-12&customer_id=7',
    null,
    false,
  ],
  ['getAvailability', (c) => c.getAvailability(), 'GET', '/api/v1/availability', null, false],
  [
    'putAvailability',
    (c) => c.putAvailability({ days: [1, 5], same_day: true }, w),
    'PUT',
    '/api/v1/availability',
    { days: [1, 5], same_day: true },
    true,
  ],
  ['getPreferences', (c) => c.getPreferences(), 'GET', '/api/v1/preferences', null, false],
  [
    'putPreferences',
    (c) => c.putPreferences({ prefs: PREFS, time_zone: 'Europe/Berlin' }, w),
    'PUT',
    '/api/v1/preferences',
    { prefs: PREFS, time_zone: 'Europe/Berlin' },
    true,
  ],
  ['getConsent', (c) => c.getConsent(), 'GET', '/api/v1/consent', null, false],
  [
    'putConsent',
    (c) => c.putConsent({ ai_word_fixes: 'ask', ai_versions: 'no' }, w),
    'PUT',
    '/api/v1/consent',
    { ai_word_fixes: 'ask', ai_versions: 'no' },
    true,
  ],
  ['acceptJobs', (c) => c.accept({ job_ids: ['1'] }, w), 'POST', '/api/v1/jobs/accept', { job_ids: ['1'] }, true],
  [
    'declineJobs',
    (c) => c.decline({ job_ids: ['1'], reason: 'Booked' }, w),
    'POST',
    '/api/v1/jobs/decline',
    { job_ids: ['1'], reason: 'Booked' },
    true,
  ],
  [
    'completeJobs',
    (c) => c.complete({ job_ids: ['1'], note: null }, w),
    'POST',
    '/api/v1/jobs/complete',
    { job_ids: ['1'], note: null },
    true,
  ],
]

describe('one method per operation', () => {
  it.each(CASES)('%s', async (name, call, method, path, body, isWrite) => {
    const fields = CONFORMING_FIELDS[name.replace(/ \(.*\)$/, '')] ?? {}
    server.push(ok(fields))
    const result = await call(client)
    expect(result).toEqual(isWrite ? { ...fields, replayed: false } : fields)
    const [req] = server.received
    expect(req).toMatchObject({ method, url: path })
    expect(req?.headers.authorization).toBe('Bearer test-key-123456')
    expect(req?.headers['idempotency-key']).toBe(isWrite ? KEY : undefined)
    if (body === null) expect(req?.body).toBe('')
    else {
      expect(JSON.parse(req?.body ?? '')).toEqual(body)
      expect(req?.headers['content-type']).toBe('application/json')
    }
  })
})

describe('timestamps', () => {
  it('normalises every timestamp field of an answer to milliseconds, seconds or not', async () => {
    const d = delivery()
    const check = d['check'] as Record<string, unknown>
    const attachment = {
      attachment_id: '4',
      original_name: 'ref.mp3',
      ext: 'mp3',
      size_bytes: 1234,
      status: 'attached',
      note: null,
      created_at: 0,
      can_remove: false,
    }
    server.push(
      ok({
        job_id: '1',
        status: 'pending',
        stage: 'sent',
        server_time: 1_700_000_000_123,
        deliveries: [
          {
            ...d,
            created_at: 1_700_000_000,
            updated_at: 1_700_000_001_000,
            listen_url_expires_at: null,
            check: { ...check, checked_at: 1_700_000_002 },
          },
        ],
        attachments: [attachment],
      }),
    )
    const result = await client.listDeliveries('1')
    expect(result).toEqual({
      job_id: '1',
      status: 'pending',
      stage: 'sent',
      server_time: 1_700_000_000_123,
      deliveries: [
        {
          ...d,
          created_at: 1_700_000_000_000,
          updated_at: 1_700_000_001_000,
          listen_url_expires_at: null,
          check: { ...check, checked_at: 1_700_000_002_000 },
        },
      ],
      attachments: [attachment],
    })
  })
})

describe('bad input is refused before anything is sent', () => {
  it.each([
    ['a path traversal', () => client.getJob('../me')],
    ['a leading zero', () => client.getJob('042')],
    ['letters', () => client.attachmentDownload('abc')],
    ['an empty id', () => client.listDeliveries('')],
    [
      'too many digits',
      () =>
        client.deliver('12345678901', { handle: 'a'.repeat(32), take_label: 'main', note: null, preflight: null }, w),
    ],
  ])('%s', async (_name, call) => {
    await expect(call()).rejects.toThrow(/1 to 10 digits without a leading zero/)
    expect(server.received).toHaveLength(0)
  })

  it.each([
    ['not a URL', 'api dot example', /is not a URL/],
    ['missing its scheme', 'localhost:4010', /http:\/\/ or https:\/\//],
    ['another scheme', 'ftp://example.com', /http:\/\/ or https:\/\//],
    ['credentials in it', 'http://user:pw@example.com', /must not contain/],
  ])('a base URL that is %s', (_name, baseUrl, message) => {
    expect(() => createTalentClient({ baseUrl, apiKey: () => 'k' })).toThrow(message)
  })

  it('accepts a base URL that already ends in /api/v1', () => {
    const c = createTalentClient({ baseUrl: 'https://api.example.com/talent/api/v1/', apiKey: () => 'k' })
    expect(c.apiBaseUrl).toBe('https://api.example.com/talent/api/v1')
  })

  it('refuses a non-positive timeout and a bad retry count', () => {
    expect(() => createTalentClient({ baseUrl: server.url, apiKey: () => 'k', timeoutMs: 0 })).toThrow(
      /timeoutMs must be a positive/,
    )
    expect(() => createTalentClient({ baseUrl: server.url, apiKey: () => 'k', retry: { maxAttempts: 0 } })).toThrow(
      /maxAttempts must be a whole number/,
    )
  })
})
