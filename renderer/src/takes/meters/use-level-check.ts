/**
 * Runs a level check (level-check.ts) while `active`: the microphone is opened when it starts and let go
 * when it ends (the talent's button again, Record, or leaving the job: the component goes). Each reading
 * goes to `onLevel`; a microphone that cannot be opened goes to `onError` in words.
 */
import { useEffect, useLayoutEffect, useRef } from 'react'
import type { InputLevel } from '../recorder/pcm-capture'
import { describeCaptureError } from '../recorder/pcm-capture'
import { LevelCheck } from './level-check'

export function useLevelCheck(
  active: boolean,
  deviceId: string | null,
  onLevel: (level: InputLevel, at: number) => void,
  onError: (why: string) => void,
  onEnd: () => void,
): void {
  const handlers = useRef({ onLevel, onError, onEnd })
  useLayoutEffect(() => {
    handlers.current = { onLevel, onError, onEnd }
  })
  useEffect(() => {
    if (!active) return
    const check = new LevelCheck((level, at) => handlers.current.onLevel(level, at))
    check.start(deviceId).catch((err: unknown) => handlers.current.onError(describeCaptureError(err)))
    return () => {
      void check.stop()
      handlers.current.onEnd()
    }
  }, [active, deviceId])
}
