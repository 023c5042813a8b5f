/**
 * The punch-and-roll settings beside a planned punch: the pre-roll's length, whether the old take keeps
 * playing after the punch point, and the input latency (the system's figure, or a calibration of this
 * input: one click plays the test clicks and listens for them; kept per input device).
 */
import { useId, useState } from 'react'
import { useBridge } from '../../bridge/BridgeProvider'
import { errorText } from '../../store/error-text'
import { describeCaptureError } from '../recorder/pcm-capture'
import { calibrateLatency } from '../recorder/calibrate-latency'
import { forgetCalibration, loadCalibration, saveCalibration } from '../recorder/punch-latency'
import { PREROLL_CHOICES, type PunchSettings } from '../recorder/punch-settings'

interface Props {
  settings: PunchSettings
  onSettings(s: PunchSettings): void
  deviceId: string | null
}

export function PunchSettingsRow({ settings, onSettings, deviceId }: Props) {
  const api = useBridge()
  const ids = { preroll: useId(), keep: useId() }
  const [busy, setBusy] = useState(false)
  const [note, setNote] = useState<{ tone: 'error' | 'ok'; text: string } | null>(null)
  const [, setVersion] = useState(0)
  const device = deviceId ?? ''
  const calibrated = loadCalibration(localStorage, device)
  // Remembered by the recorder store (setPunchSettings).
  const change = (patch: Partial<PunchSettings>) => onSettings({ ...settings, ...patch })
  const calibrate = async () => {
    setBusy(true)
    setNote(null)
    try {
      const r = await calibrateLatency(api, deviceId)
      const c = { samples: r.latency_samples, sampleRate: r.sampleRate, at: Date.now() }
      saveCalibration(localStorage, device, c)
      if (r.deviceId !== device) saveCalibration(localStorage, r.deviceId, c)
      setNote({ tone: 'ok', text: `Calibrated: ${Math.round(r.latency_ms)} ms (${r.clicks_heard} clicks heard).` })
    } catch (err) {
      setNote({ tone: 'error', text: err instanceof DOMException ? describeCaptureError(err) : errorText(err) })
    } finally {
      setBusy(false)
      setVersion((v) => v + 1)
    }
  }
  return (
    <div className="punch-settings">
      <div className="field rec-field">
        <label className="field-label" htmlFor={ids.preroll}>
          Pre-roll
        </label>
        <select
          id={ids.preroll}
          value={settings.prerollS}
          onChange={(e) => change({ prerollS: Number(e.target.value) })}
        >
          {PREROLL_CHOICES.map((s) => (
            <option key={s} value={s}>
              at least {s} s
            </option>
          ))}
        </select>
      </div>
      <label className="punch-keep small" htmlFor={ids.keep}>
        <input
          id={ids.keep}
          type="checkbox"
          checked={settings.keepPlaying}
          onChange={(e) => change({ keepPlaying: e.target.checked })}
        />
        Keep playing the old take after the punch point
      </label>
      <div className="punch-calibration small">
        <span className="muted">
          {calibrated
            ? `Latency for this input: ${Math.round((calibrated.samples / calibrated.sampleRate) * 1000)} ms, calibrated.`
            : 'Latency: as the system reports it (not calibrated).'}
        </span>
        <button type="button" className="btn btn-small" disabled={busy} onClick={() => void calibrate()}>
          {busy ? 'Listening for the clicks…' : 'Calibrate latency'}
        </button>
        {calibrated && !busy && (
          <button
            type="button"
            className="btn btn-small btn-quiet"
            onClick={() => {
              forgetCalibration(localStorage, device)
              setNote(null)
              setVersion((v) => v + 1)
            }}
          >
            Use the system’s figure
          </button>
        )}
      </div>
      {note && (
        <p
          className={note.tone === 'error' ? 'form-error' : 'small tone-success'}
          role={note.tone === 'error' ? 'alert' : 'status'}
        >
          {note.text}
        </p>
      )}
    </div>
  )
}
