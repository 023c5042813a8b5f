/**
 * Reading on a plane: after jobs were opened and polls prefetched every pending script, the sandbox is
 * stopped and the core answers from its offline cache, with real PDF files on disk. The prefetch uses
 * POST /scripts/pdf, so a job never opened stays "unopened" for the producer.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JobListView } from '../../shared/bridge'
import {
  makeCore,
  PENDING,
  pollOnce,
  removeTempDirs,
  startTestSandbox,
  tempDir,
  waitFor,
  type TestCore,
  type TestSandbox,
} from './harness'

const KEY = 'offline-key-0123456789'
let sandbox: TestSandbox
let t: TestCore
let dataDir: string

beforeAll(async () => {
  sandbox = await startTestSandbox({ dataDir: await tempDir('offline-sandbox'), keys: [{ token: KEY, scopes: '*' }] })
  dataDir = await tempDir('offline-core')
  t = await makeCore({ dataDir })
  await t.core.start({ autoDemo: false })
})
afterAll(async () => {
  await t.core.close()
  await sandbox.close()
  await removeTempDirs()
})

async function startsWithPdf(path: string | null): Promise<boolean> {
  if (!path) return false
  const bytes = await readFile(path)
  return bytes.subarray(0, 5).toString('latin1') === '%PDF-'
}

function pendingJobs() {
  return sandbox.world.state().jobs.filter((j) => j.status === 'pending')
}

describe('offline reading', () => {
  it('answers the list and opened jobs from the cache, with every pending script as a real PDF', async () => {
    const pending = pendingJobs()
    const docJob = pending.find((j) => j.script.kind === 'document' && j.script.document?.pdf && !j.unopened)
    const typedJob = pending.find((j) => j.script.kind === 'typed' && !j.unopened)
    const unopened = pending.filter((j) => j.unopened && j.script.kind !== 'none')
    const noPdf = pending.find((j) => j.script.kind === 'document' && !j.script.document?.pdf)
    if (!docJob || !typedJob || unopened.length === 0 || !noPdf)
      throw new Error('the seed world lacks the jobs this test needs')

    await t.core.handlers.signIn({ baseUrl: sandbox.url, apiKey: KEY })
    await waitFor('the first poll', () => t.eventsOf('jobs').length >= 1)

    const doc = await t.core.handlers.getJob({ jobId: docJob.job_id })
    expect(doc.source).toBe('live')
    expect(doc.job.script.kind).toBe('document')
    expect(await startsWithPdf(doc.scriptDocumentPath)).toBe(true)
    const typed = await t.core.handlers.getJob({ jobId: typedJob.job_id })
    expect(typed.job.script.kind).toBe('typed')
    expect(await startsWithPdf(typed.scriptDocumentPath)).toBe(true)
    // A document with no PDF version: nothing to keep, and no wasted download of the original.
    const rtf = await t.core.handlers.getJob({ jobId: noPdf.job_id })
    expect(rtf.scriptDocumentPath).toBeNull()
    expect(t.logged.filter((e) => e.level !== 'info' && e.level !== 'debug')).toEqual([])

    // Polls prefetch a few scripts each, until every pending script that has a PDF is kept.
    const withPdf = pending.filter(
      (j) => j.script.kind === 'typed' || (j.script.kind === 'document' && j.script.document?.pdf),
    )
    await waitFor(
      'every pending script to be cached',
      async () => {
        const answer = await t.core.handlers.listPendingScripts({ jobIds: withPdf.map((j) => j.job_id) })
        if (answer.every((a) => a.cached)) return true
        await pollOnce(t)
        return false
      },
      8_000,
    )
    expect(await t.core.handlers.listPendingScripts({ jobIds: [noPdf.job_id] })).toEqual([
      { jobId: noPdf.job_id, cached: false },
    ])
    for (const job of unopened) {
      expect(await startsWithPdf(join(dataDir, 'cache', 'scripts', `${job.job_id}.pdf`))).toBe(true)
      const meta = JSON.parse(await readFile(join(dataDir, 'cache', 'scripts', `${job.job_id}.json`), 'utf8'))
      expect(meta).toMatchObject({ jobId: job.job_id, source: 'scripts_pdf' })
      // The prefetch did not tell the producer the job was seen.
      expect(sandbox.world.state().jobs.find((j) => j.job_id === job.job_id)?.unopened).toBe(true)
    }
    const live: JobListView = await t.core.handlers.listJobs(PENDING)
    expect(live.source).toBe('live')

    await sandbox.close()

    const list = await t.core.handlers.listJobs(PENDING)
    expect(list.source).toBe('cache')
    expect(list.fetchedAt).toBe(live.fetchedAt)
    expect(list.items.map((j) => j.job_id)).toEqual(live.items.map((j) => j.job_id))
    expect(list.counts).toEqual(live.counts)

    const docOffline = await t.core.handlers.getJob({ jobId: docJob.job_id })
    expect(docOffline).toMatchObject({ source: 'cache', fetchedAt: doc.fetchedAt })
    expect(docOffline.job.job_id).toBe(docJob.job_id)
    expect(await startsWithPdf(docOffline.scriptDocumentPath)).toBe(true)
    const typedOffline = await t.core.handlers.getJob({ jobId: typedJob.job_id })
    expect(typedOffline.source).toBe('cache')
    expect(typedOffline.job.script.text).toBe(typed.job.script.text)
    expect(await startsWithPdf(typedOffline.scriptDocumentPath)).toBe(true)

    // A job never opened has no saved details: a plain refusal, while its script PDF stays readable.
    const first = unopened[0]?.job_id ?? ''
    await expect(t.core.handlers.getJob({ jobId: first })).rejects.toMatchObject({
      kind: 'offline',
      message: 'Booth cannot reach the service and has no saved copy of this job yet.',
    })
    expect(await t.core.handlers.listPendingScripts({ jobIds: [first] })).toEqual([{ jobId: first, cached: true }])
  })
})
