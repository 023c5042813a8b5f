/**
 * The optional prompter: while on, the reading area scrolls at the pace the spot length implies (see
 * prompter-pace.ts), under a fixed reading marker; `p` or the button starts and pauses it. It stops by
 * itself at the end of the script, and when the job changes.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'
import { prompterStep } from './prompter-pace'

export interface PacePrompter {
  running: boolean
  available: boolean
  toggle(): void
  /** Starts it (when the job has a spot length to pace it by); stays running if it was. */
  start(): void
  pause(): void
}

export function usePrompter(textRef: RefObject<HTMLElement | null>, spotLengthS: number): PacePrompter {
  const [running, setRunning] = useState(false)
  const exact = useRef(0)
  const available = spotLengthS > 0
  const toggle = useCallback(() => setRunning((r) => available && !r), [available])
  const start = useCallback(() => setRunning(available), [available])
  const pause = useCallback(() => setRunning(false), [])

  useEffect(() => {
    if (!running) return
    const text = textRef.current
    const area = text?.closest<HTMLElement>('.reading-script')
    if (!text || !area) return setRunning(false)
    area.classList.add('is-prompting')
    exact.current = area.scrollTop
    let last = performance.now()
    let frame = requestAnimationFrame(function tick(t) {
      const step = prompterStep({
        scrollTop: exact.current,
        maxScroll: area.scrollHeight - area.clientHeight,
        textHeightPx: text.offsetHeight,
        spotLengthS,
        dtS: (t - last) / 1000,
      })
      last = t
      exact.current = step.scrollTop
      area.scrollTop = step.scrollTop
      if (step.done) return setRunning(false)
      frame = requestAnimationFrame(tick)
    })
    return () => {
      cancelAnimationFrame(frame)
      area.classList.remove('is-prompting')
    }
  }, [running, spotLengthS, textRef])

  return { running, toggle, available, start, pause }
}
