/**
 * createScriptsPdf: one real PDF holding the scripts of the chosen jobs, in the order asked, served
 * through a short-lived link. Typed scripts are laid out as text pages (title: advertiser and key number);
 * document scripts contribute their PDF's own pages. A job is left out, with its reason, when it has no
 * script (no_script), its document has no PDF version (no_pdf), or its PDF cannot be merged
 * (not_mergeable). An unknown job id answers 404 not_found. With nothing to include, url and expires_at
 * are null.
 */
import { SandboxError, type OperationContext, type OperationInput } from '../seam'
import { renderBlob } from './blobs'
import type { WorldCore } from './core'
import { mergePdfs, NotMergeableError } from './pdf-merge'
import { textPdf } from './pdf-writer'
import type { JobRecord } from './state'
import { suggestedStem } from './job-rules'

type Reason = 'no_script' | 'no_pdf' | 'not_mergeable'

function scriptPdf(job: JobRecord): Uint8Array | Reason {
  const script = job.script
  if (script.kind === 'none') return 'no_script'
  if (script.kind === 'typed') {
    return textPdf({
      title: `${job.advertiser}: ${job.key_number}`,
      subtitle: `${job.length_s} s · revision ${script.revision_id ?? '-'}`,
      body: script.text,
    })
  }
  const pdf = script.document?.pdf
  if (!pdf) return 'no_pdf'
  const body = renderBlob(pdf)
  return body instanceof Uint8Array ? body : 'not_mergeable'
}

export function scriptsPdfOperation(core: WorldCore) {
  return {
    createScriptsPdf: (input: OperationInput, ctx: OperationContext) => {
      const ids = (input.body as { job_ids?: string[] } | undefined)?.job_ids
      if (!Array.isArray(ids) || ids.length === 0) {
        throw new SandboxError(400, 'bad_request', 'job_ids must list 1 to 25 job ids.')
      }
      const unique = [...new Set(ids)]
      const jobs = unique.map((id) => core.job(id))
      const included: string[] = []
      const missing: { job_id: string; reason: Reason }[] = []
      const parts: Uint8Array[] = []
      for (const job of jobs) {
        const pdf = scriptPdf(job)
        if (typeof pdf === 'string') {
          missing.push({ job_id: job.job_id, reason: pdf })
          continue
        }
        try {
          mergePdfs([pdf], 'probe') // refuse a PDF we cannot read before it spoils the whole merge
          parts.push(pdf)
          included.push(job.job_id)
        } catch (err) {
          if (!(err instanceof NotMergeableError)) throw err
          missing.push({ job_id: job.job_id, reason: 'not_mergeable' })
        }
      }
      const now = ctx.now()
      const fileName =
        jobs.length === 1 && jobs[0] ? `${suggestedStem(jobs[0])}_script.pdf` : `scripts_${included.length}_jobs.pdf`
      if (parts.length === 0) return { url: null, expires_at: null, file_name: fileName, included, missing }
      const merged = mergePdfs(parts, `Booth scripts (${included.length})`)
      const link = core.links.issue({ contentType: 'application/pdf', fileName, body: merged }, ctx.baseUrl(), now)
      return { url: link.url, expires_at: link.expires_at, file_name: fileName, included, missing }
    },
  }
}
