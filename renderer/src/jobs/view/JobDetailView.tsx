/**
 * One job in reading mode: a short title bar, then the script in its own scroll area beside (or, in a
 * narrow pane, above) the recorder, which never scrolls away; the takes and everything else about the job
 * scroll in a third area, so however many takes there are the script and the record button stay in view.
 * Over the script: notices folded to one line each, then the directions, so the script keeps its lines.
 */
import { useRef } from 'react'
import type { JobView } from '../../../../shared/bridge'
import { useFocusWhenListFolds } from './use-focus-on-open'
import { useBooth } from '../../store/use-booth'
import { JobHeader } from './JobHeader'
import { JobFacts } from './JobFacts'
import { DeliverNoticeBlock } from '../../takes/delivery/DeliverNoticeBlock'
import { ChangesRequestNote } from './ChangesRequestNote'
import { changesRequestState } from './changes-request-state'
import { ScriptChangePanel } from '../../script/ScriptChangePanel'
import { ScriptPanel } from '../../script/ScriptPanel'
import { PronunciationList } from '../../script/PronunciationList'
import { DirectionsPanel } from '../../script/DirectionsPanel'
import { JobPossibilities } from './JobPossibilities'
import { OutcomeInfo } from './OutcomeInfo'
import { AttachmentList } from './AttachmentList'
// Takes area (recorder, takes, delivery queue, delivered takes with their check): renderer/src/takes.
import { TakesColumn, TakesRecorder } from '../../takes/TakesColumn'
import { JobTimeline } from './JobTimeline'
import { CachedJobNote } from './CachedJobNote'
import { LeftOutNote } from './LeftOutNote'
import { PanelBoundary } from '../../ui/PanelBoundary'

export function JobDetailView({ view, error }: { view: JobView; error: string | null }) {
  const today = useBooth((s) => s.jobList?.today ?? new Date().toISOString().slice(0, 10))
  const job = view.job
  const request = changesRequestState(job)
  const scriptArea = useRef<HTMLDivElement>(null)
  useFocusWhenListFolds(scriptArea, job.job_id)
  return (
    <section className="job-pane job-reading" aria-labelledby="job-title">
      <JobHeader job={job} />
      <div className="reading-grid">
        <div ref={scriptArea} className="reading-script" tabIndex={-1} aria-label="Script and notes">
          <CachedJobNote view={view} />
          {error && (
            <div className="notice notice-danger" role="alert">
              {error}
            </div>
          )}
          <LeftOutNote job={job} />
          <DeliverNoticeBlock notice={job.deliver_notice} folded />
          <OutcomeInfo job={job} />
          {job.changes_request && request !== 'closed' && (
            <ChangesRequestNote request={job.changes_request} state={request} today={today} />
          )}
          {job.script_change && job.status === 'pending' && (
            <PanelBoundary name="script change" resetKey={job.job_id}>
              <ScriptChangePanel change={job.script_change} />
            </PanelBoundary>
          )}
          <DirectionsPanel directions={job.directions} />
          <PanelBoundary name="script" resetKey={job.job_id}>
            <ScriptPanel job={job} documentPath={view.scriptDocumentPath} />
          </PanelBoundary>
        </div>
        <div className="reading-recorder">
          <PanelBoundary name="recorder" resetKey={job.job_id}>
            <TakesRecorder job={job} />
          </PanelBoundary>
        </div>
        <div className="reading-side" tabIndex={-1} aria-label="Takes and job details">
          <TakesColumn job={job} />
          <JobFacts job={job} today={today} />
          <PronunciationList list={job.pronunciations} />
          <JobPossibilities job={job} />
          <AttachmentList jobId={job.job_id} attachments={job.attachments_detail} />
          <JobTimeline job={job} />
        </div>
      </div>
    </section>
  )
}
