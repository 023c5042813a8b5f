/**
 * The HTTP layer in front of the real domain (createWorld): every answer of a walk through the read
 * operations and a few writes must follow the API document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../../sandbox/server'
import { checkAnswer } from './harness'

const TOKEN = 'real-world-token'
let sb: RunningSandbox
const logs: string[] = []
beforeAll(async () => {
  sb = await startSandbox({
    keys: [{ token: TOKEN, scopes: '*' }],
    producer: false,
    seed: 11,
    log: (l) => logs.push(l),
  })
})
afterAll(async () => sb.close())

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = { status: number; body: any }
async function call(method: string, path: string, json?: unknown, idem?: string): Promise<Answer> {
  const headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }
  if (json !== undefined) headers['content-type'] = 'application/json'
  if (idem) headers['idempotency-key'] = idem
  const res = await fetch(`${sb.url}${path}`, {
    method,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  })
  const text = await res.text()
  return { status: res.status, body: checkAnswer(method, path, res.status, res.headers, text) }
}

describe('the real world through HTTP', () => {
  it('answers the read operations within the API document', async () => {
    const ids: string[] = []
    for (const tab of ['pending', 'completed', 'declined']) {
      const list = await call('GET', `/api/v1/jobs?tab=${tab}&page_size=100`)
      expect(list.status).toBe(200)
      ids.push(...(list.body.items as Array<{ job_id: string }>).map((j) => j.job_id))
    }
    expect(ids.length).toBeGreaterThan(0)
    for (const id of ids.slice(0, 12)) {
      expect((await call('GET', `/api/v1/jobs/${id}`)).status).toBe(200)
      expect((await call('GET', `/api/v1/jobs/${id}/deliveries?with_urls=true`)).status).toBe(200)
    }
    expect((await call('POST', '/api/v1/scripts/pdf', { job_ids: ids.slice(0, 5) })).status).toBe(200)
    for (const path of [
      '/api/v1/me',
      '/api/v1/availability',
      '/api/v1/preferences',
      '/api/v1/consent',
      '/api/v1/earnings?from=2024-01&to=2025-12',
    ]) {
      expect((await call('GET', path)).status).toBe(200)
    }
    expect(logs).toEqual([])
  })

  it('answers writes within the API document, and replays them', async () => {
    const put = await call(
      'PUT',
      '/api/v1/preferences',
      {
        prefs: {
          due_soon: false,
          overdue: true,
          script_changed: true,
          changes_requested: true,
          delivery_approved: true,
        },
        time_zone: 'Europe/Berlin',
      },
      'real-world-prefs-1',
    )
    expect(put.status).toBe(200)
    const again = await call(
      'PUT',
      '/api/v1/preferences',
      { prefs: put.body.prefs, time_zone: 'UTC' },
      'real-world-prefs-1',
    )
    expect(again.body).toMatchObject({ replayed: true, time_zone: 'Europe/Berlin' })
    expect(
      (await call('PUT', '/api/v1/consent', { ai_word_fixes: 'ask', ai_versions: 'no' }, 'real-world-consent')).status,
    ).toBe(200)
    expect(logs).toEqual([])
  })
})
