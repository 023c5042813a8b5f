/**
 * Now and the talent's time zone, for due labels: the zone of their preferences, which main reads with
 * the notification defaults and sends as `talentTimeZone` (no request of its own from the page), else
 * the computer's. Ticks every minute so "Due in 3 h" stays true.
 */
import { useEffect } from 'react'
import { create } from 'zustand'
import { useBooth } from '../store/store-context'
import { isKnownZone } from '../format/zone-time'
import type { TalentClock } from '../format/due-state'
import type { BoothApi } from '../../../shared/bridge'
import { useNow } from './use-now'

const useZone = create<{ zone: string | null }>()(() => ({ zone: null }))
const following = new WeakSet<BoothApi>()

function computerZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

export function useTalentClock(): TalentClock {
  const now = useNow(60_000)
  const bridge = useBooth((s) => s.bridge)
  useEffect(() => {
    if (following.has(bridge)) return
    following.add(bridge)
    bridge.on('talentTimeZone', ({ zone }) => useZone.setState({ zone }))
  }, [bridge])
  const chosen = useZone((s) => s.zone)
  return { now, zone: chosen && isKnownZone(chosen) ? chosen : computerZone() }
}
