/**
 * "Cut the false start" on a read-back finding that marks a restart (the talent stopped and read again):
 * one button per restart of the take's current read-back, each making a new version without it.
 */
import type { TakeView } from '../../../../shared/bridge-takes'
import { useReadback } from '../readback/readback-store'
import { restartWords } from './version-words'
import { useVersionsStore } from './versions-store'

export function CutFalseStart({ take, busy }: { take: TakeView; busy: boolean }) {
  const state = useReadback((s) => s.byTake[take.id])
  const store = useVersionsStore()
  const restarts =
    state?.status === 'done' && state.result
      ? state.result.check.issues.flatMap((i) => (i.restart ? [i.restart] : []))
      : []
  if (restarts.length === 0) return null
  return (
    <div className="ver-cuts" role="group" aria-label="False starts the read-back found">
      {restarts.map((r, i) => (
        <button
          key={`${r.from_s}-${i}`}
          type="button"
          className="btn btn-small btn-primary"
          disabled={busy}
          onClick={() => void store.getState().cutRestart(take.id, r)}
        >
          Cut the {restartWords(r)}
        </button>
      ))}
    </div>
  )
}
