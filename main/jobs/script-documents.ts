/**
 * Keeps a local PDF of each job's script so it can be read offline. A document script's own PDF is fetched
 * from its short-lived link while it is valid; a typed script, or a pending job not opened yet, is fetched
 * through POST /scripts/pdf — which, unlike GET /jobs/{id}, does not mark the job as viewed for the producer.
 */
import type { TalentClient } from '../api/client'
import { streamDownload, type DownloadOptions } from '../api/stream-download'
import type { JobDetail, JobSummary } from '../../shared/bridge'
import type { OfflineCache } from './offline-cache'

const MAX_PDF_BYTES = 50 * 1024 * 1024
const SCRIPT_CHANGED_REFRESH_MS = 60 * 60_000
const NO_PDF_RETRY_MS = 60 * 60_000

/**
 * A script PDF from its short-lived link, streamed with connect and idle timeouts and refused once past
 * 50 MB (main/api/stream-download.ts), so at most the cap is ever held; the offline cache then writes it.
 */
export async function downloadPdf(url: string, options: Partial<DownloadOptions> = {}): Promise<Uint8Array> {
  const chunks: Uint8Array[] = []
  const result = await streamDownload(
    url,
    async (chunk) => {
      chunks.push(chunk)
    },
    { maxBytes: MAX_PDF_BYTES, ...options },
  )
  if (result.status < 200 || result.status > 299) {
    throw new Error(
      result.status === 410 ? 'the script link has expired' : `the script link answered HTTP ${result.status}`,
    )
  }
  const bytes = Buffer.concat(chunks)
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error('the script link did not give a PDF')
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}

/** Caches the opened job's script PDF unless the cached copy is of the same revision. Returns its path or null. */
export async function cacheOpenedJobScript(
  job: JobDetail,
  cache: OfflineCache,
  client: TalentClient,
  now: number,
): Promise<string | null> {
  if (job.script.kind === 'none') return null
  const revisionId = job.script.revision_id
  const cached = await cache.scriptPdf(job.job_id)
  if (cached && cached.meta.revisionId === revisionId) return cached.path
  const doc = job.script.document
  // Only the PDF version will do: the original (RTF, Word…) is not a PDF, and the service's scripts
  // PDF then says why it has none (no_pdf) instead of Booth downloading a whole document to refuse it.
  const pdfUrl = doc?.pdf_url ?? null
  const linkValid = doc && (doc.expires_at === null || doc.expires_at > now)
  if (job.script.kind === 'document' && pdfUrl && linkValid) {
    const bytes = await downloadPdf(pdfUrl)
    return cache.saveScriptPdf({ jobId: job.job_id, source: 'document', revisionId, fetchedAt: now }, bytes)
  }
  return cacheViaScriptsPdf(job.job_id, revisionId, cache, client, now)
}

async function cacheViaScriptsPdf(
  jobId: string,
  revisionId: string | null,
  cache: OfflineCache,
  client: TalentClient,
  now: number,
): Promise<string | null> {
  const answer = await client.scriptsPdf({ job_ids: [jobId] })
  if (!answer.url || !answer.included.includes(jobId)) return cached(cache, jobId)
  const bytes = await downloadPdf(answer.url)
  return cache.saveScriptPdf({ jobId, source: 'scripts_pdf', revisionId, fetchedAt: now }, bytes)
}

async function cached(cache: OfflineCache, jobId: string): Promise<string | null> {
  return (await cache.scriptPdf(jobId))?.path ?? null
}

/**
 * For pending jobs with a script and no local copy (or whose script changed), fetch a few per poll so
 * every pending job's script becomes readable offline without a burst of requests.
 */
export async function prefetchPendingScripts(
  items: JobSummary[],
  cache: OfflineCache,
  client: TalentClient,
  now: number,
  /** Jobs the service said have no PDF, and until when not to ask again (kept by the caller between polls). */
  noPdfUntil: Map<string, number> = new Map(),
  limit = 4,
): Promise<number> {
  let fetched = 0
  for (const job of items) {
    if (fetched >= limit) break
    if (job.status !== 'pending' || !job.has_script) continue
    const hit = await cache.scriptPdf(job.job_id)
    // A changed script stays flagged until the producer's side clears it; refresh such a copy hourly at most.
    if (hit && (!job.script_changed || now - hit.meta.fetchedAt < SCRIPT_CHANGED_REFRESH_MS)) continue
    if ((noPdfUntil.get(job.job_id) ?? 0) > now) continue
    const path = await cacheViaScriptsPdf(job.job_id, hit?.meta.revisionId ?? null, cache, client, now)
    // A job whose script has no PDF (yet) is asked about again only after a while, so it cannot take a
    // prefetch slot on every poll and starve the others.
    if (!path) noPdfUntil.set(job.job_id, now + NO_PDF_RETRY_MS)
    else noPdfUntil.delete(job.job_id)
    fetched += 1
  }
  return fetched
}
