/**
 * "Place pickups…" on a take: the job's pickup takes (recorded with the label Pickup, or dropped and
 * labelled so) to choose from, then Booth places each where it belongs by the script as a new version.
 * A pickup that matches no sentence is refused with main's sentence naming it; nothing changes then.
 */
import { useState } from 'react'
import type { JobDetail } from '../../../../shared/bridge'
import type { TakeView } from '../../../../shared/bridge-takes'
import { MAX_PICKUPS } from '../../../../shared/bridge-versions'
import { takeName } from '../take-numbers'
import { useTakes } from '../takes-store'
import { useVersionsStore } from './versions-store'

export function PlacePickups({ job, take, busy }: { job: JobDetail; take: TakeView; busy: boolean }) {
  const store = useVersionsStore()
  const all = useTakes((s) => s.byJob[job.job_id]?.takes ?? [])
  const pickups = all
    .filter((t) => t.label === 'pickup' && t.state === 'ready' && t.id !== take.id)
    .sort((a, b) => a.take_number - b.take_number)
  const [open, setOpen] = useState(false)
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set())
  if (pickups.length === 0) return null
  const chosen = pickups.filter((p) => !left.has(p.id)).slice(0, MAX_PICKUPS)
  const name = takeName(take)
  const toggle = (id: string) =>
    setLeft((s) => {
      const next = new Set(s)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  const place = async () => {
    if (
      await store.getState().placePickups(
        take.id,
        chosen.map((p) => p.id),
      )
    )
      setOpen(false)
  }
  if (!open) {
    return (
      <button type="button" className="btn btn-small ver-place-open" disabled={busy} onClick={() => setOpen(true)}>
        Place pickups…
      </button>
    )
  }
  return (
    <fieldset className="ver-place" disabled={busy}>
      <legend className="small">Pickups to place into {name}</legend>
      {pickups.map((p, i) => (
        <label key={p.id} className="ver-check small">
          {/* Opening the choice puts the focus on it, so the keyboard goes on from here. */}
          <input type="checkbox" autoFocus={i === 0} checked={!left.has(p.id)} onChange={() => toggle(p.id)} />
          {takeName(p)}
        </label>
      ))}
      <div className="row-gap">
        <button
          type="button"
          className="btn btn-small btn-primary"
          disabled={chosen.length === 0}
          onClick={() => void place()}
        >
          Place {chosen.length} pickup{chosen.length === 1 ? '' : 's'}
        </button>
        <button type="button" className="btn btn-small btn-quiet" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </fieldset>
  )
}
