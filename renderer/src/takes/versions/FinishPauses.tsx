/**
 * The Finish panel's "Pauses" choice (issue 42 point 3): a take whose pauses are silence (gated) keeps its
 * silence, or gets the room tone of another take of the job, laid under it (main/finish/room-tone-source.ts).
 * Offered when the job has another take to lend it; a take with room tone of its own is refused it by main,
 * in one sentence, and nothing is made.
 */
import type { TakeView } from '../../../../shared/bridge-takes'
import { useTakes } from '../takes-store'

const NONE: TakeView[] = []

export interface FinishPausesProps {
  take: TakeView
  /** The take lending its room tone; undefined: the pauses stay as read. */
  value: string | undefined
  onChange: (roomToneTakeId: string | undefined) => void
}

export function FinishPauses({ take, value, onChange }: FinishPausesProps) {
  const others = useTakes((s) => s.byJob[take.job_id]?.takes ?? NONE).filter(
    (t) => t.id !== take.id && t.state === 'ready' && t.label !== 'pickup',
  )
  if (others.length === 0) return null
  const name = `fin-pauses-${take.id}`
  return (
    <div className="fin-choice" role="radiogroup" aria-label="Pauses">
      <span
        className="small"
        title="For a take whose pauses are silence (gated): keep it, or lay another take's room tone under it"
      >
        Pauses
      </span>
      <label className="small fin-radio">
        <input type="radio" name={name} checked={value === undefined} onChange={() => onChange(undefined)} /> Keep as
        read
      </label>
      {others.map((t) => (
        <label key={t.id} className="small fin-radio">
          <input type="radio" name={name} checked={value === t.id} onChange={() => onChange(t.id)} /> Room tone of take{' '}
          {t.take_number}
        </label>
      ))}
    </div>
  )
}
