/**
 * Before a take goes out: when Booth's read-back is sure the take differs from the script somewhere
 * ("Differs"), the talent is asked first ("Deliver … anyway?"), with every finding listed, each with how
 * sure Booth is and a play button. Findings it is not sure of ("Listen here") alone ask nothing here: the
 * delivery confirmation in `children` lists them. Otherwise (or once they choose to go on) `children` shows.
 */
import { useState, type ReactNode } from 'react'
import type { TakeView } from '../../../../shared/bridge-takes'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { READBACK_LABEL } from './readback-words'
import { useDeliverFindings } from './use-deliver-findings'
import { ReadbackFindingsList } from './ReadbackFindingsList'
import { takeName } from '../take-numbers'
import { nameWithVersion } from '../delivery/deliver-version'

export function ReadbackDeliverGate({
  take,
  onCancel,
  children,
}: {
  take: TakeView
  onCancel(): void
  children: ReactNode
}) {
  const findings = useDeliverFindings(take.id)
  const [goOn, setGoOn] = useState(false)
  if (goOn || findings.sure === 0) return <>{children}</>
  const n = findings.sure
  return (
    <ConfirmDialog
      title={`Deliver ${nameWithVersion(takeName(take), take)} anyway?`}
      consequence={
        `${READBACK_LABEL} is sure this take differs from the script at ${n} ` +
        `${n === 1 ? 'place' : 'places'}. This is Booth’s own check on this computer, not the platform’s.`
      }
      notifies={null}
      confirmLabel="Continue to delivery"
      tone="danger"
      onConfirm={() => setGoOn(true)}
      onCancel={onCancel}
    >
      <ReadbackFindingsList takeId={take.id} issues={findings.listed} />
    </ConfirmDialog>
  )
}
