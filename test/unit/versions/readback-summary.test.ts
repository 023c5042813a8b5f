/** A version's read-back in short: clean only when every difference is soft (a repeated word, a plural). */
import { describe, expect, it } from 'vitest'
import { readbackSummary } from '../../../main/versions/store/readback-summary'

const issue = (severity: 'soft' | 'normal' | 'high') => ({
  kind: 'changed' as const,
  severity,
  legal: false,
  name: false,
  number: false,
  expected: 'a',
  heard: 'b',
  context: 'a',
  at_s: 1,
  script_from: 0,
  script_to: 1,
})

describe('a version’s read-back in short', () => {
  it('is clean with soft differences only, and not with a normal or high one', () => {
    expect(readbackSummary({ verdict: 'matches', coverage: 1, summary: 'All heard.', issues: [] })).toEqual({
      verdict: 'matches',
      coverage: 1,
      summary: 'All heard.',
      clean: true,
    })
    expect(readbackSummary({ verdict: 'matches', coverage: 0.98, summary: 's', issues: [issue('soft')] }).clean).toBe(
      true,
    )
    expect(
      readbackSummary({ verdict: 'check', coverage: 0.9, summary: 's', issues: [issue('soft'), issue('normal')] })
        .clean,
    ).toBe(false)
    expect(
      readbackSummary({ verdict: 'mismatch', coverage: null, summary: 's', issues: [issue('high')] }),
    ).toMatchObject({ coverage: 0, clean: false })
  })
})
