/**
 * Stop, as the recorder does it, with nothing drawn between the key and the take's check but the check:
 * the meters stop at once (`stoppingRef`), "Saving…" shows only if saving takes a while, and the saved take
 * Stop answers (its row drawn in full: findings, read-back, versions) waits until the check main sent
 * before it (takeChecked) is on screen, and so do main's takes and read-back events from the key on. A
 * render and a paint in that time would hold the worklet's last samples, and then the check, back by as
 * long as they take.
 */
import { useCallback, type RefObject } from 'react'
import type { TakeView } from '../../../shared/bridge-takes'
import type { PcmCapture } from './recorder/pcm-capture'
import type { RecorderPhase } from './RecorderSettings'
import { recordingFailureText } from './recording-failure'
import { useTakesStore } from './takes-store'
import { useReadbackStore } from './readback/readback-store'
import { afterNextPaint } from '../ui/after-paint'

/** How long after Stop the recorder says "Saving…" if the take is not saved by then. */
const SAVING_SHOWN_AFTER_MS = 150

export function useStopTake(o: {
  jobId: string
  captureRef: RefObject<PcmCapture<TakeView> | null>
  /** Set from Stop until the take is saved (or failed): the meters stand still, and a second Stop or a Discard does nothing. */
  stoppingRef: RefObject<boolean>
  setPhase(phase: RecorderPhase): void
  setError(error: string): void
  /** The input meter back at rest. */
  restMeter(): void
}): () => Promise<void> {
  const takesStore = useTakesStore()
  const readbackStore = useReadbackStore()
  const { jobId, captureRef, stoppingRef, setPhase, setError, restMeter } = o
  return useCallback(async () => {
    const rec = captureRef.current
    if (!rec || stoppingRef.current) return
    stoppingRef.current = true
    const saving = window.setTimeout(() => setPhase('stopping'), SAVING_SHOWN_AFTER_MS)
    let finished: TakeView | null = null
    // From the key on, main's takes and read-back events (the previous take's read-back may finish just
    // now) wait for Stop's answer and the frame after it: nothing is drawn before the check.
    const stopped = rec.stop()
    takesStore.getState().holdEventsUntil(stopped)
    readbackStore.getState().holdEventsUntil(stopped)
    try {
      finished = await stopped
    } catch (err) {
      setError(recordingFailureText(err, 'The take could not be finished'))
    }
    const saved = finished
    // The check is shown (or on its way to the screen) as the take is being saved: its frame first.
    if (saved && takesStore.getState().byJob[jobId]?.takes.some((t) => t.id === saved.id && t.saving)) await afterNextPaint()
    window.clearTimeout(saving)
    captureRef.current = null
    stoppingRef.current = false
    restMeter()
    setPhase('idle')
    // The saved take goes into the list at once, in the same render as the idle recorder (main's takes
    // event follows with the same take, and later its ffmpeg reference).
    const takes = takesStore.getState()
    if (saved && takes.byJob[jobId]) takes.applyTake(saved)
    else void takes.loadTakes(jobId)
  }, [jobId, captureRef, stoppingRef, setPhase, setError, restMeter, takesStore, readbackStore])
}
