/**
 * Listens for the keys that move between Booth's parts (see view-keys.ts). Runs in the capture phase so
 * that the letter after g reaches it before the job list's own keys (g j must not also move the list).
 */
import { useGuardLeave } from '../../takes/use-recording-guard'
import { viewEntry } from '../../ui/keyboard/views'
import { useEffect } from 'react'
import { useBoothStore } from '../../store/use-booth'
import { isTypingTarget } from '../../ui/keyboard/is-typing-target'
import { JOB_LIST_ID } from '../../ui/dom-ids'
import type { BoothView } from '../../store/view-slice'
import { NO_PENDING, viewKeyStep, type ViewKeyState } from './view-keys'

/**
 * Where focus goes after a switch by key: the job list for Jobs, else the page's main heading, so the
 * next keys act on the page and a screen reader says where it is.
 */
export function focusView(view: BoothView): void {
  requestAnimationFrame(() => {
    const target =
      view === 'jobs' ? document.getElementById(JOB_LIST_ID) : document.querySelector<HTMLElement>('#main-area h1')
    if (!target) return
    if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.tabIndex = -1
    target.focus()
  })
}

export function useViewKeys(): void {
  const store = useBoothStore()
  const guardLeave = useGuardLeave()
  useEffect(() => {
    let state: ViewKeyState = NO_PENDING
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing) return
      // An open dialog owns the keyboard.
      if (document.querySelector('dialog[open], [role="dialog"][aria-modal="true"], [role="alertdialog"]')) {
        state = NO_PENDING
        return
      }
      const step = viewKeyStep(
        state,
        {
          key: e.key,
          code: e.code,
          typing: isTypingTarget(e.target),
          ctrl: e.ctrlKey,
          meta: e.metaKey,
          alt: e.altKey,
          shift: e.shiftKey,
          repeat: e.repeat,
        },
        performance.now(),
      )
      state = step.state
      if (!step.consumed) return
      e.preventDefault()
      e.stopPropagation()
      const view = step.view
      if (view === store.getState().view) focusView(view)
      else if (view) {
        guardLeave(`go to ${viewEntry(view).label}`, () => {
          store.getState().setView(view)
          focusView(view)
        })
      }
    }
    window.addEventListener('keydown', onKey, true)
    return () => window.removeEventListener('keydown', onKey, true)
  }, [store, guardLeave])
}
