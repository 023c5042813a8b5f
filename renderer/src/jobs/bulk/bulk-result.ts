/** What a bulk action did, ready to be shown: one line per job, in words. */
import type { JobActionResult, JobSummary, ScriptsPdfResult } from '../../../../shared/bridge'
import { jobName, missingReasonWords, outcomeWords } from '../../ui/format/action-words'
import type { DownloadState } from '../../ui/downloads/SavedFileNote'

export type BulkResult =
  | {
      kind: 'action'
      action: 'accept' | 'decline'
      rows: Array<{ jobId: string; name: string; words: string }>
      replayed: boolean
    }
  | {
      kind: 'scriptsPdf'
      included: number
      asked: number
      fileName: string
      missing: Array<{ jobId: string; name: string; reason: string }>
      download: DownloadState
    }

function nameOf(jobs: readonly JobSummary[], jobId: string, fallback?: JobSummary): string {
  const job = jobs.find((j) => j.job_id === jobId) ?? fallback
  return job ? jobName(job) : `Job ${jobId}`
}

export function actionResult(
  action: 'accept' | 'decline',
  asked: readonly JobSummary[],
  answer: JobActionResult,
): BulkResult {
  return {
    kind: 'action',
    action,
    replayed: answer.replayed,
    rows: answer.results.map((r) => ({
      jobId: r.job_id,
      name: nameOf(asked, r.job_id, r.job),
      words: outcomeWords(r.outcome),
    })),
  }
}

export function scriptsPdfResult(
  asked: readonly JobSummary[],
  answer: ScriptsPdfResult,
  download: DownloadState,
): BulkResult {
  return {
    kind: 'scriptsPdf',
    included: answer.included.length,
    asked: asked.length,
    fileName: answer.fileName,
    missing: answer.missing.map((m) => ({
      jobId: m.job_id,
      name: nameOf(asked, m.job_id),
      reason: missingReasonWords(m.reason),
    })),
    download,
  }
}
