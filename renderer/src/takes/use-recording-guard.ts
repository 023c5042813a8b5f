/**
 * Leaving a job while it records asks first. Every way of leaving the job — another row, Enter, Esc, the
 * close button, another page — goes through `guardLeave`, which runs at once when nothing records, and
 * otherwise waits for the person to choose in the dialog (RecordingGuardDialog): stop and keep the take,
 * then go; or stay and keep recording. What records, and the question, are the recorder store's
 * (recorder/recorder-store.ts: guardLeave, confirmLeave, stay; recorder-view.ts: guardedRun).
 */
import { useCallback } from 'react'
import { useRecorderStore } from './recorder/recorder-store'

/** Runs `go` now, or after confirmation when a take is recording. `what` says where it leads ("open Orchard Dental"). */
export type GuardLeave = (what: string, go: () => void) => void

export function useGuardLeave(): GuardLeave {
  const recorder = useRecorderStore()
  return useCallback((what, go) => recorder.getState().guardLeave(what, go), [recorder])
}
