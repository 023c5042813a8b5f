/**
 * Before a take goes out: when Booth's read-back found important differences from the script, the
 * talent is asked first, with those places listed. Otherwise (or once they choose to go on) the delivery
 * confirmation in `children` is shown as usual.
 */
import { useEffect, useState, type ReactNode } from 'react'
import type { TakeView } from '../../../../shared/bridge-takes'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { highIssues, useReadback, useReadbackStore } from './readback-store'
import { clock, describeReadbackIssue, KIND_WORDS, READBACK_LABEL } from './readback-words'
import { takeName } from '../take-numbers'

export function ReadbackDeliverGate({ take, onCancel, children }: { take: TakeView; onCancel(): void; children: ReactNode }) {
  const state = useReadback((s) => s.byTake[take.id])
  const readback = useReadbackStore()
  const [goOn, setGoOn] = useState(false)
  useEffect(() => {
    if (!state) readback.getState().load(take.id).catch(() => undefined)
  }, [readback, state, take.id])
  const high = highIssues(state)
  if (goOn || high.length === 0) return <>{children}</>
  return (
    <ConfirmDialog
      title={`Deliver ${takeName(take)} anyway?`}
      consequence={`${READBACK_LABEL} found ${high.length} important ${high.length === 1 ? 'difference' : 'differences'} from the script in this take. This is Booth’s own check on this computer, not the platform’s.`}
      notifies={null}
      confirmLabel="Continue to delivery"
      tone="danger"
      onConfirm={() => setGoOn(true)}
      onCancel={onCancel}
    >
      <ul className="plain-list small rb-gate-list">
        {high.slice(0, 8).map((issue, n) => (
          <li key={n}><span className="rb-time">{issue.at_s === null ? '—' : clock(issue.at_s)}</span> <strong>{KIND_WORDS[issue.kind]}</strong> {describeReadbackIssue(issue)}</li>
        ))}
        {high.length > 8 && <li className="muted">and {high.length - 8} more</li>}
      </ul>
    </ConfirmDialog>
  )
}
