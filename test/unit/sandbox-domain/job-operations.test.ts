import { describe, expect, it } from 'vitest'
import { SandboxError } from '../../../sandbox/seam'
import type { JobRecord } from '../../../sandbox/domain/state'
import { harness, type Harness } from './harness'

type Summary = { job_id: string; stage: string; status: string; unopened: boolean; due_state: string }

const find = (h: Harness, ok: (j: JobRecord) => boolean): JobRecord => {
  const j = h.world.state().jobs.find(ok)
  if (!j) throw new Error('no seeded job fits')
  return j
}

async function rejects(p: Promise<unknown>, status: number, code: string, text?: RegExp): Promise<void> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(SandboxError)
  expect((err as SandboxError).status).toBe(status)
  expect((err as SandboxError).code).toBe(code)
  if (text) expect((err as SandboxError).message).toMatch(text)
}

describe('the seeded world', () => {
  it('covers every due_state, 3+ customers and voices, and 3 currencies among current jobs', async () => {
    const h = await harness()
    const list = await h.call('listJobs', { query: { page_size: 100 } })
    const items = list.items as (Summary & {
      customer: { id: string }
      voice: { id: string }
      rate: { currency: string } | null
    })[]
    expect(items.length).toBeGreaterThanOrEqual(12)
    const all = [
      ...items,
      ...((await h.call('listJobs', { query: { tab: 'declined', page_size: 100 } })).items as Summary[]),
    ]
    expect(new Set(items.map((i) => i.due_state))).toEqual(
      new Set(['none', 'later', 'soon', 'today', 'overdue', 'stale']),
    )
    expect(new Set(items.map((i) => i.customer.id)).size).toBeGreaterThanOrEqual(3)
    expect(new Set(items.map((i) => i.voice.id)).size).toBeGreaterThanOrEqual(3)
    expect(new Set(items.flatMap((i) => (i.rate ? [i.rate.currency] : [])))).toEqual(new Set(['USD', 'EUR', 'GBP']))
    expect(all.some((i) => i.status === 'declined')).toBe(true)
    const state = h.world.state()
    const current = state.jobs.filter((j) => j.requested_at > h.clock.now() - 60 * 86_400_000)
    expect(current.some((j) => j.script_change)).toBe(true)
    expect(current.some((j) => j.changes_request)).toBe(true)
    expect(current.some((j) => j.live_read)).toBe(true)
    expect(current.some((j) => j.spot_cancelled)).toBe(true)
    expect(
      current.some(
        (j) =>
          j.script.html?.includes('<script>') &&
          j.script.html.includes('onerror=') &&
          j.script.html.includes('javascript:'),
      ),
    ).toBe(true)
    expect(current.some((j) => j.script.kind === 'document')).toBe(true)
    for (const j of current) for (const p of j.pronunciations) expect(j.script.text).toContain(p.word)
    expect(current.some((j) => j.deliveries.some((d) => d.check.issues.length > 0))).toBe(true)
    await h.world.close()
  })

  it('is the same world for the same seed and clock, and another for another seed', async () => {
    const a = await harness({ seed: 7 })
    const b = await harness({ seed: 7 })
    const c = await harness({ seed: 8 })
    expect(JSON.stringify(a.world.state())).toBe(JSON.stringify(b.world.state()))
    expect(JSON.stringify(a.world.state())).not.toBe(JSON.stringify(c.world.state()))
  })
})

