/**
 * Esc in the workspace, by the one rule of esc-layers.ts: this listener (window, capture phase, so it
 * hears Esc before any panel) reads what is open from the page and the stores, and either leaves the key
 * to the layer that owns it (a dialog, the notice centre's popover, a field, a punch) or does the one
 * thing the rule says and stops the key there, so nothing behind also closes. A take or punch under way
 * is the recorder store's to say (takes/recorder/recorder-view.ts).
 */
import { useEffect } from 'react'
import { useBoothStore } from '../../store/use-booth'
import { isTypingTarget } from '../../ui/keyboard/is-typing-target'
import { useRecorderStore } from '../../takes/recorder/recorder-store'
import { guardedRun, punchOwnsKeys } from '../../takes/recorder/recorder-view'
import { useVersionsStore } from '../../takes/versions/versions-store'
import { JOB_LIST_ID } from '../../ui/dom-ids'
import { useListFold } from '../../reading/list-fold'
import { escAction } from './esc-layers'

/** Layers that handle their own Esc: dialogs, the notice centre, and a shown punch (Esc cancels or closes it). */
const OWNED = 'dialog[open], [role="dialog"][aria-modal="true"], [role="alertdialog"], .notice-panel, .punch-panel'
/** A message's Dismiss button: marked so, or named so. */
const DISMISS = '[data-esc-dismiss], button[aria-label="Dismiss"], button'

function dismissButtons(): HTMLButtonElement[] {
  return Array.from(document.querySelectorAll<HTMLButtonElement>(DISMISS)).filter(
    (b) =>
      (b.hasAttribute('data-esc-dismiss') ||
        b.getAttribute('aria-label') === 'Dismiss' ||
        b.textContent?.trim() === 'Dismiss') &&
      !b.disabled &&
      b.offsetParent !== null,
  )
}

/** The message nearest the focus: the one holding it, else the last one shown. */
function innermostDismiss(): HTMLButtonElement | null {
  const buttons = dismissButtons()
  const focus = document.activeElement
  const holding = buttons.find((b) => {
    const message = b.closest('.notice, [role="status"], [role="alert"], [role="note"]') ?? b.parentElement
    return focus !== null && message?.contains(focus)
  })
  return holding ?? buttons[buttons.length - 1] ?? null
}

function openFold(): HTMLDetailsElement | null {
  const focus = document.activeElement
  const fold = focus instanceof Element ? focus.closest('details[open]') : null
  return fold instanceof HTMLDetailsElement ? fold : null
}

export function useEscLayers(): void {
  const store = useBoothStore()
  const versions = useVersionsStore()
  const recorder = useRecorderStore()
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || e.isComposing) return
      const s = store.getState()
      const work = versions.getState()
      const rec = recorder.getState()
      const fold = openFold()
      const dismiss = innermostDismiss()
      const action = escAction({
        typing: isTypingTarget(e.target),
        ownedLayer: document.querySelector(OWNED) !== null,
        openFold: fold !== null,
        message: dismiss !== null,
        peek: useListFold.getState().peek,
        jobOpen: s.view === 'jobs' && s.openJobId !== null,
        takeUnderWay:
          guardedRun(rec) !== null ||
          punchOwnsKeys(rec) ||
          Object.keys(work.busy).length > 0 ||
          Object.keys(work.progress).length > 0,
        ticked: s.checkedJobs.length > 0,
      })
      if (action === 'leave' || action === 'hold') return
      e.preventDefault()
      e.stopImmediatePropagation()
      switch (action) {
        case 'fold':
          if (fold) {
            fold.open = false
            fold.querySelector<HTMLElement>('summary')?.focus()
          }
          break
        case 'dismiss-message':
          dismiss?.click()
          break
        case 'fold-list':
          useListFold.getState().setPeek(false)
          document.querySelector<HTMLElement>('.rail [data-list-toggle]')?.focus()
          break
        case 'close-job':
          rec.guardLeave('close this job', () => {
            s.closeJob()
            document.getElementById(JOB_LIST_ID)?.focus()
          })
          break
        case 'clear-ticks':
          s.clearChecked()
          break
      }
    }
    window.addEventListener('keydown', onKey, true)
    return () => window.removeEventListener('keydown', onKey, true)
  }, [store, versions, recorder])
}
