/**
 * Playing a take from just before a read-back issue (playFrom: 1.5 s before its at_s) through one hidden
 * <audio> (`element`, which the caller places once). main gives the take's local media address on first
 * play (getTakeMediaUrl); another take swaps it. What plays, and why it could not, are state for the screen.
 */
import { useCallback, useRef, useState, type ReactElement } from 'react'
import { useBridge } from '../../bridge/BridgeProvider'
import { errorText } from '../../store/error-text'
import { playFrom } from './readback-words'

export interface TakePlayback {
  /** The hidden <audio>, to be rendered once; the playing state follows it. */
  element: ReactElement
  play(takeId: string, atS: number | null): Promise<void>
  stop(): void
  playing: { takeId: string; fromS: number } | null
  positionS: number | null
  error: string | null
}

export function useTakePlayback(): TakePlayback {
  const api = useBridge()
  const audio = useRef<HTMLAudioElement>(null)
  const source = useRef<string | null>(null)
  const [playing, setPlaying] = useState<{ takeId: string; fromS: number } | null>(null)
  const [positionS, setPositionS] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)

  const play = useCallback(
    async (takeId: string, atS: number | null) => {
      setError(null)
      const el = audio.current
      if (!el) return
      try {
        if (source.current !== takeId) {
          el.src = (await api.getTakeMediaUrl({ takeId })).url
          source.current = takeId
        }
        const fromS = playFrom(atS)
        el.currentTime = fromS
        setPlaying({ takeId, fromS })
        await el.play()
      } catch (err) {
        setPlaying(null)
        setError(errorText(err))
      }
    },
    [api],
  )
  const stop = useCallback(() => {
    audio.current?.pause()
    setPlaying(null)
  }, [])
  const ended = useCallback(() => {
    setPlaying(null)
    setPositionS(null)
  }, [])
  // A pause that the element itself reports while a new play is already under way (a swapped source) is not an end.
  const paused = useCallback(() => {
    if (audio.current?.paused !== false) ended()
  }, [ended])
  const element = (
    <audio
      ref={audio}
      className="rb-audio"
      onPause={paused}
      onEnded={ended}
      onTimeUpdate={(e) => setPositionS(e.currentTarget.currentTime)}
    />
  )
  return { element, play, stop, playing, positionS, error }
}
