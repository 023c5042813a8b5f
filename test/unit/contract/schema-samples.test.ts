import { describe, expect, it } from 'vitest'
import { createValidator, deref, loadDocument, type Json, type JsonObject } from './talent-contract'
import * as sample from './seed-samples'

const doc = loadDocument()
const v = createValidator(doc)

function valid(schema: string, value: Json): boolean {
  return v.schema(schema)(value)
}

function expectValid(schema: string, value: Json): void {
  const validate = v.schema(schema)
  const ok = validate(value)
  expect(ok, `${schema}: ${v.ajv.errorsText(validate.errors)}`).toBe(true)
}

function param(name: string): (value: Json) => boolean {
  const p = deref(doc, { $ref: `#/components/parameters/${name}` })
  const validate = v.compile(p.schema as Json)
  return (value) => validate(value)
}

const ids = (n: number): string[] => Array.from({ length: n }, (_, i) => String(i + 1))

describe('reference-shaped samples validate', () => {
  it.each([
    ['JobSummary', sample.jobSummary()],
    ['JobDetail', sample.jobDetail()],
    ['Delivery', sample.delivery()],
    ['Attachment', sample.attachment()],
    ['ListJobsResponse', sample.listJobsResponse()],
    ['GetEarningsResponse', sample.earningsResponse()],
    ['GetConsentResponse', sample.consentResponse()],
    ['GetJobResponse', { ok: true, api_version: '1', job: sample.jobDetail() }],
    ['CreateDeliveryRequest', sample.createDeliveryRequest()],
    [
      'CreateDeliveryRequest',
      { handle: 'ffffffffffffffffffffffffffffffff', take_label: 'tag', note: null, preflight: null },
    ],
    [
      'CreateDeliveryResponse',
      { ok: true, api_version: '1', replayed: true, delivery: sample.delivery(), job: sample.jobSummary() },
    ],
    ['CompleteJobsRequest', { job_ids: ['1042'], note: null }],
    [
      'CompleteJobsResponse',
      { ok: true, api_version: '1', results: [{ job_id: '1042', outcome: 'completed', job: sample.jobSummary() }] },
    ],
    [
      'AcceptJobsResponse',
      {
        ok: true,
        api_version: '1',
        results: [{ job_id: '1042', outcome: 'already_accepted', job: sample.jobSummary() }],
      },
    ],
    ['DeclineJobsRequest', { job_ids: ids(100), reason: 'x'.repeat(500) }],
    ['CreateScriptsPdfRequest', { job_ids: ids(25) }],
    [
      'CreateScriptsPdfResponse',
      {
        ok: true,
        api_version: '1',
        url: null,
        expires_at: null,
        file_name: 'scripts.pdf',
        included: [],
        missing: [{ job_id: '9', reason: 'no_pdf' }],
      },
    ],
    ['PutAvailabilityRequest', { days: [1, 2, 3, 4, 5], same_day: false }],
    ['PutAvailabilityRequest', { days: [], same_day: true }],
    [
      'PutPreferencesRequest',
      {
        prefs: {
          due_soon: true,
          overdue: true,
          script_changed: false,
          changes_requested: true,
          delivery_approved: false,
        },
        time_zone: 'Europe/London',
      },
    ],
    ['PutConsentRequest', { ai_word_fixes: 'yes', ai_versions: 'no' }],
    [
      'GetMeResponse',
      {
        ok: true,
        api_version: '1',
        key_id: '5',
        email: 'talent@example.com',
        name: 'Robin',
        scopes: ['jobs:read'],
        expires_at: null,
      },
    ],
    [
      'ErrorEnvelope',
      { ok: false, api_version: '1', error: 'rate_limited', message: 'Too many requests.', retry_after: 12 },
    ],
    ['ErrorEnvelope', { ok: false, api_version: '1', error: 'not_found', message: 'No such job.' }],
  ])('%s', (schema, value) => expectValid(schema, value))
})

