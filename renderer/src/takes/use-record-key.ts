/**
 * Space records and stops while a job is open, wherever focus is — on the script, a button, the jobs
 * list right after a click opened the job — except in a text field (where Space types) or an open dialog
 * (which owns the keyboard). Stopping never needs a hunt for focus. Enter still presses a focused button; x ticks a job in the list.
 * While a take (or anything else) plays, Space pauses the playback instead: it never starts a recording
 * over it (playback.ts).
 */
import { useEffect, useLayoutEffect, useRef } from 'react'
import { isTypingTarget } from '../ui/keyboard/is-typing-target'
import { pauseAllPlayback } from './playback'

export function spaceMayRecord(target: EventTarget | null): boolean {
  if (isTypingTarget(target)) return false
  const el = target as HTMLElement | null
  if (!el || typeof el.closest !== 'function') return true
  // In a dialog Space presses the dialog's buttons (e.g. "Stop recording?" when leaving the job).
  if (el.closest('dialog[open], [role="dialog"][aria-modal="true"], [role="alertdialog"]')) return false
  return true
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
      if (!spaceMayRecord(e.target)) return
      e.preventDefault()
      e.stopPropagation()
      if (!latest.current.recording && pauseAllPlayback()) return
      latest.current.toggle()
    }
    // Capture: ahead of the workspace's own keys, which would tick a job on Space.
    window.addEventListener('keydown', onKey, true)
    return () => window.removeEventListener('keydown', onKey, true)
  }, [enabled])
}
