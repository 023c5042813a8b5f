/**
 * The comp's place in the takes area: "Build a comp…" opens the grid once the job has two takes to
 * choose from; a comp being rendered shows its progress here too, after its dialog was closed.
 */
import { useState } from 'react'
import type { JobDetail } from '../../../../shared/bridge'
import { useTakes } from '../takes-store'
import { CompGrid } from './CompGrid'
import { VersionWorkStatus } from './VersionWorkStatus'
import { compKey } from './versions-store'
import './versions.css'

export function CompSection({ job }: { job: JobDetail }) {
  const ready = useTakes((s) => (s.byJob[job.job_id]?.takes ?? []).filter((t) => t.state === 'ready').length)
  const [open, setOpen] = useState(false)
  if (ready < 2) return null
  return (
    <div className="comp-section">
      <button type="button" className="btn btn-small" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Build a comp…
      </button>
      {!open && <VersionWorkStatus workKey={compKey(job.job_id)} label="Comp under way" />}
      {open && <CompGrid job={job} onClose={() => setOpen(false)} />}
    </div>
  )
}
