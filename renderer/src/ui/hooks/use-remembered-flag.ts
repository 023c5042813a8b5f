/** A yes/no choice remembered per computer (localStorage), e.g. whether pronunciations show on the script. */
import { useCallback, useState } from 'react'

export function useRememberedFlag(key: string, initial: boolean): [boolean, (next: boolean) => void] {
  const [value, setValue] = useState(() => {
    try {
      const stored = window.localStorage.getItem(key)
      return stored === null ? initial : stored === '1'
    } catch {
      return initial
    }
  })
  const set = useCallback(
    (next: boolean) => {
      setValue(next)
      try {
        window.localStorage.setItem(key, next ? '1' : '0')
      } catch {
        // Storage refused: the choice holds until Booth closes.
      }
    },
    [key],
  )
  return [value, set]
}
