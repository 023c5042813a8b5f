import { describe, expect, it } from 'vitest'
import { IDEMPOTENCY_KEY_PATTERN, assertIdempotencyKey, newIdempotencyKey } from '../../../main/api/idempotency'

describe('idempotency keys', () => {
  it('are 32 base64url characters that the API accepts, and differ every time', () => {
    const keys = Array.from({ length: 200 }, newIdempotencyKey)
    for (const key of keys) {
      expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/)
      expect(IDEMPOTENCY_KEY_PATTERN.test(key)).toBe(true)
    }
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('are checked with readable messages', () => {
    expect(() => assertIdempotencyKey('abcdefgh')).not.toThrow()
    expect(() => assertIdempotencyKey('a'.repeat(48))).not.toThrow()
    expect(() => assertIdempotencyKey(undefined)).toThrow(/needs an idempotency key/)
    expect(() => assertIdempotencyKey('abc')).toThrow(
      'The idempotency key must be 8 to 48 letters, digits, dashes or underscores (got 3 characters: "abc").',
    )
    expect(() => assertIdempotencyKey('a'.repeat(49))).toThrow(/got 49 characters\)/)
    expect(() => assertIdempotencyKey('has space1')).toThrow(/8 to 48 letters/)
  })
})
