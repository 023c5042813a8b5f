/** Every state change appends one timeline entry; the list keeps the newest 100 (the API reference's maximum). */
import type { Actor, JobRecord, TimelineKind } from './state'

export const TIMELINE_MAX = 100

export function addTimeline(job: JobRecord, at: number, actor: Actor, kind: TimelineKind, label: string): void {
  job.timeline.push({ at, actor, kind, label })
  if (job.timeline.length > TIMELINE_MAX) job.timeline.splice(0, job.timeline.length - TIMELINE_MAX)
}
