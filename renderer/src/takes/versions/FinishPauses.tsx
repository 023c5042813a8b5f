/**
 * The Finish panel's "Pauses" choice (issue 42 point 3): a take whose pauses are silence (gated) keeps its
 * silence, or gets the room tone of another take of the job, laid under it (main/finish/room-tone-source.ts).
 * Offered when the take's report finds no room tone in it (its noise floor silence, or none to measure) and
 * the job has another ready take to lend one; main refuses a take with room tone of its own in one sentence.
 */
import type { TakeView } from '../../../../shared/bridge-takes'
import { isSilentLevel } from '../../../../shared/format/level-words'
import { useTakes } from '../takes-store'
import { useTakeReport } from '../use-take-report'

const NONE: TakeView[] = []

export interface FinishPausesProps {
  take: TakeView
  /** The customer whose profile judges the take's report (its room tone is what is asked). */
  customerId: string | null
  /** The take lending its room tone; undefined: the pauses stay as read. */
  value: string | undefined
  onChange: (roomToneTakeId: string | undefined) => void
}

export function FinishPauses({ take, customerId, value, onChange }: FinishPausesProps) {
  const others = useTakes((s) => s.byJob[take.job_id]?.takes ?? NONE).filter(
    (t) => t.id !== take.id && t.state === 'ready' && t.label !== 'pickup',
  )
  const { report } = useTakeReport(others.length > 0 ? { id: take.id, customerId } : null, take.preflight)
  const floor = report?.noise_floor_dbfs
  const silent = report !== null && (floor === null || floor === undefined || isSilentLevel(floor, 'dBFS'))
  if (others.length === 0 || (!silent && value === undefined)) return null
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
