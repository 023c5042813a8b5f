/**
 * Where pickups recorded elsewhere come in: audio dropped here (or chosen with the button) becomes takes
 * labelled Pickup, read from the script on screen, ready for "Place pickups…" on the take they fix.
 * A drop here stays here (the job's own drop would add plain takes).
 */
import { useRef, useState, type DragEvent } from 'react'
import type { JobDetail } from '../../../../shared/bridge'
import { scriptReadOf } from '../../../../shared/bridge-takes'
import { dragHasFiles } from '../dropped-files'
import { VersionWorkStatus } from './VersionWorkStatus'
import { pickupsKey, useVersionsStore } from './versions-store'

export function PickupDrop({ job }: { job: JobDetail }) {
  const store = useVersionsStore()
  const input = useRef<HTMLInputElement>(null)
  const [over, setOver] = useState(false)
  const add = (files: File[]) => {
    if (files.length) void store.getState().importPickups(job.job_id, files, scriptReadOf(job.script))
  }
  const hold = (e: DragEvent) => {
    if (!dragHasFiles(Array.from(e.dataTransfer.types))) return
    e.preventDefault()
    e.stopPropagation()
    e.dataTransfer.dropEffect = 'copy'
    setOver(true)
  }
  return (
    <div
      className={`pickup-drop${over ? ' is-over' : ''}`}
      onDragEnter={hold}
      onDragOver={hold}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        if (!dragHasFiles(Array.from(e.dataTransfer.types))) return
        e.preventDefault()
        e.stopPropagation()
        setOver(false)
        add(Array.from(e.dataTransfer.files))
      }}
    >
      <p className="small muted">Drop pickups recorded elsewhere here, or</p>
      <button type="button" className="btn btn-small" onClick={() => input.current?.click()}>
        Add pickup files…
      </button>
      <input
        ref={input}
        type="file"
        className="sr-only"
        tabIndex={-1}
        aria-label="Pickup files"
        accept="audio/*,.wav,.aif,.aiff,.flac,.mp3,.m4a"
        multiple
        onChange={(e) => {
          add(Array.from(e.target.files ?? []))
          e.target.value = ''
        }}
      />
      <VersionWorkStatus workKey={pickupsKey(job.job_id)} label="Adding pickups" />
    </div>
  )
}
