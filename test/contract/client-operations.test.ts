/**
 * Booth's client against the real sandbox: every operation once, answers typed and timestamps in ms,
 * writes replayed with the same key, and API errors mapped to the right ApiError.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSandbox } from '../../sandbox/server'
import { ApiError } from '../../main/api/errors'
import { newIdempotencyKey } from '../../main/api/idempotency'
import type { TalentClient } from '../../main/api/client'
import { allJobs, probeClient, startTestSandbox, toneWav, uploadTake } from './sandbox-fixture'

let sandbox: RunningSandbox
let client: TalentClient
let jobs: Awaited<ReturnType<typeof allJobs>>

beforeAll(async () => {
  sandbox = await startTestSandbox()
  client = probeClient(sandbox, { maxAttempts: 1 }).client
  jobs = await allJobs(client)
})
afterAll(() => sandbox.close())

const isMs = (t: number) => t >= 1e11

function job(can: 'accept' | 'decline' | 'complete' | 'deliver', except: string[] = []) {
  const found = jobs.find((j) => j.can[can] && !except.includes(j.job_id))
  if (!found) throw new Error(`The sandbox's seed data has no job that allows ${can}.`)
  return found
}

describe('reads', () => {
  it('me', async () => {
    const me = await client.me()
    expect(me.key_id).toMatch(/^[1-9]\d*$/)
    expect(me.scopes).toContain('deliveries:write')
    expect(me).not.toHaveProperty('ok')
  })

  it('listJobs and getJob, with timestamps in milliseconds', async () => {
    const page = await client.listJobs({ page_size: 25 })
    expect(page.items.length).toBeGreaterThan(0)
    expect(page.page_size).toBe(25)
    for (const item of page.items) expect(isMs(item.requested_at)).toBe(true)
    const first = page.items[0]
    if (!first) throw new Error('no job')
    const { job: detail } = await client.getJob(first.job_id)
    expect(detail.job_id).toBe(first.job_id)
    for (const entry of detail.timeline) expect(isMs(entry.at)).toBe(true)
  })

  it('scriptsPdf', async () => {
    const withScript = jobs
      .filter((j) => j.has_script)
      .slice(0, 2)
      .map((j) => j.job_id)
    const pdf = await client.scriptsPdf({ job_ids: withScript.length > 0 ? withScript : [jobs[0]?.job_id ?? '1'] })
    expect(pdf.included.length + pdf.missing.length).toBeGreaterThan(0)
    if (pdf.expires_at !== null) expect(isMs(pdf.expires_at)).toBe(true)
  })

  it('listDeliveries and attachmentDownload', async () => {
    const withAttachment = jobs.find((j) => j.attachments > 0)
    const target = withAttachment ?? jobs[0]
    if (!target) throw new Error('no job')
    const list = await client.listDeliveries(target.job_id, { with_urls: true })
    expect(list.job_id).toBe(target.job_id)
    expect(isMs(list.server_time)).toBe(true)
    const attachment = list.attachments[0]
    if (withAttachment && attachment) {
      const link = await client.attachmentDownload(attachment.attachment_id)
      expect(link.url).toMatch(/^http/)
      expect(isMs(link.expires_at)).toBe(true)
    }
  })

  it('earnings', async () => {
    const now = new Date()
    const month = (d: Date) => `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`
    const from = month(new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth(), 1)))
    const earnings = await client.earnings({ from, to: month(now) })
    expect(earnings.from).toBe(from)
    expect(Array.isArray(earnings.totals.overall)).toBe(true)
  })

  it('availability, preferences and consent round-trip through their writes', async () => {
    const availability = await client.getAvailability()
    const put = await client.putAvailability(
      { days: [1, 2, 3], same_day: !availability.same_day },
      { idempotencyKey: newIdempotencyKey() },
    )
    expect(put).toMatchObject({ days: [1, 2, 3], same_day: !availability.same_day, replayed: false })

    const prefs = await client.getPreferences()
    const newPrefs = { ...prefs.prefs, overdue: !prefs.prefs.overdue }
    expect(
      await client.putPreferences(
        { prefs: newPrefs, time_zone: 'Europe/Berlin' },
        { idempotencyKey: newIdempotencyKey() },
      ),
    ).toEqual({ prefs: newPrefs, time_zone: 'Europe/Berlin', replayed: false })
    expect((await client.getPreferences()).time_zone).toBe('Europe/Berlin')

    const key = newIdempotencyKey()
    const consent = await client.putConsent({ ai_word_fixes: 'ask', ai_versions: 'no' }, { idempotencyKey: key })
    expect(consent.consent).toMatchObject({ set: true, ai_word_fixes: 'ask', ai_versions: 'no' })
    expect(consent.consent.updated_at !== null && isMs(consent.consent.updated_at)).toBe(true)
    const again = await client.putConsent({ ai_word_fixes: 'ask', ai_versions: 'no' }, { idempotencyKey: key })
    expect(again.replayed).toBe(true)
    expect(again.consent).toEqual(consent.consent)
    expect((await client.getConsent()).consent.ai_word_fixes).toBe('ask')
  })
})

describe('job actions', () => {
  it('accept, replayed with the same key', async () => {
    const target = job('accept')
    const key = newIdempotencyKey()
    const result = await client.accept({ job_ids: [target.job_id] }, { idempotencyKey: key })
    expect(result.replayed).toBe(false)
    expect(result.results[0]).toMatchObject({ job_id: target.job_id, outcome: 'accepted' })
    const replay = await client.accept({ job_ids: [target.job_id] }, { idempotencyKey: key })
    expect(replay).toEqual({ ...result, replayed: true })
  })

  it('decline', async () => {
    const target = job('decline', [job('accept').job_id])
    const result = await client.decline(
      { job_ids: [target.job_id], reason: 'Booked that day.' },
      { idempotencyKey: newIdempotencyKey() },
    )
    expect(result.results[0]).toMatchObject({ job_id: target.job_id, outcome: 'declined' })
  })

  it('deliver a take uploaded over tus, then complete', async () => {
    const refreshed = await allJobs(client)
    const target = refreshed.find((j) => j.can.deliver)
    if (!target) throw new Error('no job allows deliver')
    const handle = await uploadTake(sandbox, toneWav())
    const delivered = await client.deliver(
      target.job_id,
      { handle, take_label: 'main', note: 'Take 1', preflight: null },
      { idempotencyKey: newIdempotencyKey() },
    )
    expect(delivered.delivery).toMatchObject({ take_label: 'main', listen_url: null, listen_url_expires_at: null })
    expect(isMs(delivered.delivery.created_at)).toBe(true)
    expect(delivered.job.job_id).toBe(target.job_id)

    const completable = (await allJobs(client)).find((j) => j.can.complete)
    if (completable) {
      const done = await client.complete(
        { job_ids: [completable.job_id], note: null },
        { idempotencyKey: newIdempotencyKey() },
      )
      expect(done.results[0]).toMatchObject({ job_id: completable.job_id, outcome: 'completed' })
    }
  })
})

describe('API errors from the sandbox', () => {
  const fail = (p: Promise<unknown>) =>
    p.then(
      () => {
        throw new Error('expected a failure')
      },
      (e: unknown) => e as ApiError,
    )

  it('an unknown key is invalid_principal, final', async () => {
    const { client: stranger, events } = probeClient(sandbox, {}, 'not_a_known_token_123')
    const error = await fail(stranger.me())
    expect(error).toMatchObject({ kind: 'api', status: 401, code: 'invalid_principal', retryable: false })
    expect(events.filter((e) => e.type === 'request')).toHaveLength(1)
  })

  it('an unknown job is not_found, final; a bad span is bad_request with a request id', async () => {
    expect(await fail(client.getJob('9999999999'))).toMatchObject({ status: 404, code: 'not_found', retryable: false })
    const bad = await fail(client.earnings({ from: '2020-01', to: '2025-01' }))
    expect(bad).toMatchObject({ status: 400, code: 'bad_request', retryable: false })
    expect(bad.requestId).toBeTruthy()
  })

  it('an unknown upload handle is not_found', async () => {
    const target = (await allJobs(client)).find((j) => j.can.deliver)
    if (!target) throw new Error('no job allows deliver')
    const error = await fail(
      client.deliver(
        target.job_id,
        { handle: 'f'.repeat(32), take_label: 'alt', note: null, preflight: null },
        { idempotencyKey: newIdempotencyKey() },
      ),
    )
    expect(error).toMatchObject({ status: 404, code: 'not_found' })
  })
})
