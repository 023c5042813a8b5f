/**
 * The jobs list laid over the job (a "peek", see list-fold.ts) goes away again on its own: when a job
 * opens, when another part of Booth is shown, on Esc (before Esc would close the job; focus goes back to
 * the button that showed it), and on a press outside the list, the sidebar and the button.
 */
import { useEffect } from 'react'
import { useListFold } from '../../reading/list-fold'

const KEEPS_PEEK = '.sidebar, .list-pane, [data-list-toggle], dialog[open]'

export function usePeekDismiss(peeking: boolean, openJobId: string | null, view: string): void {
  useEffect(() => {
    useListFold.getState().setPeek(false)
  }, [openJobId, view])

  useEffect(() => {
    if (!peeking) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return
      if (document.querySelector('dialog[open], [role="dialog"][aria-modal="true"], [role="alertdialog"]')) return
      e.preventDefault()
      e.stopPropagation()
      useListFold.getState().setPeek(false)
      document.querySelector<HTMLElement>('.rail [data-list-toggle]')?.focus()
    }
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Element | null
      if (target && typeof target.closest === 'function' && target.closest(KEEPS_PEEK)) return
      useListFold.getState().setPeek(false)
    }
    window.addEventListener('keydown', onKey, true)
    document.addEventListener('pointerdown', onPointer, true)
    return () => {
      window.removeEventListener('keydown', onKey, true)
      document.removeEventListener('pointerdown', onPointer, true)
    }
  }, [peeking])
}
