/**
 * The jobs ticked for a bulk action (accept, decline, scripts PDF), kept in the order they were ticked.
 * Pure functions over lists of job summaries, so the rules are testable without a store or a DOM.
 */
import type { JobSummary } from '../../../shared/bridge'

export const BULK_LIMITS = { accept: 100, decline: 100, scriptsPdf: 25 } as const
export type BulkAction = keyof typeof BULK_LIMITS

export function isChecked(checked: readonly JobSummary[], jobId: string): boolean {
  return checked.some((j) => j.job_id === jobId)
}

export function toggleChecked(checked: readonly JobSummary[], job: JobSummary): JobSummary[] {
  return isChecked(checked, job.job_id) ? checked.filter((j) => j.job_id !== job.job_id) : [...checked, job]
}

/**
 * Shift-click: every job on the page between the anchor (the last job ticked or unticked) and `toId`,
 * inclusive, becomes ticked. Without an anchor on this page, only `toId` is ticked.
 */
export function checkRange(
  checked: readonly JobSummary[],
  page: readonly JobSummary[],
  anchorId: string | null,
  toId: string,
): JobSummary[] {
  const to = page.findIndex((j) => j.job_id === toId)
  if (to < 0) return [...checked]
  const from = anchorId === null ? -1 : page.findIndex((j) => j.job_id === anchorId)
  const [lo, hi] = from < 0 ? [to, to] : [Math.min(from, to), Math.max(from, to)]
  const out = [...checked]
  for (const job of page.slice(lo, hi + 1)) if (!isChecked(out, job.job_id)) out.push(job)
  return out
}

/** Ticks (or unticks) every job on the page, leaving jobs ticked on other pages as they are. */
export function setPageChecked(checked: readonly JobSummary[], page: readonly JobSummary[], on: boolean): JobSummary[] {
  if (!on) return checked.filter((j) => !page.some((p) => p.job_id === j.job_id))
  const out = [...checked]
  for (const job of page) if (!isChecked(out, job.job_id)) out.push(job)
  return out
}

/** Newer summaries (from a fresh list) replace the ticked copies, so names and stages stay current. */
export function refreshChecked(checked: readonly JobSummary[], page: readonly JobSummary[]): JobSummary[] {
  return checked.map((j) => page.find((p) => p.job_id === j.job_id) ?? j)
}

export function uncheck(checked: readonly JobSummary[], jobIds: readonly string[]): JobSummary[] {
  return checked.filter((j) => !jobIds.includes(j.job_id))
}

/** Why a bulk action cannot run on this many jobs (in words), or null when it can. */
export function bulkLimitProblem(action: BulkAction, count: number): string | null {
  const max = BULK_LIMITS[action]
  const what = action === 'scriptsPdf' ? 'A scripts PDF can hold' : `You can ${action}`
  if (count === 0) return 'Select at least one job first.'
  if (count > max) return `${what} at most ${max} jobs at once; ${count} are selected.`
  return null
}