describe('listJobs', () => {
  it('counts match the jobs, filters agree with the counts, q searches and pages', async () => {
    const h = await harness()
    const list = await h.call('listJobs', { query: { page_size: 100 } })
    const counts = list.counts as Record<string, number>
    const items = list.items as Summary[]
    expect(list.today).toBe('2025-03-10')
    expect(counts.pending).toBe(items.length)
    expect(counts.pending).toBe(list.total)
    expect(counts.unopened).toBe(items.filter((i) => i.unopened).length)
    expect(counts.overdue).toBe(items.filter((i) => i.due_state === 'overdue' || i.due_state === 'stale').length)
    for (const [filter, key] of [
      ['due_today', 'due_today'],
      ['overdue', 'overdue'],
      ['due_soon', 'due_soon'],
      ['accepted', 'accepted'],
      ['changes_requested', 'changes_requested'],
      ['unopened', 'unopened'],
      ['delivered', 'delivered'],
    ] as const) {
      const f = await h.call('listJobs', { query: { filter, page_size: 100 } })
      expect(f.total, filter).toBe(counts[key])
    }
    const completed = await h.call('listJobs', { query: { tab: 'completed', page: 2, page_size: 25 } })
    expect(completed.total).toBe(counts.completed)
    expect((completed.items as unknown[]).length).toBe(25)
    const q = await h.call('listJobs', { query: { q: 'greenway', page_size: 100 } })
    expect((q.items as { advertiser: string }[]).every((i) => i.advertiser === 'Greenway Transit')).toBe(true)
    expect(q.total).toBeGreaterThan(0)
    const key = (items[0] as unknown as { key_number: string }).key_number
    expect(((await h.call('listJobs', { query: { q: key.toLowerCase() } })).items as Summary[])[0]?.job_id).toBe(
      items[0]!.job_id,
    )
  })

  it('answers "today" in the talent time zone after it changes', async () => {
    const h = await harness({ start: Date.UTC(2025, 2, 10, 23, 30) }) // 19:30 in New York
    expect((await h.call('listJobs')).today).toBe('2025-03-10')
    await h.call('putPreferences', {
      body: {
        prefs: {
          due_soon: true,
          overdue: true,
          script_changed: true,
          changes_requested: true,
          delivery_approved: true,
        },
        time_zone: 'Asia/Tokyo',
      },
    })
    expect((await h.call('listJobs')).today).toBe('2025-03-11')
    await rejects(
      h.call('putPreferences', {
        body: {
          prefs: {
            due_soon: true,
            overdue: true,
            script_changed: true,
            changes_requested: true,
            delivery_approved: true,
          },
          time_zone: 'Mars/Olympus',
        },
      }),
      400,
      'bad_request',
      /time zone/,
    )
  })
})

describe('getJob', () => {
  it('clears unopened and moves sent → viewed with a timeline entry, once', async () => {
    const h = await harness()
    const j = find(h, (x) => x.stage === 'sent' && x.unopened)
    const before = j.timeline.length
    const out = (await h.call('getJob', { params: { job_id: j.job_id } })).job as Summary & {
      timeline: { kind: string; actor: string }[]
    }
    expect(out.unopened).toBe(false)
    expect(out.stage).toBe('viewed')
    expect(out.timeline.at(-1)).toMatchObject({ kind: 'viewed', actor: 'talent' })
    const again = (await h.call('getJob', { params: { job_id: j.job_id } })).job as { timeline: unknown[] }
    expect(again.timeline.length).toBe(before + 1)
    await rejects(h.call('getJob', { params: { job_id: '999999' } }), 404, 'not_found')
  })

  it('gives document scripts short-lived links and keeps hostile HTML as data', async () => {
    const h = await harness()
    const doc = find(h, (x) => x.script.kind === 'document' && x.script.document?.pdf !== null)
    const out = (await h.call('getJob', { params: { job_id: doc.job_id } })).job as {
      script: { document: { pdf_url: string; expires_at: number } }
    }
    expect(out.script.document.pdf_url).toMatch(/^http:\/\/127\.0\.0\.1:4010\/files\/[A-Za-z0-9_-]{20,}$/)
    expect(out.script.document.expires_at).toBe(h.clock.now() + 10 * 60_000)
    const hostile = find(h, (x) => x.script.html?.includes('<script>') ?? false)
    const shown = (await h.call('getJob', { params: { job_id: hostile.job_id } })).job as {
      script: { html: string; text: string }
    }
    expect(shown.script.html).toContain('onerror=')
    expect(shown.script.text).not.toContain('<')
    expect(shown.script.text).not.toContain('alert("owned")')
  })
})

