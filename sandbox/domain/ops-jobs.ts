/** Reading jobs: listJobs and getJob (reading the detail clears `unopened` and moves sent → viewed). */
import type { OperationContext, OperationInput } from '../seam'
import { linkedBlob } from './blobs'
import type { WorldCore } from './core'
import { listJobs, type JobQuery } from './job-list'
import { jobDetail, type DocumentLinks } from './job-view'
import type { JobRecord } from './state'
import { addTimeline } from './timeline'

function pdfName(fileName: string): string {
  return fileName.replace(/\.[^.]*$/, '') + '.pdf'
}

export function documentLinks(core: WorldCore, job: JobRecord, ctx: OperationContext): DocumentLinks | null {
  const doc = job.script.document
  if (!doc) return null
  const now = ctx.now()
  const download = core.links.issue(() => linkedBlob(doc.file, doc.file_name), ctx.baseUrl(), now)
  const pdf = doc.pdf ? core.links.issue(() => linkedBlob(doc.pdf!, pdfName(doc.file_name)), ctx.baseUrl(), now) : null
  const preview = doc.pdf
    ? core.links.issue(() => linkedBlob(doc.pdf!, pdfName(doc.file_name)), ctx.baseUrl(), now)
    : null
  return {
    download_url: download.url,
    pdf_url: pdf?.url ?? null,
    preview_url: preview?.url ?? null,
    expires_at: download.expires_at,
  }
}

export function jobReadOperations(core: WorldCore) {
  return {
    listJobs: (input: OperationInput, ctx: OperationContext) => {
      const now = ctx.now()
      core.advance(now)
      const q = input.query
      const query: JobQuery = {
        tab: (q.tab as JobQuery['tab'] | undefined) ?? 'pending',
        filter: (q.filter as JobQuery['filter'] | undefined) ?? 'all',
        customer_id: (q.customer_id as string | null | undefined) ?? null,
        voice_id: (q.voice_id as string | null | undefined) ?? null,
        q: (q.q as string | null | undefined) ?? null,
        page: (q.page as number | undefined) ?? 1,
        page_size: (q.page_size as number | undefined) ?? 25,
      }
      return listJobs(core.state.jobs, query, core.view(now))
    },

    getJob: async (input: OperationInput, ctx: OperationContext) => {
      const now = ctx.now()
      core.advance(now)
      const id = input.params.job_id ?? ''
      const found = core.job(id)
      if (found.unopened || (found.stage === 'sent' && found.status === 'pending')) {
        await core.mutate(() => {
          const job = core.job(id)
          job.unopened = false
          if (job.stage === 'sent' && job.status === 'pending') {
            job.stage = 'viewed'
            addTimeline(job, now, 'talent', 'viewed', 'Opened')
          }
        })
      }
      const job = core.job(id)
      return { job: jobDetail(job, core.view(now), documentLinks(core, job, ctx)) }
    },
  }
}
