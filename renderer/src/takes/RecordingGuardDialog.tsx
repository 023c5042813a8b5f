/**
 * Asks before leaving a job that is recording: stop (the take is kept) and go, or stay and keep recording.
 * Staying calls `onStay` too: the workspace folds a jobs list laid over the job, so the script being read
 * is in view again at once.
 */
import { useRecordingGuard } from './use-recording-guard'
import { ConfirmDialog } from '../ui/ConfirmDialog'

export function RecordingGuardDialog({ onStay }: { onStay?: () => void }) {
  const { active, pending, confirm, cancel } = useRecordingGuard()
  if (!pending || !active) return null
  return (
    <ConfirmDialog
      title="Stop recording?"
      consequence={`A take of ${active.advertiser} is recording. To ${pending.what}, Booth stops it first; what was recorded is kept as a take.`}
      notifies={null}
      confirmLabel="Stop and keep the take"
      onConfirm={() => void confirm()}
      onCancel={() => {
        cancel()
        onStay?.()
      }}
    />
  )
}