describe('accept, decline, complete', () => {
  it('accepts, reports already_accepted, and refuses the whole batch for a job that cannot be accepted', async () => {
    const h = await harness()
    const fresh = find(h, (x) => x.stage === 'sent')
    const accepted = find(h, (x) => x.stage === 'accepted')
    const res = (await h.call('acceptJobs', { body: { job_ids: [fresh.job_id, accepted.job_id] } })).results as {
      outcome: string
      job: Summary
    }[]
    expect(res.map((r) => r.outcome)).toEqual(['accepted', 'already_accepted'])
    expect(res[0]!.job.stage).toBe('accepted')
    expect(find(h, (x) => x.job_id === fresh.job_id).timeline.at(-1)).toMatchObject({
      kind: 'accepted',
      actor: 'talent',
    })
    const other = find(h, (x) => x.stage === 'viewed')
    const declined = find(h, (x) => x.status === 'declined')
    await rejects(
      h.call('acceptJobs', { body: { job_ids: [other.job_id, declined.job_id] } }),
      400,
      'bad_request',
      new RegExp(declined.job_id),
    )
    expect(find(h, (x) => x.job_id === other.job_id).stage).toBe('viewed') // nothing changed
    await rejects(
      h.call('acceptJobs', { body: { job_ids: [other.job_id, '1999999999'] } }),
      404,
      'not_found',
      /1999999999/,
    )
    const cancelled = find(h, (x) => x.spot_cancelled)
    cancelled.stage = 'viewed'
    await rejects(h.call('acceptJobs', { body: { job_ids: [cancelled.job_id] } }), 400, 'bad_request', /cancelled/)
  })

  it('declines with the reason stored, by the talent; refuses a delivered job', async () => {
    const h = await harness()
    const j = find(h, (x) => x.stage === 'accepted' && !x.spot_cancelled)
    const res = (await h.call('declineJobs', { body: { job_ids: [j.job_id], reason: 'Voice is out this week' } }))
      .results as { outcome: string; job: Summary }[]
    expect(res[0]).toMatchObject({
      outcome: 'declined',
      job: { status: 'declined', stage: 'declined', due_state: 'none' },
    })
    expect(find(h, (x) => x.job_id === j.job_id).decline).toMatchObject({
      reason: 'Voice is out this week',
      by: 'talent',
      at: h.clock.now(),
    })
    const again = (await h.call('declineJobs', { body: { job_ids: [j.job_id], reason: 'again' } })).results as {
      outcome: string
    }[]
    expect(again[0]!.outcome).toBe('declined')
    const delivered = find(h, (x) => x.stage === 'delivered' && x.status === 'pending')
    await rejects(
      h.call('declineJobs', { body: { job_ids: [delivered.job_id], reason: 'x' } }),
      400,
      'bad_request',
      /delivered/,
    )
  })

  it('completes with a note; refuses a job not yet accepted', async () => {
    const h = await harness()
    const j = find(h, (x) => x.stage === 'delivered' && x.status === 'pending')
    const res = (await h.call('completeJobs', { body: { job_ids: [j.job_id], note: 'All takes in' } })).results as {
      outcome: string
      job: Summary
    }[]
    expect(res[0]).toMatchObject({ outcome: 'completed', job: { status: 'completed', stage: 'completed' } })
    expect(find(h, (x) => x.job_id === j.job_id).completion).toEqual({ note: 'All takes in', at: h.clock.now() })
    const viewed = find(h, (x) => x.stage === 'viewed')
    await rejects(
      h.call('completeJobs', { body: { job_ids: [viewed.job_id], note: null } }),
      400,
      'bad_request',
      /viewed/,
    )
  })
})

describe('account operations', () => {
  it('availability: mixed until set, then applied to every row', async () => {
    const h = await harness()
    const before = await h.call('getAvailability')
    expect(before.mixed).toBe(true)
    expect(before.days).toEqual([1, 2, 3, 4, 5])
    const put = await h.call('putAvailability', { body: { days: [6, 1, 3], same_day: false } })
    expect(put).toEqual({ days: [1, 3, 6], same_day: false, rows_updated: (before.rows as unknown[]).length })
    const after = await h.call('getAvailability')
    expect(after.mixed).toBe(false)
    expect((after.rows as { days: number[] }[]).every((r) => r.days.join() === '1,3,6')).toBe(true)
  })

  it('consent: set once answered, updated_at moves only on change, dsp always yes', async () => {
    const h = await harness()
    expect((await h.call('getConsent')).consent).toEqual({
      set: false,
      dsp: 'yes',
      ai_word_fixes: null,
      ai_versions: null,
      updated_at: null,
    })
    const t1 = h.clock.now()
    await h.call('putConsent', { body: { ai_word_fixes: 'yes', ai_versions: 'ask' } })
    h.clock.advance(60_000)
    await h.call('putConsent', { body: { ai_word_fixes: 'yes', ai_versions: 'ask' } })
    expect((await h.call('getConsent')).consent).toEqual({
      set: true,
      dsp: 'yes',
      ai_word_fixes: 'yes',
      ai_versions: 'ask',
      updated_at: t1,
    })
    await h.call('putConsent', { body: { ai_word_fixes: 'no', ai_versions: 'ask' } })
    expect(((await h.call('getConsent')).consent as { updated_at: number }).updated_at).toBe(t1 + 60_000)
  })

  it('getMe reports the key and the talent', async () => {
    const h = await harness()
    expect(await h.call('getMe')).toEqual({
      key_id: '7001',
      email: h.world.state().talent.email,
      name: h.world.state().talent.name,
      scopes: ['jobs:read', 'jobs:write'],
      expires_at: null,
    })
  })
})
