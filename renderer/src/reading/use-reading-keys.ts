/**
 * Listens for reading mode's keys (see reading-keys.ts) and sends each to whoever acts on it: the help
 * overlay and the list fold (list-fold.ts) here, the rest as a `booth:reading` window event
 * that the script panel and the recorder of the open job answer (so no key needs to know which
 * component is mounted).
 */
import { useEffect } from 'react'
import { isTypingTarget } from '../ui/keyboard/is-typing-target'
import { readingCommand, type ReadingCommand } from './reading-keys'
import { useShortcutHelp } from '../ui/keyboard/shortcut-help-store'
import { toggleListFold } from './list-fold'

export const READING_EVENT = 'booth:reading'

export type ReadingEventCommand = Exclude<ReadingCommand, 'help' | 'toggle-list' | null>

export function dialogIsOpen(): boolean {
  return document.querySelector('dialog[open], [role="dialog"][aria-modal="true"], [role="alertdialog"]') !== null
}

/** Subscribes a component to reading commands sent to the open job. */
export function onReadingCommand(handler: (command: ReadingEventCommand) => void): () => void {
  const listener = (e: Event) => handler((e as CustomEvent<ReadingEventCommand>).detail)
  window.addEventListener(READING_EVENT, listener)
  return () => window.removeEventListener(READING_EVENT, listener)
}

export function useReadingKeys(jobOpen: boolean): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing || e.repeat) return
      const command = readingCommand({
        key: e.key,
        typing: isTypingTarget(e.target),
        dialogOpen: dialogIsOpen(),
        jobOpen,
        ctrl: e.ctrlKey,
        meta: e.metaKey,
        alt: e.altKey,
      })
      if (!command) return
      e.preventDefault()
      if (command === 'help') useShortcutHelp.getState().show()
      else if (command === 'toggle-list') toggleListFold()
      else window.dispatchEvent(new CustomEvent<ReadingEventCommand>(READING_EVENT, { detail: command }))
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [jobOpen])
}
