/**
 * One version of a take in its row: what changed, whether it reads clean, its measurement and trim, the
 * name it is (or was) delivered under; play it, and make it the take again (restore).
 */
import { useRef, useState } from 'react'
import type { VersionView, TakeVersion } from '../../../../shared/versions/types'
import { displayText } from '../../../../shared/display-text'
import { useBridge } from '../../bridge/BridgeProvider'
import { errorText } from '../../store/error-text'
import { versionFigures, versionHeadline, versionReadbackWords } from './version-words'

export interface VersionItemProps {
  takeName: string
  takeId: string
  version: TakeVersion & Partial<Pick<VersionView, 'delivery_name' | 'damaged'>>
  current: boolean
  /** The take is being sent or was delivered: its versions can no longer change. */
  locked: boolean
  delivered: boolean
  busy: boolean
  onRestore(version: number): void
}

export function VersionItem({
  takeName,
  takeId,
  version,
  current,
  locked,
  delivered,
  busy,
  onRestore,
}: VersionItemProps) {
  const api = useBridge()
  const audio = useRef<HTMLAudioElement>(null)
  const [src, setSrc] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  if (version.unreadable) {
    // Nothing of it can be trusted (its edits, its figures): it is named, and neither played nor restored.
    return (
      <li
        className="ver-item is-unreadable"
        data-version={version.number}
        aria-label={`${takeName} version ${version.number}`}
      >
        <p className="ver-headline">
          <strong>Version {version.number}</strong>
          {current && <span className="tag">Current</span>}
        </p>
        <p className="small tone-warning" role="note">
          {displayText(version.unreadable.message)} Its record is kept as it was on disk.
        </p>
      </li>
    )
  }
  const read = versionReadbackWords(version.readback)
  const trimmed = version.trim.head_s > 0 || version.trim.tail_s > 0
  const figures = versionFigures(trimmed && version.trimmed_preflight ? version.trimmed_preflight : version.preflight)
  const label = `${takeName} version ${version.number}`
  const play = async () => {
    setError(null)
    try {
      const url = src ?? (await api.getTakeMediaUrl({ takeId, version: version.number })).url
      setSrc(url)
      const el = audio.current
      if (!el) return
      if (el.getAttribute('src') !== url) el.src = url
      el.currentTime = 0
      await el.play()
    } catch (err) {
      setError(displayText(errorText(err)))
    }
  }
  return (
    <li
      className={`ver-item${current ? ' is-current' : ''}`}
      data-version={version.number}
      aria-label={label}
      aria-current={current ? 'true' : undefined}
    >
      <p className="ver-headline">
        <strong>{displayText(versionHeadline(version))}</strong>
        {current && <span className="tag">{delivered ? 'Delivered' : 'Current'}</span>}
      </p>
      <p className="small ver-facts">
        <span className={`ver-read tone-${read.tone}`}>{displayText(read.text)}</span>
        {/* A version made after a producer's revision is read back against it, and says which. */}
        {(version.readback?.revision_number ?? 0) >= 2 && (
          <span className="muted ver-revision"> · Read back against revision {version.readback?.revision_number}</span>
        )}
        <span className="muted"> · {figures}</span>
        {trimmed && (
          <span className="muted">
            {' '}
            · trimmed {version.trim.head_s.toFixed(2)} s / {version.trim.tail_s.toFixed(2)} s
          </span>
        )}
      </p>
      {version.findings
        .filter((f) => f.code !== 'reads_unclean')
        .map((f, i) => (
          <p key={i} className="small tone-warning ver-finding">
            {displayText(f.message)}
          </p>
        ))}
      {version.damaged && (
        <p className="small tone-danger ver-damaged" role="note">
          {displayText(version.damaged)} It is not restored or delivered.
        </p>
      )}
      {current && version.delivery_name && (
        <p className="small ver-delivery">
          {delivered ? 'Delivered as' : 'Delivers as'}{' '}
          <span className="ver-file">{displayText(version.delivery_name)}</span>
        </p>
      )}
      <div className="ver-actions">
        <button type="button" className="btn btn-small" aria-label={`Play ${label}`} onClick={() => void play()}>
          Play
        </button>
        {!current && !locked && (
          <button
            type="button"
            className="btn btn-small"
            disabled={busy || Boolean(version.damaged)}
            aria-label={`Restore ${label}`}
            onClick={() => onRestore(version.number)}
          >
            Restore v{version.number}
          </button>
        )}
      </div>
      <audio
        ref={audio}
        className={src ? 'ver-audio' : 'ver-audio is-idle'}
        controls={src !== null}
        preload="none"
        aria-label={`Audio of ${label}`}
      />
      {error && (
        <p className="small tone-danger" role="alert">
          {error}
        </p>
      )}
    </li>
  )
}
