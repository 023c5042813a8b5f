/** The current time, ticking every `everyMs`, so relative times ("2 hours ago") stay true. */
import { useEffect, useState } from 'react'

export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs)
    return () => window.clearInterval(timer)
  }, [everyMs])
  return now
}
