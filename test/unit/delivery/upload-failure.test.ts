import type * as tus from 'tus-js-client'
import { describe, expect, it } from 'vitest'
import { describeFailure, retryAfterOf } from '../../../main/delivery/upload-failure'

const NOW = Date.parse('2025-06-01T12:00:00Z')

function answer(status: number, headers: Record<string, string>): tus.HttpResponse {
  return {
    getStatus: () => status,
    getHeader: (name: string) => headers[name],
    getBody: () => '',
    getUnderlyingObject: () => null,
  }
}

describe('an upload answer with Retry-After', () => {
  it('reads delay-seconds and HTTP dates, either spelling of the header', () => {
    expect(retryAfterOf(answer(429, { 'Retry-After': '120' }), NOW)).toBe(120_000)
    expect(retryAfterOf(answer(503, { 'retry-after': 'Sun, 01 Jun 2025 12:00:30 GMT' }), NOW)).toBe(30_000)
    expect(retryAfterOf(answer(503, { 'Retry-After': 'Sun, 01 Jun 2025 11:00:00 GMT' }), NOW)).toBe(0)
  })

  it('reads a header the way the API client does: malformed values ask for no wait', () => {
    for (const bad of ['', 'soon', '-1', '1e3', '12abc'])
      expect(retryAfterOf(answer(503, { 'Retry-After': bad }), NOW)).toBeNull()
    expect(retryAfterOf(answer(503, {}), NOW)).toBeNull()
    expect(retryAfterOf(null, NOW)).toBeNull()
  })

  it('carries the wait on the failure', () => {
    const err = describeFailure({ originalResponse: answer(429, { 'Retry-After': '60' }) }, 'take.wav')
    expect(err.status).toBe(429)
    expect(err.retryAfterMs).toBeGreaterThan(59_000)
    expect(err.message).toBe('Uploading take.wav failed: the server answered 429.')
  })
})
