import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { TIMESTAMP_FIELDS, normaliseTimestamps, toMilliseconds } from '../../../main/api/timestamps'

describe('toMilliseconds', () => {
  it('takes values below 1e11 as seconds and leaves milliseconds alone', () => {
    expect(toMilliseconds(1_700_000_000)).toBe(1_700_000_000_000)
    expect(toMilliseconds(99_999_999_999)).toBe(99_999_999_999_000)
    expect(toMilliseconds(100_000_000_000)).toBe(100_000_000_000)
    expect(toMilliseconds(1_700_000_000_123)).toBe(1_700_000_000_123)
    expect(toMilliseconds(0)).toBe(0)
    expect(toMilliseconds(null)).toBeNull()
  })
})

describe('normaliseTimestamps', () => {
  it('converts only timestamp fields, at any depth, without touching the input', () => {
    const input = {
      job: {
        requested_at: 1_700_000_000,
        length_s: 30,
        timeline: [{ at: 1_700_000_100, label: 'sent' }],
        script: { revised_at: null, document: { expires_at: 1_700_000_200_000 } },
      },
      page: 2,
      counts: { overdue: 3 },
    }
    const copy = structuredClone(input)
    expect(normaliseTimestamps(input)).toEqual({
      job: {
        requested_at: 1_700_000_000_000,
        length_s: 30,
        timeline: [{ at: 1_700_000_100_000, label: 'sent' }],
        script: { revised_at: null, document: { expires_at: 1_700_000_200_000 } },
      },
      page: 2,
      counts: { overdue: 3 },
    })
    expect(input).toEqual(copy)
  })
})

describe('the field list', () => {
  it('names exactly the properties the OpenAPI document types as Timestamp', () => {
    const doc = parse(readFileSync('resources/api/talent-v1.yaml', 'utf8')) as unknown
    const found = new Set<string>()
    const visit = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(visit)
      if (node === null || typeof node !== 'object') return
      const record = node as Record<string, unknown>
      const props = record.properties
      if (props && typeof props === 'object') {
        for (const [name, schema] of Object.entries(props as Record<string, unknown>)) {
          if (JSON.stringify(schema).includes('#/components/schemas/Timestamp"')) found.add(name)
        }
      }
      Object.values(record).forEach(visit)
    }
    visit(doc)
    expect(found.size).toBeGreaterThan(5)
    expect([...found].sort()).toEqual([...TIMESTAMP_FIELDS].sort())
  })
})
