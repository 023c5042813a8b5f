import { describe, expect, it } from 'vitest'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { harness, validateResponse, type Harness } from './harness'
import { toneWav } from '../../../sandbox/domain/wav'
import type { JobRecord } from '../../../sandbox/domain/state'

function jobWhere(h: Harness, ok: (j: JobRecord) => boolean): JobRecord {
  const job = h.world.state().jobs.find(ok)
  if (!job) throw new Error('no seeded job fits')
  return job
}

describe('every operation answers in the shape of the OpenAPI document', () => {
  it('reads, writes and links validate against talent-v1.yaml', async () => {
    const h = await harness()
    const expectValid = async (op: Parameters<Harness['call']>[0], input?: Parameters<Harness['call']>[1]) => {
      const out = await h.call(op, input)
      expect(validateResponse(op, out), `${op}`).toEqual([])
      return out
    }
    await expectValid('getMe')
    for (const tab of ['pending', 'completed', 'declined']) {
      await expectValid('listJobs', { query: { tab, filter: 'all', page: 1, page_size: 100 } })
    }
    for (const job of h.world
      .state()
      .jobs.filter((j) => j.status === 'pending' || j.requested_at > Date.UTC(2025, 1, 1))) {
      await expectValid('getJob', { params: { job_id: job.job_id } })
      await expectValid('listDeliveries', { params: { job_id: job.job_id }, query: { with_urls: true } })
    }
    const ids = h.world
      .state()
      .jobs.filter((j) => j.status === 'pending')
      .slice(0, 25)
      .map((j) => j.job_id)
    await expectValid('createScriptsPdf', { body: { job_ids: ids } })
    const withAttachment = jobWhere(h, (j) => j.attachments.length > 0)
    await expectValid('getAttachmentDownload', {
      params: { attachment_id: withAttachment.attachments[0]!.attachment_id },
    })
    await expectValid('getEarnings', { query: { from: '2023-07', to: '2025-03', customer_id: null } })
    await expectValid('getAvailability')
    await expectValid('putAvailability', { body: { days: [1, 2, 3], same_day: true } })
    await expectValid('getPreferences')
    await expectValid('putPreferences', {
      body: {
        prefs: {
          due_soon: true,
          overdue: false,
          script_changed: true,
          changes_requested: true,
          delivery_approved: true,
        },
        time_zone: 'Europe/London',
      },
    })
    await expectValid('getConsent')
    await expectValid('putConsent', { body: { ai_word_fixes: 'ask', ai_versions: 'no' } })
    // reading every job above moved each sent job to viewed
    expect(h.world.state().jobs.some((j) => j.stage === 'sent')).toBe(false)
    const viewed = h.world.state().jobs.filter((j) => j.stage === 'viewed' && j.status === 'pending')
    await expectValid('acceptJobs', { body: { job_ids: [viewed[0]!.job_id] } })
    await expectValid('declineJobs', { body: { job_ids: [viewed[1]!.job_id], reason: 'Fully booked' } })
    await expectValid('completeJobs', {
      body: { job_ids: [jobWhere(h, (j) => j.stage === 'delivered' && j.status === 'pending').job_id], note: null },
    })

    const dir = await mkdtemp(join(tmpdir(), 'booth-domain-'))
    const path = join(dir, 'take.wav')
    const bytes = toneWav(1.5, 8000, 440)
    await writeFile(path, bytes)
    const handle = 'ab'.repeat(16)
    h.uploads.set(handle, { handle, size: bytes.byteLength, offset: bytes.byteLength, fileName: 'take.wav', path })
    const target = jobWhere(h, (j) => j.stage === 'accepted' && !j.spot_cancelled && j.status === 'pending')
    await expectValid('createDelivery', {
      params: { job_id: target.job_id },
      body: { handle, take_label: 'main', note: 'first', preflight: null },
    })
    for (const ms of [1500, 4000, 7000]) {
      h.clock.advance(ms)
      await expectValid('listDeliveries', { params: { job_id: target.job_id }, query: { with_urls: true } })
      await expectValid('getJob', { params: { job_id: target.job_id } })
    }
    await h.world.close()
  })

  it('still validates after the producer has acted on the world', async () => {
    const h = await harness({ seed: 11 })
    for (let i = 0; i < 12; i++) {
      await h.world.producer.step()
      h.clock.advance(3_600_000)
    }
    const list = await h.call('listJobs', { query: { page_size: 100 } })
    expect(validateResponse('listJobs', list)).toEqual([])
    for (const item of list.items as { job_id: string }[]) {
      expect(validateResponse('getJob', await h.call('getJob', { params: { job_id: item.job_id } }))).toEqual([])
    }
    await h.world.close()
  })
})
