/** Whether the keyboard-shortcut overlay is open; the `?` key and the `?` buttons open it. */
import { create } from 'zustand'

export interface ShortcutHelpState {
  open: boolean
  show(): void
  hide(): void
}

export const useShortcutHelp = create<ShortcutHelpState>()((set) => ({
  open: false,
  show: () => set({ open: true }),
  hide: () => set({ open: false }),
}))
