/**
 * Now and the talent's time zone, for due labels: the zone of their preferences, which main reads with
 * the notification defaults and sends as `talentTimeZone` (kept by the booth store; no request of its own
 * from the page), else the computer's. Ticks every minute so "Due in 3 h" stays true. The zone is worked
 * out again only when the chosen zone changes or the minute ticks (each check builds an Intl formatter,
 * and every job row shows a due badge).
 */
import { useMemo } from 'react'
import { useBooth } from '../store/use-booth'
import { isKnownZone } from '../ui/format/zone-time'
import type { TalentClock } from '../ui/format/due-state'
import { useNow } from '../ui/hooks/use-now'

function computerZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

export function useTalentClock(): TalentClock {
  const now = useNow(60_000)
  const chosen = useBooth((s) => s.talentZone)
  return useMemo(() => ({ now, zone: chosen && isKnownZone(chosen) ? chosen : computerZone() }), [chosen, now])
}
