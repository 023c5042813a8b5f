/**
 * Keyboard first: j/k (or arrows while the list has focus) move through the jobs, Enter opens, x (or Space
 * in the list) ticks the job for a bulk action, / jumps to search. Esc is not here: it closes the innermost
 * open thing (app/navigation/esc-layers.ts). Single letters never fire while typing.
 */
import { useGuardLeave } from '../takes/use-recording-guard'
import { useEffect } from 'react'
import { useBoothStore } from '../store/use-booth'
import { isTypingTarget } from '../ui/keyboard/is-typing-target'
import { listCommand } from './list-keys'
import { JOB_LIST_ID } from '../ui/dom-ids'

export const JOB_SEARCH_ID = 'job-search'

function inList(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null
  return (
    el === document.body || el === null || (typeof el.closest === 'function' && el.closest(`#${JOB_LIST_ID}`) !== null)
  )
}

export function useWorkspaceKeys(): void {
  const store = useBoothStore()
  const guardLeave = useGuardLeave()
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return
      const command = listCommand(e.key, isTypingTarget(e.target), { ctrl: e.ctrlKey, meta: e.metaKey, alt: e.altKey })
      if (!command) return
      const listOnly = e.key.startsWith('Arrow') || e.key === 'Home' || e.key === 'End' || e.key === ' '
      if ((listOnly || command === 'open') && !inList(e.target)) return
      const s = store.getState()
      const items = s.jobList?.items ?? []
      switch (command) {
        case 'next':
          s.moveSelection(1)
          break
        case 'previous':
          s.moveSelection(-1)
          break
        case 'first':
          s.selectJob(items[0]?.job_id ?? null)
          break
        case 'last':
          s.selectJob(items[items.length - 1]?.job_id ?? null)
          break
        case 'open':
          if (!s.selectedJobId || s.selectedJobId === s.openJobId) return
          {
            const id = s.selectedJobId
            const name = s.jobList?.items.find((j) => j.job_id === id)?.advertiser ?? 'that job'
            guardLeave(`open ${name}`, () => void s.openJob(id))
          }
          break
        case 'search':
          document.getElementById(JOB_SEARCH_ID)?.focus()
          break
        case 'toggle':
          if (!s.selectedJobId) return
          if (e.shiftKey) s.checkRangeTo(s.selectedJobId)
          else s.toggleCheck(s.selectedJobId)
          break
        case 'close':
          // Esc follows the one rule of the innermost layer (app/navigation/use-esc-layers.ts).
          return
      }
      e.preventDefault()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [store, guardLeave])
}
