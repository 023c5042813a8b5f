/**
 * Files dragged from the desktop onto the open job — or onto a job's row in the list — become takes of
 * that job. The page never navigates to a dropped file; a drop anywhere else is ignored.
 */
import { useEffect } from 'react'
import { scriptReadOf, type ScriptRead } from '../../../shared/bridge-takes'
import type { JobDetail } from '../../../shared/bridge'
import { dragHasFiles } from './dropped-files'

const ROW_ID = /^job-row-([1-9][0-9]{0,9})$/

/** The job a drop on this element is for: a job row's job, the open job inside the job pane, else null. */
export function dropJobFor(target: EventTarget | null, openJobId: string | null): string | null {
  const el = target as Element | null
  if (!el || typeof el.closest !== 'function') return null
  const row = el.closest('.job-row, [id^="job-row-"]')
  const rowJob = row ? ROW_ID.exec(row.id)?.[1] : undefined
  if (rowJob) return rowJob
  return el.closest('.job-pane') ? openJobId : null
}

/**
 * The script a take dropped on `jobId` is read from: the revision and text on screen at the moment of the
 * drop, when that job is the one shown; undefined otherwise (main then uses its saved copy of the job).
 */
export function scriptAtDrop(
  jobId: string,
  shown: { job: Pick<JobDetail, 'job_id' | 'script'> } | null,
): ScriptRead | undefined {
  return shown && shown.job.job_id === jobId ? scriptReadOf(shown.job.script) : undefined
}

/**
 * Listens on the whole page (mounted once by the jobs area, so a row takes drops even with no job open)
 * and reports the job a drag is over through `setOver`, for the drop hint.
 */
export function useTakeDrops(
  openJobId: string | null,
  onFiles: (jobId: string, files: File[]) => void,
  setOver: (jobId: string | null) => void,
): void {
  useEffect(() => {
    let depth = 0
    const files = (e: DragEvent) => dragHasFiles(Array.from(e.dataTransfer?.types ?? []))
    const onEnter = (e: DragEvent) => {
      if (!files(e)) return
      depth++
      setOver(dropJobFor(e.target, openJobId))
    }
    const onOver = (e: DragEvent) => {
      if (!files(e)) return
      e.preventDefault()
      const job = dropJobFor(e.target, openJobId)
      if (e.dataTransfer) e.dataTransfer.dropEffect = job ? 'copy' : 'none'
      setOver(job)
    }
    const onLeave = (e: DragEvent) => {
      if (!files(e)) return
      depth = Math.max(0, depth - 1)
      if (depth === 0) setOver(null)
    }
    const onDrop = (e: DragEvent) => {
      if (!files(e)) return
      e.preventDefault()
      depth = 0
      setOver(null)
      const job = dropJobFor(e.target, openJobId)
      const dropped = Array.from(e.dataTransfer?.files ?? [])
      if (job && dropped.length) onFiles(job, dropped)
    }
    document.addEventListener('dragenter', onEnter)
    document.addEventListener('dragover', onOver)
    document.addEventListener('dragleave', onLeave)
    document.addEventListener('drop', onDrop)
    return () => {
      document.removeEventListener('dragenter', onEnter)
      document.removeEventListener('dragover', onOver)
      document.removeEventListener('dragleave', onLeave)
      document.removeEventListener('drop', onDrop)
    }
  }, [openJobId, onFiles, setOver])
}
