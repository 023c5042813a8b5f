/**
 * When a job opens and the list it was chosen from folds away (list-fold.ts), focus would be left on a
 * hidden row, or nowhere: it goes to the script area instead (arrow keys and Page Down then scroll the
 * script; Space still records). Focus that is somewhere visible stays where it is.
 */
import { useEffect, type RefObject } from 'react'

function focusIsLost(): boolean {
  const el = document.activeElement as HTMLElement | null
  if (!el || el === document.body) return true
  return typeof el.checkVisibility === 'function' ? !el.checkVisibility() : el.getClientRects().length === 0
}

export function useFocusWhenListFolds(target: RefObject<HTMLElement | null>, jobId: string): void {
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      if (focusIsLost()) target.current?.focus({ preventScroll: true })
    })
    return () => cancelAnimationFrame(frame)
  }, [target, jobId])
}
