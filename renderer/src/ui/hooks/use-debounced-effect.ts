/** Calls `fn` once the value has stopped changing for `delayMs`. */
import { useEffect, useRef } from 'react'

export function useDebouncedEffect<T>(value: T, delayMs: number, fn: (value: T) => void): void {
  const latest = useRef(fn)
  useEffect(() => {
    latest.current = fn
  })
  useEffect(() => {
    const timer = window.setTimeout(() => latest.current(value), delayMs)
    return () => window.clearTimeout(timer)
  }, [value, delayMs])
}
