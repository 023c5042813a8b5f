/**
 * Now and the talent's time zone, for due labels: the zone of their preferences (read once per session
 * from the account store), else the computer's. Ticks every minute so "Due in 3 h" stays true.
 */
import { useEffect } from 'react'
import { useStore } from 'zustand'
import { useBooth } from '../store/store-context'
import { accountStoreFor } from '../account/account-store'
import { isKnownZone } from '../format/zone-time'
import type { TalentClock } from '../format/due-state'
import { useNow } from './use-now'

function computerZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

export function useTalentClock(): TalentClock {
  const now = useNow(60_000)
  const bridge = useBooth((s) => s.bridge)
  const account = accountStoreFor(bridge)
  const prefs = useStore(account, (s) => s.preferences)
  useEffect(() => {
    if (!prefs.data && !prefs.loading && !prefs.error) void account.getState().loadPreferences()
  }, [account, prefs.data, prefs.loading, prefs.error])
  const chosen = prefs.data?.preferences?.time_zone
  return { now, zone: chosen && isKnownZone(chosen) ? chosen : computerZone() }
}
