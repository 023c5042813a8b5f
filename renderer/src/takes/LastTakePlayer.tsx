/**
 * Play the last take from the recorder, on a button or `h`: the part that is delivered (from the trim's
 * start to its end), again to pause. Starting it pauses whatever else plays; it registers with
 * playback.ts, so Space pauses it rather than recording over it.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { TakeView } from '../../../shared/bridge-takes'
import { useBridge } from '../bridge/BridgeProvider'
import { onReadingCommand } from '../reading/use-reading-keys'
import { errorText } from '../store/error-text'
import { pauseAllPlayback, playbackStarted, playbackStopped } from './playback'
import { takeName } from './take-numbers'

export function LastTakePlayer({ take }: { take: TakeView }) {
  const api = useBridge()
  const audio = useRef<HTMLAudioElement | null>(null)
  const [playing, setPlaying] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const player = `last-take-${take.id}`
  const trim = useRef(take.trim)
  const duration = take.preflight?.duration_s ?? null
  useEffect(() => {
    trim.current = take.trim
  })

  const toggle = useCallback(async () => {
    const current = audio.current
    if (current && !current.paused) return current.pause()
    pauseAllPlayback()
    setError(null)
    try {
      let el = current
      if (!el) {
        const { url } = await api.getTakeMediaUrl({ takeId: take.id })
        const made = new Audio(url)
        made.addEventListener('play', () => {
          setPlaying(true)
          playbackStarted(player, () => made.pause())
        })
        const stop = () => {
          setPlaying(false)
          playbackStopped(player)
        }
        made.addEventListener('pause', stop)
        made.addEventListener('ended', stop)
        // Stop where the delivered part ends (the trim's tail).
        made.addEventListener('timeupdate', () => {
          const end = duration !== null && trim.current.tail_s > 0 ? duration - trim.current.tail_s : null
          if (end !== null && made.currentTime >= end) made.pause()
        })
        audio.current = made
        el = made
      }
      const start = trim.current.head_s
      const end = duration !== null ? duration - trim.current.tail_s : null
      if (el.ended || el.currentTime < start || (end !== null && el.currentTime >= end - 0.05)) el.currentTime = start
      await el.play()
    } catch (err) {
      // A pause (Space, `h`, a recording starting) before playing began is no failure.
      if (err instanceof DOMException && err.name === 'AbortError') return
      setError(`${takeName(take)} could not be played: ${errorText(err)}`)
    }
  }, [api, take, player, duration])

  useEffect(
    () =>
      onReadingCommand((command) => {
        if (command === 'play-last') void toggle()
      }),
    [toggle],
  )
  useEffect(
    () => () => {
      audio.current?.pause()
      playbackStopped(player)
    },
    [player],
  )

  return (
    <>
      <button
        type="button"
        className="btn btn-small last-take-play"
        onClick={() => void toggle()}
        aria-keyshortcuts="H"
        title="h plays and pauses the last take"
      >
        <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span> {playing ? 'Pause' : 'Play'}{' '}
        <kbd aria-hidden="true">h</kbd>
      </button>
      {error && (
        <p className="form-error small" role="alert">
          {error}
        </p>
      )}
    </>
  )
}