describe('obviously wrong objects are refused', () => {
  it('an extra field, anywhere', () => {
    expect(valid('JobSummary', { ...sample.jobSummary(), colour: 'red' })).toBe(false)
    const detail = sample.jobDetail()
    ;(detail.can as JsonObject).withdraw = true
    expect(valid('JobDetail', detail)).toBe(false)
    expect(valid('ErrorEnvelope', { ok: false, api_version: '1', error: 'x', message: 'y', detail: 'z' })).toBe(false)
  })

  it('a missing field, or null where the reference allows none', () => {
    const { rate: _rate, ...noRate } = sample.jobSummary()
    expect(valid('JobSummary', noRate)).toBe(false)
    expect(valid('JobSummary', { ...sample.jobSummary(), advertiser: null })).toBe(false)
    expect(valid('CompleteJobsRequest', { job_ids: ['1'] })).toBe(false)
    expect(
      valid('CreateDeliveryRequest', { handle: '0123456789abcdef0123456789abcdef', take_label: 'main', note: null }),
    ).toBe(false)
  })

  it('bad ids, dates, money and enums', () => {
    for (const id of ['0', '01', '12345678901', 'abc', '', ' 1']) {
      expect(valid('JobSummary', { ...sample.jobSummary(), job_id: id }), id).toBe(false)
    }
    expect(valid('JobSummary', { ...sample.jobSummary(), job_id: 1042 })).toBe(false)
    expect(valid('JobSummary', { ...sample.jobSummary(), due_date: '2025-13-01' })).toBe(false)
    expect(valid('JobSummary', { ...sample.jobSummary(), rate: { amount: '150', currency: 'USD', symbol: '$' } })).toBe(
      false,
    )
    expect(
      valid('JobSummary', { ...sample.jobSummary(), rate: { amount: '1.00', currency: 'usd', symbol: '$' } }),
    ).toBe(false)
    expect(valid('JobSummary', { ...sample.jobSummary(), stage: 'recording' })).toBe(false)
    expect(valid('JobSummary', { ...sample.jobSummary(), requested_at: -1 })).toBe(false)
    expect(valid('JobSummary', { ...sample.jobSummary(), requested_at: 1.5 })).toBe(false)
    expect(
      valid('GetConsentResponse', {
        ...sample.consentResponse(),
        consent: { set: true, dsp: 'no', ai_word_fixes: null, ai_versions: null, updated_at: null },
      }),
    ).toBe(false)
  })

  it('request limits: 26 ids for the PDF, 101 for accept, 501-char reason, duplicates, bad handle', () => {
    expect(valid('CreateScriptsPdfRequest', { job_ids: ids(26) })).toBe(false)
    expect(valid('CreateScriptsPdfRequest', { job_ids: [] })).toBe(false)
    expect(valid('AcceptJobsRequest', { job_ids: ids(101) })).toBe(false)
    expect(valid('AcceptJobsRequest', { job_ids: ['7', '7'] })).toBe(false)
    expect(valid('DeclineJobsRequest', { job_ids: ['1'], reason: 'x'.repeat(501) })).toBe(false)
    expect(valid('DeclineJobsRequest', { job_ids: ['1'], reason: '' })).toBe(false)
    expect(valid('CompleteJobsRequest', { job_ids: ['1'], note: 'x'.repeat(1001) })).toBe(false)
    expect(
      valid('CreateDeliveryRequest', { ...sample.createDeliveryRequest(), handle: '0123456789ABCDEF0123456789ABCDEF' }),
    ).toBe(false)
    expect(valid('CreateDeliveryRequest', { ...sample.createDeliveryRequest(), note: 'x'.repeat(1001) })).toBe(false)
    expect(
      valid('CreateDeliveryRequest', {
        ...sample.createDeliveryRequest(),
        preflight: { ...sample.preflight(), codec: 'x'.repeat(21) },
      }),
    ).toBe(false)
    expect(valid('PutAvailabilityRequest', { days: [1, 1], same_day: false })).toBe(false)
    expect(valid('PutAvailabilityRequest', { days: [0], same_day: false })).toBe(false)
    expect(valid('PutAvailabilityRequest', { days: [1, 2, 3, 4, 5, 6, 7, 8], same_day: false })).toBe(false)
    expect(
      valid('PutPreferencesRequest', {
        prefs: {
          due_soon: true,
          overdue: true,
          script_changed: true,
          changes_requested: true,
          delivery_approved: true,
        },
        time_zone: '',
      }),
    ).toBe(false)
    expect(valid('PutConsentRequest', { ai_word_fixes: null, ai_versions: 'no' })).toBe(false)
  })

  it('response limits: more than 100 job items, coverage above 1, more than 10 warnings', () => {
    const many = sample.listJobsResponse()
    many.items = Array.from({ length: 101 }, () => sample.jobSummary())
    expect(valid('ListJobsResponse', many)).toBe(false)
    const d = sample.delivery()
    ;(d.check as JsonObject).coverage = 1.01
    expect(valid('Delivery', d)).toBe(false)
    expect(valid('Preflight', { ...sample.preflight(), warnings: Array.from({ length: 11 }, () => 'clipping') })).toBe(
      false,
    )
    expect(valid('ErrorEnvelope', { ok: true, api_version: '1', error: 'x', message: 'y' })).toBe(false)
    expect(
      valid('GetMeResponse', {
        ok: true,
        api_version: 1,
        key_id: '5',
        email: 'a',
        name: 'b',
        scopes: [],
        expires_at: null,
      }),
    ).toBe(false)
  })

  it('query parameters: ranges, enums and nullable ids', () => {
    const pageSize = param('PageSize')
    expect([25, 50, 100].map(pageSize)).toEqual([true, true, true])
    expect(pageSize(30)).toBe(false)
    const page = param('Page')
    expect([1, 1000].map(page)).toEqual([true, true])
    expect([0, 1001, 1.5].map(page)).toEqual([false, false, false])
    const q = param('Q')
    expect([null, '', 'x'.repeat(100)].map(q)).toEqual([true, true, true])
    expect(q('x'.repeat(101))).toBe(false)
    const customer = param('CustomerIdQuery')
    expect([null, '7'].map(customer)).toEqual([true, true])
    expect(customer('07')).toBe(false)
    expect(param('Tab')('archived')).toBe(false)
    expect(param('Filter')('due_soon')).toBe(true)
    expect(param('From')('2025-00')).toBe(false)
    expect(param('IdempotencyKey')('short')).toBe(false)
    expect(param('IdempotencyKey')('booth_2025-10-08_accept')).toBe(true)
  })
})

describe('the validator itself', () => {
  it('is strict: a misspelt keyword does not compile', () => {
    expect(() => v.compile({ type: 'string', maxLenght: 3 })).toThrow(/unknown keyword/)
  })
})
