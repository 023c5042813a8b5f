/** Everything about one job: header, warnings, the script with its pronunciations and directions, history. */
import type { JobView } from '../../../shared/bridge'
import { useBooth } from '../store/store-context'
import { JobHeader } from './JobHeader'
import { DeliverNoticeBlock } from './DeliverNoticeBlock'
import { ChangesRequestNote } from './ChangesRequestNote'
import { ScriptChangePanel } from './ScriptChangePanel'
import { ScriptPanel } from './ScriptPanel'
import { PronunciationList } from './PronunciationList'
import { DirectionsPanel } from './DirectionsPanel'
import { JobPossibilities } from './JobPossibilities'
import { OutcomeInfo } from './OutcomeInfo'
import { AttachmentList } from './AttachmentList'
// Takes area (recorder, takes, delivery queue, delivered takes with their check): renderer/src/takes.
import { TakesColumn } from '../takes/TakesColumn'
import { JobTimeline } from './JobTimeline'
import { CachedJobNote } from './CachedJobNote'
import { PanelBoundary } from './PanelBoundary'

export function JobDetailView({ view, error }: { view: JobView; error: string | null }) {
  const today = useBooth((s) => s.jobList?.today ?? new Date().toISOString().slice(0, 10))
  const job = view.job
  return (
    <section className="job-pane" aria-labelledby="job-title">
      <JobHeader job={job} today={today} />
      <div className="job-body">
        <CachedJobNote view={view} />
        {error && <div className="notice notice-danger" role="alert">{error}</div>}
        <DeliverNoticeBlock notice={job.deliver_notice} />
        <OutcomeInfo job={job} />
        {job.changes_request && <ChangesRequestNote request={job.changes_request} today={today} />}
        {job.script_change && <PanelBoundary name="script change" resetKey={job.job_id}><ScriptChangePanel change={job.script_change} /></PanelBoundary>}
        <div className="job-columns">
          <div className="job-main">
            <PanelBoundary name="script" resetKey={job.job_id}><ScriptPanel job={job} documentPath={view.scriptDocumentPath} /></PanelBoundary>
          </div>
          <div className="job-side">
            <TakesColumn job={job} />
            <PronunciationList list={job.pronunciations} />
            <DirectionsPanel directions={job.directions} />
            <JobPossibilities job={job} />
            <AttachmentList jobId={job.job_id} attachments={job.attachments_detail} />
            <JobTimeline entries={job.timeline} />
          </div>
        </div>
      </div>
    </section>
  )
}
