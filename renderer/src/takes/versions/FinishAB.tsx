/**
 * The Finish panel's A/B toggle: one player for the version before the finish (A) and the finished one
 * (B). Switching keeps the place: the other version starts at the same word (issue 42, point 7: the
 * position mapped through the finish's time map, shared/versions/time-map.ts, since a fit moves every word
 * after a shortened pause; the same clock time only for a finish with no map), playing on if it was playing.
 * Both sides play at matched loudness (ab-loudness.ts: the louder side turned down in the player to the
 * quieter one's measured LUFS, said in words), and the side playing is said in words, to screen readers too. Each
 * version's audio comes from main (getTakeMediaUrl, rendered from its
 * edit list when missing); the take itself is not changed by listening. The player preloads metadata: a new
 * src pauses the element (the media load algorithm), and with preload "none" its metadata would never come
 * before play() is called, so switching while playing would wait forever.
 */
import { useEffect, useRef, useState } from 'react'
import { displayText } from '../../../../shared/display-text'
import { beforeTimeOf, finishedTimeOf, type TimeMapSegment } from '../../../../shared/versions/time-map'
import { matchLoudness, unmatchedWords } from './ab-loudness'
import { useBridge } from '../../bridge/BridgeProvider'
import { errorText } from '../../store/error-text'

export interface FinishABProps {
  takeId: string
  takeName: string
  /** The version the finish was made from (A) and the finished version (B); null while it is still being made. */
  before: number
  after: number | null
  /**
   * The finished audio main offered before its version exists: B plays it, and it starts playing as soon
   * as it comes (the talent just pressed Finish). The version that lands is the same audio.
   */
  previewUrl?: string | null
  /** Where each stretch of A went in B (the finish's time_map); absent: the same clock time. */
  timeMap?: readonly TimeMapSegment[] | null
  /** The measured integrated loudness of A and B (LUFS), to play them matched. */
  loudness?: { before: number | null; after: number | null } | null
}

type Side = 'A' | 'B'

/**
 * Waits for the metadata of `url` in the player: true once it has come, false when another source took its
 * place first (that load is another call's), an error with `cannot` when this source fails. Its listeners go
 * with it.
 */
function metadataOf(el: HTMLAudioElement, url: string, cannot: string): Promise<boolean> {
  const mine = () => el.getAttribute('src') === url
  if (mine() && el.readyState >= HTMLMediaElement.HAVE_METADATA) return Promise.resolve(true)
  return new Promise<boolean>((resolve, reject) => {
    const done = () => {
      el.removeEventListener('loadedmetadata', onMeta)
      el.removeEventListener('error', onError)
    }
    const onMeta = () => {
      done()
      resolve(mine())
    }
    const onError = () => {
      done()
      if (mine()) reject(new Error(cannot))
      else resolve(false)
    }
    el.addEventListener('loadedmetadata', onMeta)
    el.addEventListener('error', onError)
  })
}

