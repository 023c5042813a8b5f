import { describe, expect, it } from 'vitest'
import type { JobActionResult } from '../../../../shared/bridge'
import { createBoothStore } from '../../../../renderer/src/store/create-booth-store'
import { fakeBridge, job, settle } from '../support/fake-bridge'

async function signedInStore(bridge = fakeBridge()) {
  const booth = createBoothStore(bridge.api)
  await booth.store.getState().loadSession()
  await settle()
  return { bridge, s: () => booth.store.getState() }
}

const answer = (ids: string[], outcome = 'accepted'): JobActionResult => ({
  replayed: false,
  results: ids.map((id) => ({ job_id: id, outcome, job: job(id) })),
})

describe('bulk actions in the store', () => {
  it('ticks jobs from the list (one, a range, the page) and clears them when the tab changes', async () => {
    const { s } = await signedInStore()
    s().toggleCheck('1')
    s().checkRangeTo('3')
    expect(s().checkedJobs.map((j) => j.job_id)).toEqual(['1', '2', '3'])
    s().toggleCheck('2')
    expect(s().checkedJobs.map((j) => j.job_id)).toEqual(['1', '3'])
    s().toggleCheck('404')
    expect(s().checkedJobs).toHaveLength(2)
    s().setQuery({ filter: 'overdue' })
    expect(s().checkedJobs).toHaveLength(2)
    s().setQuery({ tab: 'declined' })
    expect(s().checkedJobs).toEqual([])
  })

  it('runs a confirmed action with trimmed text, unticks the jobs it acted on and fetches the list again', async () => {
    const { s, bridge } = await signedInStore(
      fakeBridge({
        declineJobs: async ({ jobIds }) => answer(jobIds, 'declined'),
        completeJobs: async ({ jobIds }) => answer(jobIds, 'completed'),
      }),
    )
    s().checkPage(true)
    const listCalls = bridge.callsOf('listJobs').length
    const outcome = await s().runJobAction('decline', { jobIds: ['1', '2'], reason: '  Booked that day.  ' })
    expect(outcome).toEqual({ ok: true, value: answer(['1', '2'], 'declined') })
    expect(bridge.callsOf('declineJobs')).toEqual([{ jobIds: ['1', '2'], reason: 'Booked that day.' }])
    expect(s().checkedJobs.map((j) => j.job_id)).toEqual(['3'])
    await settle()
    expect(bridge.callsOf('listJobs').length).toBe(listCalls + 1)
    await s().runJobAction('complete', { jobIds: ['3'], note: '   ' })
    expect(bridge.callsOf('completeJobs')).toEqual([{ jobIds: ['3'], note: null }])
  })

  it('keeps the ticks and says why when main refuses the action', async () => {
    const { s } = await signedInStore(
      fakeBridge({
        acceptJobs: async () =>
          Promise.reject(new Error('Job 2 cannot be accepted: it is declined (stage declined). Nothing was changed.')),
      }),
    )
    s().checkPage(true)
    const outcome = await s().runJobAction('accept', { jobIds: ['1', '2'] })
    expect(outcome).toEqual({
      ok: false,
      error: 'Job 2 cannot be accepted: it is declined (stage declined). Nothing was changed.',
    })
    expect(s().checkedJobs).toHaveLength(3)
  })

  it('refuses a scripts PDF of more than 25 jobs before asking main, and passes files through', async () => {
    const { s, bridge } = await signedInStore(
      fakeBridge({
        scriptsPdf: async ({ jobIds }) => ({
          included: jobIds.slice(1),
          missing: [{ job_id: jobIds[0] ?? '', reason: 'no_pdf' }],
          savedPath: null,
          url: 'http://127.0.0.1:9/files/x',
          fileName: 'scripts.pdf',
        }),
        downloadAttachment: async () => ({ savedPath: '/home/maya/direction-notes.pdf', url: null }),
      }),
    )
    const tooMany = await s().makeScriptsPdf(Array.from({ length: 26 }, (_, i) => String(i + 1)))
    expect(tooMany).toEqual({ ok: false, error: 'A scripts PDF can hold at most 25 jobs; 26 are selected.' })
    expect(bridge.callsOf('scriptsPdf')).toEqual([])
    const made = await s().makeScriptsPdf(['1', '2'])
    expect(made.ok && made.value.missing).toEqual([{ job_id: '1', reason: 'no_pdf' }])
    const saved = await s().downloadAttachment({ jobId: '1', attachmentId: '5', fileName: '  ' })
    expect(saved).toEqual({ ok: true, value: { savedPath: '/home/maya/direction-notes.pdf', url: null } })
    expect(bridge.callsOf('downloadAttachment')).toEqual([{ jobId: '1', attachmentId: '5', fileName: 'attachment-5' }])
  })
})
