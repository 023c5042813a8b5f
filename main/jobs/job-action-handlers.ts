/**
 * Bridge handlers for what a person does to jobs — accept, decline, complete (each confirmed on screen
 * before the call) — and for the documents a job carries: its script PDF (offline copy first), the merged
 * scripts PDF and attachments (saved where the person chooses, or handed to the browser in the web host).
 */
import { randomBytes } from 'node:crypto'
import { mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { TalentClient } from '../api/client'
import { newIdempotencyKey } from '../api/idempotency'
import type { BridgeHandlers } from '../bridge/dispatch'
import { UserFacingError } from '../bridge/describe-error'
import type { JobActionResult } from '../../shared/bridge'
import { safeFileName } from '../storage/safe-file-name'
import { downloadToFile } from './download-file'
import type { JobsService } from './jobs-service'
import type { OfflineCache } from './offline-cache'

type Handled = 'acceptJobs' | 'declineJobs' | 'completeJobs' | 'getScriptPdf' | 'scriptsPdf' | 'downloadAttachment'

export interface JobActionDeps {
  client: () => TalentClient | null
  cache: OfflineCache
  jobs: JobsService
  /** Desktop: ask where to save (null when the person cancels). Absent in the web host. */
  chooseSavePath?: (suggestedName: string) => Promise<string | null>
  /**
   * Web host: the file is fetched into the cache and handed to the browser from Booth's own address as
   * a download (a link on another origin would only open in a tab). `mediaUrl` makes that address.
   */
  downloads?: { dir: string; mediaUrl: (path: string) => string }
  /** After a change: refresh the list and the open job. */
  afterChange: () => void
  /** Whether the service answered the last time Booth asked (a saved copy is then also the current one). */
  serviceReachable: () => boolean
}

function results(answer: {
  results: Array<{ job_id: string; outcome: string; job: JobActionResult['results'][number]['job'] }>
  replayed: boolean
}): JobActionResult {
  return {
    results: answer.results.map(({ job_id, outcome, job }) => ({ job_id, outcome, job })),
    replayed: answer.replayed,
  }
}

export function createJobActionHandlers(deps: JobActionDeps): Pick<BridgeHandlers, Handled> {
  /** Where the file goes: a path the person chose (desktop), or a same-origin download link (web host). */
  const deliverFile = async (
    link: string,
    fileName: string,
  ): Promise<{ savedPath: string | null; url: string | null }> => {
    if (deps.chooseSavePath) {
      const path = await deps.chooseSavePath(fileName)
      if (path) await downloadToFile(link, path)
      return { savedPath: path, url: null }
    }
    if (!deps.downloads) return { savedPath: null, url: link }
    const dir = join(deps.downloads.dir, randomBytes(8).toString('hex'))
    await mkdir(dir, { recursive: true })
    const path = join(dir, safeFileName(fileName))
    await downloadToFile(link, path)
    return { savedPath: null, url: `${deps.downloads.mediaUrl(path)}?download=1` }
  }

  const api = (): TalentClient => {
    const client = deps.client()
    if (!client) throw new UserFacingError('signed_out', 'Sign in or start the demo first.', 401)
    return client
  }
  // Each confirmed action gets one new key; the client reuses it on every retry of that action.
  const act = async (run: (idempotencyKey: string) => Promise<Parameters<typeof results>[0]>) => {
    const answer = results(await run(newIdempotencyKey()))
    deps.afterChange()
    return answer
  }

  return {
    acceptJobs: ({ jobIds }) => act((idempotencyKey) => api().accept({ job_ids: jobIds }, { idempotencyKey })),
    declineJobs: ({ jobIds, reason }) =>
      act((idempotencyKey) => api().decline({ job_ids: jobIds, reason }, { idempotencyKey })),
    completeJobs: ({ jobIds, note }) =>
      act((idempotencyKey) => api().complete({ job_ids: jobIds, note }, { idempotencyKey })),

    getScriptPdf: async ({ jobId }) => {
      let hit = await deps.cache.scriptPdf(jobId)
      // Opening a job refreshes its saved PDF whenever the script's revision changes, so while the service
      // answers the saved copy is the current one; only when it does not is this an offline copy.
      let source: 'live' | 'cache' = deps.serviceReachable() ? 'live' : 'cache'
      if (!hit) {
        const view = await deps.jobs.getJob(jobId)
        source = view.source
        hit = await deps.cache.scriptPdf(jobId)
      }
      if (!hit) throw new UserFacingError('no_script_pdf', 'This job has no script PDF to show.', 404)
      const cachedJob = await deps.cache.loadJob(jobId)
      const fileName = cachedJob?.job.script.document?.file_name ?? `script-${jobId}.pdf`
      const bytes = await readFile(hit.path)
      return { jobId, fileName, base64: bytes.toString('base64'), source, fetchedAt: hit.meta.fetchedAt }
    },

    scriptsPdf: async ({ jobIds }) => {
      const answer = await api().scriptsPdf({ job_ids: jobIds })
      const base = { included: answer.included, missing: answer.missing, fileName: answer.file_name }
      if (!answer.url) return { ...base, savedPath: null, url: null }
      return { ...base, ...(await deliverFile(answer.url, answer.file_name)) }
    },

    downloadAttachment: async ({ attachmentId, fileName }) => {
      const link = await api().attachmentDownload(attachmentId)
      return deliverFile(link.url, fileName)
    },
  }
}
