/**
 * "Cut the removed lines" beside a take read from an older script: when the producer's revision removed
 * lines the take's audio still reads, one button makes a version with them cut out (in pauses, by main's
 * cutting rules), read back against the current script. Main says which lines went (listRemovedLines),
 * asked again whenever the take's version or the job's script changes; none: nothing is offered.
 */
import { useEffect } from 'react'
import type { TakeView } from '../../../../shared/bridge-takes'
import { displayText } from '../../../../shared/display-text'
import { takeName } from '../take-numbers'
import { takeWork } from './version-keys'
import { useVersions, useVersionsStore } from './versions-store'

/** “Queen mattresses start at just $299.” (shortened past 60 characters). */
function quoted(text: string): string {
  const t = text.length > 60 ? `${text.slice(0, 59)}…` : text
  return `“${displayText(t)}”`
}

export function CutRemovedLines({ take, revisionId }: { take: TakeView; revisionId: string | null }) {
  const store = useVersionsStore()
  const { view, busy } = useVersions((s) => ({
    view: s.removed[take.id] ?? null,
    busy: s.busy[takeWork(take.id)] !== undefined,
  }))
  const version = take.current_version ?? 1
  useEffect(() => {
    void store.getState().loadRemoved(take.id)
  }, [store, take.id, version, revisionId])
  if (!view || view.takeId !== take.id || view.lines.length === 0) return null
  const n = view.lines.length
  const by = view.target_revision_number !== null ? `Revision ${view.target_revision_number}` : 'The current script'
  return (
    <div
      className="ver-cuts take-removed-lines"
      role="group"
      aria-label={`Lines the producer removed since ${takeName(take)} was read`}
    >
      <p className="small">
        {by} removed {n === 1 ? 'a line' : `${n} lines`} of the script this take was read from:{' '}
        {view.lines.map((l) => quoted(l.text)).join(', ')}.
      </p>
      <button
        type="button"
        className="btn btn-small btn-primary"
        disabled={busy}
        onClick={() => void store.getState().cutRemoved(take.id)}
      >
        Cut the removed {n === 1 ? 'line' : 'lines'}
      </button>
    </div>
  )
}
