/**
 * Asks before leaving a job that is recording: stop (the take is kept) and go, or stay and keep recording.
 * Staying calls `onStay` too: the workspace folds a jobs list laid over the job, so the script being read
 * is in view again at once. The question and what records are the recorder store's (use-recording-guard.ts).
 */
import { useShallow } from 'zustand/react/shallow'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { useRecorder } from './recorder/recorder-store'
import { guardedRun } from './recorder/recorder-view'

export function RecordingGuardDialog({ onStay }: { onStay?: () => void }) {
  const { advertiser, pending, confirm, stay } = useRecorder(
    useShallow((s) => ({
      advertiser: guardedRun(s)?.advertiser ?? null,
      pending: s.leave,
      confirm: s.confirmLeave,
      stay: s.stay,
    })),
  )
  if (!pending || advertiser === null) return null
  return (
    <ConfirmDialog
      title="Stop recording?"
      consequence={`A take of ${advertiser} is recording. To ${pending.what}, Booth stops it first; what was recorded is kept as a take.`}
      notifies={null}
      confirmLabel="Stop and keep the take"
      onConfirm={() => void confirm()}
      onCancel={() => {
        stay()
        onStay?.()
      }}
    />
  )
}
