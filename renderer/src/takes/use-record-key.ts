/**
 * Space records and stops while a job is open — unless the person is typing, is in the jobs list (where
 * Space ticks a job), is on a control that Space presses anyway, or a dialog is open. While recording,
 * Space stops from anywhere but a text field, so stopping never needs a hunt for focus.
 */
import { useEffect, useLayoutEffect, useRef } from 'react'
import { isTypingTarget } from '../keyboard/is-typing-target'

export function spaceMayRecord(target: EventTarget | null, recording: boolean): boolean {
  if (isTypingTarget(target)) return false
  if (recording) return true
  const el = target as HTMLElement | null
  if (!el || typeof el.closest !== 'function') return true
  if (el.closest('dialog[open]')) return false
  if (el.closest('#job-list, [role="listbox"]')) return false
  return el.closest('button, a[href], summary, [role="button"], [role="checkbox"], [role="option"], input, select') === null
}

export function useRecordKey(enabled: boolean, recording: boolean, toggle: () => void): void {
  const latest = useRef({ recording, toggle })
  useLayoutEffect(() => {
    latest.current = { recording, toggle }
  })
  useEffect(() => {
    if (!enabled) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== ' ' || e.ctrlKey || e.metaKey || e.altKey || e.repeat || e.defaultPrevented) return
      if (!spaceMayRecord(e.target, latest.current.recording)) return
      e.preventDefault()
      e.stopPropagation()
      latest.current.toggle()
    }
    // Capture: ahead of the workspace's own keys, which would tick a job on Space.
    window.addEventListener('keydown', onKey, true)
    return () => window.removeEventListener('keydown', onKey, true)
  }, [enabled])
}
