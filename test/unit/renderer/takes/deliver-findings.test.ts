/**
 * What a delivery says of Booth's read-back (renderer/src/takes/readback/deliver-findings.ts) and which
 * version it names (renderer/src/takes/deliver-version.ts): every finding listed with how sure Booth is,
 * "anyway?" asked only over a finding it is sure of, and the version sent named once the take has several.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { deliverFindings, findingsSentence } from '../../../../renderer/src/takes/readback/deliver-findings'
import { findingWord, describeReadbackIssue } from '../../../../renderer/src/takes/readback/readback-words'
import { deliveredVersionWords, nameWithVersion } from '../../../../renderer/src/takes/delivery/deliver-version'
import type { ReadbackState } from '../../../../shared/bridge-readback'
import type { ReadbackIssue } from '../../../../shared/readback/types'
import type { TakeVersion, VersionOperation } from '../../../../shared/versions/types'

const issue = (over: Partial<ReadbackIssue>): ReadbackIssue => ({
  kind: 'changed',
  severity: 'high',
  expected: 'Finch',
  heard: 'fitch',
  context: '',
  legal: false,
  name: true,
  number: false,
  at_s: 3,
  script_from: 0,
  script_to: 5,
  ...over,
})

const state = (issues: ReadbackIssue[], words = 5): ReadbackState => ({
  takeId: 't',
  status: 'done',
  message: null,
  result: {
    take_id: 't',
    job_id: '1',
    script_read: { revision_id: null, text: 'x' },
    note: null,
    engine: 'pocketsphinx',
    words: Array.from({ length: words }, (_, i) => ({ word: 'x', start_s: i, end_s: i })),
    check: { state: 'done', verdict: 'check', coverage: 1, summary: '', checked_at: 0, can_retry: true, issues },
  },
})

describe('a delivery’s read-back findings', () => {
  it('unsure findings alone are listed and ask nothing first', () => {
    const f = deliverFindings(
      state([
        issue({ certainty: 'unsure' }),
        issue({ certainty: 'unsure', severity: 'normal', expected: 'Offer', heard: 'author' }),
      ]),
    )
    expect(f.listed).toHaveLength(2)
    expect(f.sure).toBe(0)
    expect(f.listed.map(findingWord)).toEqual(['Listen here', 'Listen here'])
    expect(findingsSentence(f)).toBe(
      'Booth’s read-back is not sure of 2 places in this take: listen before you send it.',
    )
  })

  it('a sure finding asks "anyway?", with the unsure ones listed beside it', () => {
    const f = deliverFindings(
      state([
        issue({ certainty: 'sure', expected: '$49', heard: 'fifty nine dollars' }),
        issue({ certainty: 'unsure' }),
      ]),
    )
    expect(f.sure).toBe(1)
    expect(f.listed.map(findingWord)).toEqual(['Differs', 'Listen here'])
    expect(findingsSentence(f)).toBe(
      'Booth’s read-back is sure this take differs from the script at 1 of 2 places; listen to the other 1.',
    )
  })

  it('soft slips are not listed; a take with no speech heard, or not read back, lists nothing', () => {
    expect(deliverFindings(state([issue({ severity: 'soft', certainty: 'sure' })])).listed).toEqual([])
    expect(deliverFindings(state([issue({ certainty: 'sure' })], 0))).toEqual({ listed: [], sure: 0 })
    expect(deliverFindings(undefined)).toEqual({ listed: [], sure: 0 })
    expect(deliverFindings({ takeId: 't', status: 'running', result: null, message: null })).toEqual({
      listed: [],
      sure: 0,
    })
  })

  it('a result kept before findings carried a certainty: an unsure doubt is "Listen here", the rest "Differs"', () => {
    const f = deliverFindings(state([issue({ confidence: 'unsure' }), issue({})]))
    expect(f.listed.map(findingWord)).toEqual(['Listen here', 'Differs'])
    expect(f.sure).toBe(1)
  })

  it('an unsure change says Booth is not sure; a restart keeps its own word', () => {
    expect(describeReadbackIssue(issue({ certainty: 'unsure' }))).toBe(
      '“Finch” sounded like “fitch” (Booth is not sure: listen)',
    )
    expect(findingWord(issue({ kind: 'repeated', severity: 'normal', restart: { from_s: 1, to_s: 2 } }))).toBe(
      'Restart',
    )
  })

  it('asks "anyway?" exactly when a finding that is not soft is sure (property)', () => {
    const arb = fc.record({
      severity: fc.constantFrom('high', 'normal', 'soft' as const),
      certainty: fc.constantFrom('sure', 'unsure', undefined),
      confidence: fc.constantFrom('unsure', undefined),
    })
    fc.assert(
      fc.property(fc.array(arb, { maxLength: 8 }), (over) => {
        const issues = over.map((o) =>
          issue({
            severity: o.severity,
            ...(o.certainty ? { certainty: o.certainty } : {}),
            ...(o.confidence ? { confidence: o.confidence } : {}),
          }),
        )
        const f = deliverFindings(state(issues))
        const sure = (o: (typeof over)[number]) =>
          (o.certainty ?? (o.confidence === 'unsure' ? 'unsure' : 'sure')) === 'sure'
        expect(f.sure > 0).toBe(over.some((o) => o.severity !== 'soft' && sure(o)))
        expect(f.listed).toHaveLength(over.filter((o) => o.severity !== 'soft').length)
      }),
    )
  })
})

const version = (number: number, operation: VersionOperation): TakeVersion => ({
  number,
  operation,
  created_at: '2026-11-28T00:00:00Z',
  made_from: number === 1 ? null : number - 1,
  edits: null,
  render_key: null,
  summary: '',
  changes: [],
  findings: [],
  preflight: null,
  trim: { head_s: 0, tail_s: 0 },
  trimmed_preflight: null,
  readback: null,
})

describe('the version a delivery names', () => {
  it('names nothing while the take has only its recording', () => {
    expect(deliveredVersionWords({})).toBeNull()
    expect(nameWithVersion('MILL_main_03', { versions: [version(1, 'recording')], current_version: 1 })).toBe(
      'MILL_main_03',
    )
  })

  it('names the current version and what made it', () => {
    const versions = [version(1, 'recording'), version(2, 'pickup'), version(3, 'punch')]
    expect(nameWithVersion('MILL_main_03', { versions, current_version: 2 })).toBe(
      'MILL_main_03, version 2 (pickup placed)',
    )
    expect(deliveredVersionWords({ versions, current_version: 3 })).toBe('version 3 (punched in)')
    expect(deliveredVersionWords({ versions, current_version: 1 })).toBe('version 1 (as recorded)')
    expect(
      deliveredVersionWords({ versions: [version(1, 'comp'), version(2, 'cut_restart')], current_version: 2 }),
    ).toBe('version 2 (false start cut)')
  })
})