export function FinishAB({
  takeId,
  takeName,
  before,
  after,
  previewUrl = null,
  timeMap = null,
  loudness = null,
}: FinishABProps) {
  const api = useBridge()
  const audio = useRef<HTMLAudioElement>(null)
  const urls = useRef(new Map<number, string>())
  const [side, setSide] = useState<Side | null>(null)
  const [playing, setPlaying] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [matching, setMatching] = useState(true)
  const versionOf = (s: Side) => (s === 'A' ? before : after)
  const afterName = after === null ? 'finished (being measured)' : `finished (v${after})`
  const sideName = (s: Side) => (s === 'A' ? `A · before (v${before})` : `B · ${afterName}`)
  // The side the player holds now (the state may lag a render behind a switch under way).
  const shown = useRef<Side | null>(null)
  const matched = matchLoudness(loudness?.before, loudness?.after)
  const volumeOf = (s: Side) => (matching && matched ? matched[s] : 1)
  /** Where `at` (s) on side `from` is on side `to`: the same word through the time map. */
  const placeOn = (from: Side | null, to: Side, at: number) =>
    from === null || from === to ? at : to === 'B' ? finishedTimeOf(timeMap, at) : beforeTimeOf(timeMap, at)

  const urlOf = async (s: Side): Promise<string> => {
    const version = versionOf(s)
    if (version === null) {
      if (!previewUrl) throw new Error(`The finished version of ${takeName} is not ready yet.`)
      return previewUrl
    }
    const known = urls.current.get(version)
    if (known) return known
    const { url } = await api.getTakeMediaUrl({ takeId, version })
    urls.current.set(version, url)
    return url
  }

  /**
   * Shows `next` at the place the player is now; plays when asked or when it was playing. Only the newest
   * call acts: a switch pressed while an earlier one still waits for its audio (a version being rendered,
   * the preview replaced by the landed version) wins, and the earlier one neither sets its side nor reports
   * the interrupted load as an error. (Two at once once left the player on B with A pressed.)
   */
  const latest = useRef(0)
  const show = async (next: Side, play: boolean) => {
    const el = audio.current
    if (!el) return
    const call = ++latest.current
    const current = () => latest.current === call
    setError(null)
    try {
      const url = await urlOf(next)
      if (!current()) return
      const at = placeOn(shown.current, next, el.currentTime)
      const keepPlaying = play || !el.paused
      if (el.getAttribute('src') !== url) {
        el.src = url
        const loaded = await metadataOf(
          el,
          url,
          `${next === 'A' ? `Version ${before}` : `The ${afterName} version`} of ${takeName} cannot be played.`,
        )
        if (!loaded || !current()) return
        el.currentTime = Number.isFinite(el.duration) ? Math.min(at, el.duration) : at
      }
      el.volume = volumeOf(next)
      shown.current = next
      setSide(next)
      if (keepPlaying) await el.play()
    } catch (err) {
      if (current()) setError(displayText(errorText(err)))
    }
  }

  // The finished audio offered while its version is made: played from the start as soon as it comes.
  const played = useRef<string | null>(null)
  const showNow = useRef(show)
  useEffect(() => {
    showNow.current = show
  })
  useEffect(() => {
    if (!previewUrl || played.current === previewUrl) return
    played.current = previewUrl
    const el = audio.current
    if (el && !el.paused) el.pause()
    if (el) el.currentTime = 0
    void showNow.current('B', true)
  }, [previewUrl])

  const toggle = () => {
    const el = audio.current
    if (!el) return
    if (!el.paused) {
      el.pause()
      return
    }
    void show(side ?? 'B', true)
  }

  const setMatched = (on: boolean) => {
    setMatching(on)
    const el = audio.current
    if (el && shown.current) el.volume = on && matched ? matched[shown.current] : 1
  }
  const levelWords = !matched
    ? unmatchedWords(loudness?.before, loudness?.after, after === null)
    : matching
      ? matched.words
      : 'Loudness not matched: each side plays as delivered.'

  return (
    <div className="fin-ab" role="group" aria-label={`Compare ${takeName} before and after the finish`}>
      <div className="fin-ab-sides" role="radiogroup" aria-label="Listen to">
        {(['A', 'B'] as const).map((s) => (
          <button
            key={s}
            type="button"
            role="radio"
            className="btn btn-small"
            aria-checked={side === s}
            data-side={s}
            onClick={() => void show(s, false)}
          >
            {sideName(s)}
          </button>
        ))}
        <button
          type="button"
          className="btn btn-small"
          aria-label={playing ? 'Pause' : `Play ${side === 'A' ? 'before' : 'finished'}`}
          onClick={toggle}
        >
          {playing ? 'Pause' : 'Play'}
        </button>
        {matched && (
          <label className="small fin-radio">
            <input type="checkbox" checked={matching} onChange={(e) => setMatched(e.currentTarget.checked)} /> Match
            loudness
          </label>
        )}
      </div>
      <p className="small fin-ab-now" role="status" aria-live="polite" data-side={side ?? undefined}>
        {side ? `${playing ? 'Playing' : 'Paused on'} ${sideName(side)}` : 'Choose A or B to listen.'}
      </p>
      <p className="small muted fin-ab-level">{levelWords}</p>
      <audio
        ref={audio}
        className={side ? 'fin-audio' : 'fin-audio is-idle'}
        controls={side !== null}
        preload="metadata"
        aria-label={
          `Audio of ${takeName}, ` +
          `${side === 'A' ? `version ${before} (before)` : after === null ? 'the finished version (being measured)' : `version ${after} (finished)`}`
        }
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
      />
      {error && (
        <p className="small tone-danger" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
