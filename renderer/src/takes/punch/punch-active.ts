/**
 * Whether a punch-and-roll owns the recorder's keys (from the moment a punch is shown until it is done or
 * cancelled): Space starts and stops the punch then, not a new take.
 */
import { create } from 'zustand'

export const usePunchActive = create<{ active: boolean; set(active: boolean): void }>()((set) => ({
  active: false,
  set: (active) => set({ active }),
}))
