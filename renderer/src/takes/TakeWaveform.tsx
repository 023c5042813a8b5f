/**
 * A take's waveform (wavesurfer.js 8) with play/pause and head/tail trim handles (the regions plugin).
 * Dragging a handle stores the trim through setTakeTrim; the file itself is never cut. The head and tail
 * can also be typed, in seconds, for keyboard use.
 */
import { useEffect, useRef, useState } from 'react'
import type { TakeView } from '../../../shared/bridge-takes'
import RegionsPlugin, { type Region } from 'wavesurfer.js/dist/plugins/regions.js'
import { errorText } from '../store/error-text'
import { trustedWaveSurfer } from './trusted-wavesurfer'
import { regionFromTrim, sameTrim, trimFromRegion, trimmedLength, type Trim } from './trim-math'
import { formatTakeLength, takeName } from './take-numbers'
import { playbackStarted, playbackStopped } from './playback'
import { useBridge } from '../bridge/BridgeProvider'

type WaveSurferInstance = ReturnType<ReturnType<typeof trustedWaveSurfer>['create']>

function cssColor(el: Element, name: string, fallback: string): string {
  return getComputedStyle(el).getPropertyValue(name).trim() || fallback
}

/** `onPunchAt`: punch-and-roll into the sentence at a moment of the take (a double-click, or the cursor). */
/** `trimOff`: why the trim cannot change (a delivered take): the handles stay put and the sentence shows instead of the fields. */
export function TakeWaveform({
  take,
  onTrim,
  onPunchAt,
  trimOff = null,
}: {
  take: TakeView
  onTrim(trim: Trim): void
  onPunchAt?: (atS: number) => Promise<void>
  trimOff?: string | null
}) {
  const api = useBridge()
  const box = useRef<HTMLDivElement>(null)
  const ws = useRef<WaveSurferInstance | null>(null)
  const region = useRef<Region | null>(null)
  const [duration, setDuration] = useState<number>(take.preflight?.duration_s ?? 0)
  const [playing, setPlaying] = useState(false)
  const [ready, setReady] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const trimRef = useRef(take.trim)
  const onTrimRef = useRef(onTrim)
  const onPunchRef = useRef(onPunchAt)
  const trimOffRef = useRef(trimOff)
  useEffect(() => {
    trimOffRef.current = trimOff
    trimRef.current = take.trim
    onTrimRef.current = onTrim
    onPunchRef.current = onPunchAt
  })
  const punchAt = (atS: number) => void onPunchRef.current?.(atS).catch((err: unknown) => setError(errorText(err)))

  useEffect(() => {
    const el = box.current
    if (!el) return
    let cancelled = false
    let instance: WaveSurferInstance | null = null
    void (async () => {
      try {
        const { url } = await api.getTakeMediaUrl({ takeId: take.id })
        if (cancelled) return
        const regions = RegionsPlugin.create()
        instance = trustedWaveSurfer().create({
          container: el,
          url,
          height: 64,
          waveColor: cssColor(el, '--text-3', '#8d95a1'),
          progressColor: cssColor(el, '--primary', '#6ea8fe'),
          cursorColor: cssColor(el, '--accent', '#e0a84a'),
          cursorWidth: 2,
          barWidth: 2,
          barGap: 1,
          barRadius: 1,
          normalize: true,
          fillParent: true,
          interact: true,
          plugins: [regions],
        })
        ws.current = instance
        instance.on('decode', (d) => {
          setDuration(d)
          setReady(true)
          const kept = regionFromTrim(trimRef.current, d)
          region.current = regions.addRegion({
            start: kept.start,
            end: kept.end,
            color: 'rgba(110, 168, 254, 0.12)',
            drag: false,
            resize: trimOffRef.current === null,
            id: 'kept',
          })
        })
        regions.on('region-updated', (r) => {
          const next = trimFromRegion({ start: r.start, end: r.end }, instance?.getDuration() ?? 0)
          if (!sameTrim(next, trimRef.current)) onTrimRef.current(next)
        })
        const shown = instance
        shown.on('dblclick', (relativeX) => punchAt(relativeX * shown.getDuration()))
        const player = `waveform-${take.id}`
        instance.on('play', () => {
          setPlaying(true)
          playbackStarted(player, () => instance?.pause())
        })
        instance.on('pause', () => {
          setPlaying(false)
          playbackStopped(player)
        })
        instance.on('finish', () => {
          setPlaying(false)
          playbackStopped(player)
        })
        instance.on('error', (err) => setError(`The take could not be loaded for playback: ${errorText(err)}`))
      } catch (err) {
        if (!cancelled) setError(`The take could not be loaded for playback: ${errorText(err)}`)
      }
    })()
    return () => {
      cancelled = true
      playbackStopped(`waveform-${take.id}`)
      instance?.destroy()
      ws.current = null
      region.current = null
    }
  }, [api, take.id])

  // A trim stored elsewhere (typed, or undone) moves the handles.
  useEffect(() => {
    const r = region.current
    if (!r || !(duration > 0)) return
    const kept = regionFromTrim(take.trim, duration)
    if (Math.abs(r.start - kept.start) > 0.0005 || Math.abs(r.end - kept.end) > 0.0005)
      r.setOptions({ start: kept.start, end: kept.end })
  }, [take.trim, duration])

  const playPause = () => {
    const w = ws.current
    const r = region.current
    if (!w) return
    if (w.isPlaying()) w.pause()
    else if (r) r.play(true)
    else void w.play()
  }

  const name = takeName(take)
  const typed = (which: keyof Trim, n: number) => {
    if (!(duration > 0)) return
    const wanted = { ...take.trim, [which]: n }
    const kept = regionFromTrim(wanted, duration)
    onTrim(trimFromRegion(kept, duration))
  }

  return (
    <div className="take-wave">
      <div className="take-wave-row">
        <button
          type="button"
          className="btn btn-small take-play"
          onClick={playPause}
          disabled={!ready}
          aria-label={playing ? `Pause ${name}` : `Play ${name}`}
        >
          {playing ? '❚❚' : '▶'}
        </button>
        <div ref={box} className="take-wave-box" aria-label={`Waveform of ${name}; drag the edges to trim`} />
      </div>
      {error && (
        <p className="form-error small" role="alert">
          {error}
        </p>
      )}
      <div className="take-trim small">
        {trimOff !== null ? (
          <span className="take-trim-off" role="note">
            {trimOff}
          </span>
        ) : (
          <>
            <TrimField
              label="Trim start"
              hint="Trim from the start, seconds"
              value={take.trim.head_s}
              onCommit={(v) => typed('head_s', v)}
            />
            <TrimField
              label="Trim end"
              hint="Trim from the end, seconds"
              value={take.trim.tail_s}
              onCommit={(v) => typed('tail_s', v)}
            />
          </>
        )}
        <span className="muted">Kept {formatTakeLength(trimmedLength(duration, take.trim))}</span>
        {onPunchAt && (
          <button
            type="button"
            className="btn btn-small"
            disabled={!ready}
            title="Or double-click the waveform"
            onClick={() => punchAt(ws.current?.getCurrentTime() ?? 0)}
          >
            Punch in here
          </button>
        )}
      </div>
    </div>
  )
}

/** A trim typed in seconds: kept as typed while editing, stored on Enter or when the field is left. */
function TrimField({
  label,
  hint,
  value,
  onCommit,
}: {
  label: string
  hint: string
  value: number
  onCommit(seconds: number): void
}) {
  const [draft, setDraft] = useState<string | null>(null)
  const commit = () => {
    if (draft === null) return
    const n = Number(draft)
    setDraft(null)
    if (draft.trim() !== '' && Number.isFinite(n) && n >= 0 && n !== value) onCommit(n)
  }
  return (
    <label>
      {label}
      <input
        type="number"
        min={0}
        step={0.1}
        value={draft ?? String(Math.round(value * 1000) / 1000)}
        aria-label={hint}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit()
          if (e.key === 'Escape') setDraft(null)
        }}
      />
    </label>
  )
}
