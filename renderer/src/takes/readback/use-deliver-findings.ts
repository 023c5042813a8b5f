/** A take's read-back findings as its delivery names them (deliver-findings.ts), loading the read-back when the page has none yet. */
import { useEffect } from 'react'
import { useReadback, useReadbackStore } from './readback-store'
import { deliverFindings, type DeliverFindings } from './deliver-findings'

export function useDeliverFindings(takeId: string): DeliverFindings {
  const state = useReadback((s) => s.byTake[takeId])
  const readback = useReadbackStore()
  useEffect(() => {
    if (!state)
      readback
        .getState()
        .load(takeId)
        .catch(() => undefined)
  }, [readback, state, takeId])
  return deliverFindings(state)
}
