/**
 * Account writes through the handlers against the real sandbox: each save carries a persisted
 * Idempotency-Key, a replayed answer counts as saved, and a save retried after a dropped answer (or after
 * a restart of Booth) records exactly one change.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../../main/api/errors'
import { PENDING_WRITES_FILE } from '../../../main/account/pending-writes'
import {
  FULL_TOKEN,
  makeClient,
  makeHandlers,
  sessionFor,
  startAccountSandbox,
  type AccountSandbox,
  type HandlerRig,
} from './account-fixture'

let env: AccountSandbox
let rig: HandlerRig

beforeAll(async () => {
  env = await startAccountSandbox()
})
afterAll(async () => {
  await env.close()
})
beforeEach(async () => {
  env.sandbox.setFaults('')
  const client = makeClient(env.sandbox, FULL_TOKEN)
  rig = await makeHandlers(client, await sessionFor(client, env.sandbox.url))
  for (const k of Object.keys(env.applied)) delete env.applied[k as keyof typeof env.applied]
})
afterEach(async () => {
  await rig.dispose()
})

const pendingFile = async () =>
  JSON.parse(await readFile(join(rig.dataDir, PENDING_WRITES_FILE), 'utf8')) as Record<string, { key: string }>

describe('availability', () => {
  it('saves the days to every profile and reads them back', async () => {
    const before = await rig.handlers.getAvailability({})
    expect(before.access).toEqual({ canRead: true, canWrite: true, missing: [] })
    const profiles = before.availability?.rows.length ?? 0
    expect(profiles).toBeGreaterThan(1)

    const result = await rig.handlers.saveAvailability({ days: [1, 3, 5], same_day: false })
    expect(result.replayed).toBe(false)
    expect(result.saved).toEqual({ days: [1, 3, 5], same_day: false, rows_updated: profiles })
    const after = await rig.handlers.getAvailability({})
    expect(after.availability?.mixed).toBe(false)
    expect(after.availability?.rows.every((r) => r.days.join() === '1,3,5' && !r.same_day)).toBe(true)
    expect(after.pending).toBeNull()
    expect(await pendingFile()).toEqual({})
  })

  it('a save whose answers are all dropped stays pending, and the retry is answered as saved with one change', async () => {
    env.sandbox.setFaults('drop_after=1')
    const failure = await rig.handlers.saveAvailability({ days: [2, 4], same_day: true }).catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(ApiError)
    expect((failure as ApiError).kind).toBe('network')
    expect(env.applied.putAvailability).toBe(1) // the first attempt landed; the client's retry was a replay
    const kept = (await pendingFile()).putAvailability
    expect(kept?.key).toMatch(/^[A-Za-z0-9_-]{8,48}$/)

    env.sandbox.setFaults('')
    const view = await rig.handlers.getAvailability({})
    expect(view.pending?.body).toEqual({ days: [2, 4], same_day: true })

    const retried = await rig.handlers.saveAvailability({ days: [2, 4], same_day: true })
    expect(retried.replayed).toBe(true)
    expect(retried.saved).toMatchObject({ days: [2, 4], same_day: true })
    expect(env.applied.putAvailability).toBe(1)
    expect(await pendingFile()).toEqual({})
  })

  it('after a restart, the unconfirmed save is sent again with the key saved before the crash', async () => {
    env.sandbox.setFaults('drop_after=1')
    await expect(rig.handlers.saveAvailability({ days: [6, 7], same_day: false })).rejects.toBeInstanceOf(ApiError)
    const key = (await pendingFile()).putAvailability?.key
    env.sandbox.setFaults('')

    const afterRestart = rig.restart()
    const result = await afterRestart.saveAvailability({ same_day: false, days: [7, 6] })
    expect(result.replayed).toBe(true)
    expect(env.applied.putAvailability).toBe(1)
    expect(key).toBeDefined()
  })

  it('different input after an unconfirmed save is a new action with a new key', async () => {
    env.sandbox.setFaults('drop_after=1')
    await expect(rig.handlers.saveAvailability({ days: [1], same_day: false })).rejects.toBeInstanceOf(ApiError)
    const firstKey = (await pendingFile()).putAvailability?.key
    env.sandbox.setFaults('')

    const result = await rig.handlers.saveAvailability({ days: [1, 2], same_day: false })
    expect(result.replayed).toBe(false)
    expect(result.saved.days).toEqual([1, 2])
    expect(env.applied.putAvailability).toBe(2)
    expect(firstKey).toBeDefined()
    expect((await rig.handlers.getAvailability({})).availability?.days).toEqual([1, 2])
  })
})

describe('preferences and consent', () => {
  it('saves the five email switches and the time zone', async () => {
    const before = await rig.handlers.getPreferences({})
    expect(before.preferences?.time_zone).toBeTruthy()
    const prefs = {
      due_soon: false,
      overdue: true,
      script_changed: false,
      changes_requested: true,
      delivery_approved: true,
    }
    const result = await rig.handlers.savePreferences({ prefs, time_zone: 'Europe/Berlin' })
    expect(result).toMatchObject({ replayed: false, saved: { prefs, time_zone: 'Europe/Berlin' } })
    expect((await rig.handlers.getPreferences({})).preferences).toEqual({ prefs, time_zone: 'Europe/Berlin' })
  })

  it('saves consent; a dropped answer retried is one change and keeps the first change time', async () => {
    const before = await rig.handlers.getConsent({})
    expect(before.consent?.dsp).toBe('yes')
    env.sandbox.setFaults('drop_after=1')
    await expect(rig.handlers.saveConsent({ ai_word_fixes: 'ask', ai_versions: 'no' })).rejects.toBeInstanceOf(ApiError)
    env.sandbox.setFaults('')
    const retried = await rig.handlers.saveConsent({ ai_word_fixes: 'ask', ai_versions: 'no' })
    expect(retried.replayed).toBe(true)
    expect(retried.saved).toMatchObject({ set: true, dsp: 'yes', ai_word_fixes: 'ask', ai_versions: 'no' })
    expect(retried.saved.updated_at).toEqual(expect.any(Number))
    expect(env.applied.putConsent).toBe(1)
    expect((await rig.handlers.getConsent({})).consent?.updated_at).toBe(retried.saved.updated_at)
  })

  it('a change refused for good is not kept for a retry', async () => {
    // Only the bridge check stands between a person and this body; here the service is the one refusing.
    const result = await rig.handlers
      .savePreferences({
        prefs: {
          due_soon: true,
          overdue: true,
          script_changed: true,
          changes_requested: true,
          delivery_approved: true,
        },
        time_zone: 'Mars/Olympus_Mons',
      })
      .catch((e: unknown) => e)
    expect((result as Error).message).toMatch(/refused this change: .*time zone/i)
    expect(await pendingFile()).toEqual({})
  })
})
