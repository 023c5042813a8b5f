/**
 * A job with a damaged spare part (main/api/spare-parts.ts) through Booth's whole core, with answers that
 * Booth's fault proxy mangles from the real sandbox's: the job opens with its script and the plain notes,
 * the offline copy keeps it (notes and all) and shows it when the service cannot be reached; a row with a
 * damaged rate is a row of the list, not an unreadable one; a job that cannot be read at all is one plain
 * sentence, no field path.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { JobView } from '../../shared/bridge'
import { LEFT_OUT_FIELD } from '../../shared/api-read'
import { nullAt, setAt } from '../support/answer-mangling'
import { PENDING, type TestCore } from './harness'
import { useProxiedCore } from './proxied-core'

const KEY = 'spare-key-0123456789'
const booth = useProxiedCore('spare', KEY)
const signedIn = () => booth.signedIn()

/** A pending job of the seed world with at least one pronunciation and typed directions, as the sandbox sends it. */
async function jobWithPronunciations(t: TestCore): Promise<JobView['job']> {
  const { items } = await t.core.handlers.listJobs(PENDING)
  for (const item of items) {
    const res = await fetch(`${booth.sandbox.url}/api/v1/jobs/${item.job_id}`, {
      headers: { authorization: `Bearer ${KEY}` },
    })
    const { job } = (await res.json()) as { job: JobView['job'] }
    if (job.pronunciations.length > 1 && job.directions.text.trim() !== '' && job.script.text.trim() !== '') return job
  }
  throw new Error('the seed world has no pending job with two pronunciations and directions')
}

describe('a job with a damaged spare part', () => {
  it('opens with its script and the plain notes; the offline copy keeps it and shows it when the service is gone', async () => {
    const { t, dataDir } = await signedIn()
    const sent = await jobWithPronunciations(t)
    booth.proxy.addRule({
      method: 'GET',
      path: `/api/v1/jobs/${sent.job_id}`,
      fault: { type: 'mangle', mangles: [nullAt('/job/pronunciations/0/word'), setAt('/job/directions/html', 7)] },
    })
    const view = await t.core.handlers.getJob({ jobId: sent.job_id })
    expect(view.source).toBe('live')
    expect(view.job.script.text).toBe(sent.script.text)
    expect(view.job.pronunciations).toEqual(sent.pronunciations.slice(1))
    expect(view.job.directions).toEqual({ html: null, text: sent.directions.text })
    const notes = [
      "The directions' formatting could not be read; they are shown as plain text.",
      'One pronunciation from the producer could not be read and is not shown.',
    ]
    expect(view.job[LEFT_OUT_FIELD]).toEqual(notes)

    // Saved as shown, notes and all.
    const saved = JSON.parse(await readFile(join(dataDir, 'cache', 'jobs', `${sent.job_id}.json`), 'utf8')) as {
      job: JobView['job']
    }
    expect(saved.job[LEFT_OUT_FIELD]).toEqual(notes)
    expect(saved.job.script.text).toBe(sent.script.text)

    // The service is gone: the saved copy shows, with the same notes.
    booth.proxy.clearRules()
    booth.proxy.addRule({ method: 'GET', path: /^\/api\/v1\//, fault: { type: 'reset' } })
    const offline = await t.core.handlers.getJob({ jobId: sent.job_id })
    expect(offline.source).toBe('cache')
    expect(offline.job[LEFT_OUT_FIELD]).toEqual(notes)
    expect(offline.job.pronunciations).toEqual(sent.pronunciations.slice(1))
  })

  it('a row whose rate is damaged is a row of the list with its note, not an unreadable one', async () => {
    const { t } = await signedIn()
    booth.proxy.addRule({
      method: 'GET',
      path: /^\/api\/v1\/jobs$/,
      times: 1,
      fault: { type: 'mangle', mangles: [setAt('/items/1/rate', 'free')] },
    })
    const view = await t.core.handlers.listJobs({ ...PENDING, page_size: 50 })
    expect(view.unreadable ?? []).toEqual([])
    const row = view.items[1]
    expect(row?.rate).toBeNull()
    expect(row?.[LEFT_OUT_FIELD]).toEqual(['The rate could not be read and is not shown.'])
    expect(view.items[0]?.[LEFT_OUT_FIELD]).toBeUndefined()
  })

  it('a job that cannot be read at all, with no saved copy, is one plain sentence', async () => {
    const { t } = await signedIn()
    const { items } = await t.core.handlers.listJobs(PENDING)
    const jobId = items[items.length - 1]?.job_id ?? ''
    booth.proxy.addRule({
      method: 'GET',
      path: `/api/v1/jobs/${jobId}`,
      fault: { type: 'mangle', mangles: [nullAt('/job/script')] },
    })
    const err = await t.core.handlers.getJob({ jobId }).then(
      () => null,
      (e: unknown) => e as Error,
    )
    expect(err?.message).toBe(
      'This job cannot be shown: the service sent it in a form Booth cannot read. Your takes of ' +
        'it and the job list are kept. Try again later; if it stays like this, tell the producer.',
    )
  })
})
