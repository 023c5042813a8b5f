/**
 * Account reads and refusals through the handlers against the real sandbox: earnings per currency, bad
 * input refused with a sentence by the bridge check (and by the sandbox too), and keys lacking
 * earnings:read, account:write or consent:write answered as read-only pages, not failures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bridgeCalls } from '../../../shared/bridge'
import { BridgeArgumentError } from '../../../shared/check'
import { monthOfIndex, monthIndex } from '../../../shared/bridge-account'
import { createDispatcher } from '../../../main/bridge/dispatch'
import { describeError } from '../../../main/bridge/describe-error'
import { ApiError } from '../../../main/api/errors'
import {
  FULL_TOKEN,
  JOBS_ONLY_TOKEN,
  READ_ONLY_TOKEN,
  makeClient,
  makeHandlers,
  sessionFor,
  startAccountSandbox,
  type AccountSandbox,
} from './account-fixture'

let env: AccountSandbox
beforeAll(async () => {
  env = await startAccountSandbox()
})
afterAll(async () => {
  await env.close()
})

const thisMonth = new Date().toISOString().slice(0, 7)
const monthsBack = (n: number) => monthOfIndex((monthIndex(thisMonth) as number) - n)

async function rigFor(token: string) {
  const client = makeClient(env.sandbox, token)
  return makeHandlers(client, await sessionFor(client, env.sandbox.url))
}

describe('earnings', () => {
  it('answers lines and totals per currency for a span, and for one customer', async () => {
    const rig = await rigFor(FULL_TOKEN)
    const view = await rig.handlers.getEarnings({ from: monthsBack(23), to: thisMonth, customer_id: null })
    expect(view.access.canRead).toBe(true)
    const report = view.report
    if (!report) throw new Error('no report')
    expect(report.lines.length).toBeGreaterThan(0)
    const currencies = report.totals.overall.map((t) => t.currency)
    expect(new Set(currencies).size).toBe(currencies.length) // one total per currency, never mixed
    expect(report.hidden_customers.length).toBeGreaterThan(0)
    expect(report.lines.every((l) => typeof l.requested_at === 'number' && l.requested_at > 1e12)).toBe(true)

    const customer = report.totals.by_customer[0]?.customer
    if (!customer) throw new Error('no customer')
    const one = await rig.handlers.getEarnings({ from: monthsBack(23), to: thisMonth, customer_id: customer.id })
    expect(one.report?.lines.every((l) => l.customer.id === customer.id)).toBe(true)
    expect(one.query.customer_id).toBe(customer.id)
    await rig.dispose()
  })

  it('an unknown customer is an error the person can read', async () => {
    const rig = await rigFor(FULL_TOKEN)
    const err = await rig.handlers
      .getEarnings({ from: thisMonth, to: thisMonth, customer_id: '999999' })
      .catch((e: unknown) => e)
    expect(describeError(err)).toMatchObject({ status: 502, kind: 'api:not_found' })
    await rig.dispose()
  })
})

describe('bad input is refused with a sentence', () => {
  const refuse = (name: keyof typeof bridgeCalls, args: unknown) => {
    try {
      bridgeCalls[name](args, name)
    } catch (err) {
      expect(err).toBeInstanceOf(BridgeArgumentError)
      return (err as Error).message
    }
    throw new Error(`${name} accepted ${JSON.stringify(args)}`)
  }

  it('earnings spans over 24 months, backwards spans and non-months', () => {
    expect(refuse('getEarnings', { from: '2024-01', to: '2026-01', customer_id: null })).toBe(
      '2024-01 to 2026-01 is 25 months; earnings can be shown for at most 24 months at a time.',
    )
    expect(refuse('getEarnings', { from: '2025-05', to: '2025-04', customer_id: null })).toBe(
      'The first month (2025-05) is after the last month (2025-04).',
    )
    expect(refuse('getEarnings', { from: '2025-13', to: '2025-12', customer_id: null })).toMatch(
      /getEarnings\.from is not in the expected format/,
    )
    expect(() =>
      bridgeCalls.getEarnings({ from: '2024-01', to: '2025-12', customer_id: null }, 'getEarnings'),
    ).not.toThrow()
  })

  it('time zones that are empty or unknown', () => {
    const prefs = {
      due_soon: true,
      overdue: true,
      script_changed: true,
      changes_requested: true,
      delivery_approved: true,
    }
    expect(refuse('savePreferences', { prefs, time_zone: '' })).toBe('Choose a time zone (for example Europe/Berlin).')
    expect(refuse('savePreferences', { prefs, time_zone: 'Mars/Olympus_Mons' })).toMatch(
      /"Mars\/Olympus_Mons" is not a known time zone/,
    )
    expect(refuse('savePreferences', { prefs, time_zone: '+01:00' })).toMatch(/not a known time zone/)
    expect(refuse('savePreferences', { prefs: { ...prefs, overdue: undefined }, time_zone: 'UTC' })).toMatch(
      /prefs\.overdue must be true or false/,
    )
    expect(() =>
      bridgeCalls.savePreferences({ prefs, time_zone: 'America/Argentina/Buenos_Aires' }, 'savePreferences'),
    ).not.toThrow()
  })

  it('days out of range, repeated or not a list', () => {
    expect(refuse('saveAvailability', { days: [0, 1], same_day: true })).toMatch(
      /1 \(Monday\) to 7 \(Sunday\); 0 is not/,
    )
    expect(refuse('saveAvailability', { days: [8], same_day: true })).toMatch(/8 is not one of them/)
    expect(refuse('saveAvailability', { days: [1, 1], same_day: true })).toBe(
      'Each working day may be given only once.',
    )
    expect(refuse('saveAvailability', { days: '1,2', same_day: true })).toMatch(/list of weekday numbers/)
    expect(bridgeCalls.saveAvailability({ days: [5, 1, 3], same_day: false }, 'saveAvailability')).toEqual({
      days: [1, 3, 5],
      same_day: false,
    })
  })

  it('consent choices outside yes, ask, no', () => {
    expect(refuse('saveConsent', { ai_word_fixes: 'maybe', ai_versions: 'no' })).toBe(
      'saveConsent.ai_word_fixes must be one of yes, ask, no.',
    )
  })

  it('the sandbox refuses the same input when a caller skips the bridge', async () => {
    const client = makeClient(env.sandbox, FULL_TOKEN, 1)
    const codes = await Promise.all([
      client.earnings({ from: '2024-01', to: '2026-01' }).catch((e: ApiError) => e.code),
      client.earnings({ from: '2025-05', to: '2025-04' }).catch((e: ApiError) => e.code),
      client
        .putAvailability({ days: [0], same_day: true }, { idempotencyKey: 'test_key_days_0001' })
        .catch((e: ApiError) => e.code),
      client
        .putPreferences(
          {
            prefs: {
              due_soon: true,
              overdue: true,
              script_changed: true,
              changes_requested: true,
              delivery_approved: true,
            },
            time_zone: '',
          },
          { idempotencyKey: 'test_key_zone_0001' },
        )
        .catch((e: ApiError) => e.code),
    ])
    expect(codes).toEqual(['bad_request', 'bad_request', 'bad_request', 'bad_request'])
  })

  it('the dispatcher refuses before any handler runs', async () => {
    const rig = await rigFor(FULL_TOKEN)
    let ran = false
    const handlers = {
      ...rig.handlers,
      getEarnings: async () => {
        ran = true
        throw new Error('should not run')
      },
    }
    const dispatch = createDispatcher(handlers as never)
    const err = await dispatch('getEarnings', { from: '2020-01', to: '2025-01', customer_id: null }).catch(
      (e: unknown) => e,
    )
    expect(describeError(err)).toEqual({
      status: 400,
      kind: 'bad_request',
      message: '2020-01 to 2025-01 is 61 months; earnings can be shown for at most 24 months at a time.',
    })
    expect(ran).toBe(false)
    await rig.dispose()
  })
})

describe('keys without every scope', () => {
  it('a read-only key reads availability, preferences and consent but may not change them', async () => {
    const rig = await rigFor(READ_ONLY_TOKEN)
    const view = await rig.handlers.getAvailability({})
    expect(view.availability?.rows.length).toBeGreaterThan(0)
    expect(view.access).toEqual({
      canRead: true,
      canWrite: false,
      missing: [{ scope: 'account:write', disables: expect.stringContaining('availability') }],
    })
    const consent = await rig.handlers.getConsent({})
    expect(consent.access.missing.map((m) => m.scope)).toEqual(['consent:write'])

    const before = env.applied.putAvailability ?? 0
    const err = await rig.handlers.saveAvailability({ days: [1], same_day: false }).catch((e: unknown) => e)
    expect(describeError(err)).toMatchObject({
      status: 403,
      kind: 'missing_scope',
      message: expect.stringMatching(/^This API key lacks account:write, so changing availability/),
    })
    const consentErr = await rig.handlers
      .saveConsent({ ai_word_fixes: 'no', ai_versions: 'no' })
      .catch((e: unknown) => e)
    expect((consentErr as Error).message).toMatch(/lacks consent:write, so changing AI voice consent is turned off/)
    expect(env.applied.putAvailability ?? 0).toBe(before)
    await rig.dispose()
  })

  it('a key without earnings:read or account:read gets pages that say what is missing', async () => {
    const rig = await rigFor(JOBS_ONLY_TOKEN)
    const earnings = await rig.handlers.getEarnings({ from: thisMonth, to: thisMonth, customer_id: null })
    expect(earnings.report).toBeNull()
    expect(earnings.access).toEqual({
      canRead: false,
      canWrite: false,
      missing: [{ scope: 'earnings:read', disables: 'earnings' }],
    })
    const prefs = await rig.handlers.getPreferences({})
    expect(prefs.preferences).toBeNull()
    expect(prefs.access.missing.map((m) => m.scope)).toEqual(['account:read', 'account:write'])
    await rig.dispose()
  })

  it('a refusal the session did not foresee is mapped to the same read-only answer', async () => {
    const client = makeClient(env.sandbox, JOBS_ONLY_TOKEN)
    // The session claims every scope; the service still refuses for the scope the key lacks.
    const session = { ...(await sessionFor(client, env.sandbox.url)) }
    session.account = session.account && { ...session.account, scopes: ['*'] }
    const rig = await makeHandlers(client, session)
    const view = await rig.handlers.getEarnings({ from: thisMonth, to: thisMonth, customer_id: null })
    expect(view.report).toBeNull()
    expect(view.access.canRead).toBe(false)
    expect(view.access.missing).toEqual([{ scope: 'earnings:read', disables: 'earnings' }])
    await rig.dispose()
  })

  it('signed out, the calls say to sign in', async () => {
    const client = makeClient(env.sandbox, FULL_TOKEN)
    const rig = await makeHandlers(null, await sessionFor(client, env.sandbox.url))
    const err = await rig.handlers.getConsent({}).catch((e: unknown) => e)
    expect(describeError(err)).toEqual({
      status: 401,
      kind: 'signed_out',
      message: 'Sign in or start the demo to see your account.',
    })
    await rig.dispose()
  })
})
