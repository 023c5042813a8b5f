/**
 * Leaving a job while it records asks first. The recorder says when it records (and how to stop it);
 * every way of leaving the job — another row, Enter, Esc, the close button, another page — goes
 * through `guardLeave`, which runs at once when nothing records, and otherwise waits for the person to
 * choose in the dialog: stop and keep the take, then go; or stay and keep recording.
 */
import { create } from 'zustand'

export interface ActiveRecording {
  jobId: string
  advertiser: string
  /** Stops the take, keeping what was recorded. */
  stop(): Promise<void>
}

export interface RecordingGuard {
  active: ActiveRecording | null
  /** What the person asked for while recording; runs after they confirm. */
  pending: { what: string; go: () => void } | null
  setActive(active: ActiveRecording | null): void
  /** Runs `go` now, or after confirmation when a take is recording. `what` says where it leads ("open Orchard Dental"). */
  guardLeave(what: string, go: () => void): void
  confirm(): Promise<void>
  cancel(): void
}

export const useRecordingGuard = create<RecordingGuard>()((set, get) => ({
  active: null,
  pending: null,
  setActive: (active) => set({ active }),
  guardLeave: (what, go) => {
    if (!get().active) return go()
    set({ pending: { what, go } })
  },
  confirm: async () => {
    const { active, pending } = get()
    set({ pending: null })
    if (active) await active.stop()
    pending?.go()
  },
  cancel: () => set({ pending: null }),
}))

/** Shorthand for call sites outside React render. */
export function guardLeave(what: string, go: () => void): void {
  useRecordingGuard.getState().guardLeave(what, go)
}
