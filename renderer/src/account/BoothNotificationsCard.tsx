/** Booth's own desktop notifications (not the service's emails): one switch per kind, saved at once. */
import { useEffect, useState } from 'react'
import type { NotificationSettings } from '../../../shared/bridge'
import { errorText } from '../store/error-text'
import { useBridge } from '../bridge/BridgeProvider'

const WORDS: Record<keyof NotificationSettings, string> = {
  new_job: 'A new job arrives',
  due_soon: 'A job is due soon',
  due_today: 'A job is due today',
  overdue: 'A job is overdue',
  script_changed: 'A script changes',
  changes_requested: 'A producer asks for changes',
  delivery_approved: 'A producer approves a take',
}

export function BoothNotificationsCard() {
  const api = useBridge()
  const [settings, setSettings] = useState<NotificationSettings | null>(null)
  const [busy, setBusy] = useState<keyof NotificationSettings | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    let live = true
    api.getNotificationSettings({}).then(
      (s) => live && setSettings(s),
      (err: unknown) => live && setError(errorText(err)),
    )
    return () => {
      live = false
    }
  }, [api])

  const toggle = async (key: keyof NotificationSettings, value: boolean) => {
    const before = settings
    setBusy(key)
    setError(null)
    // Shown at once; put back if main could not save it.
    setSettings((s) => s && { ...s, [key]: value })
    try {
      setSettings(await api.setNotificationSettings({ [key]: value }))
    } catch (err) {
      setSettings(before)
      setError(errorText(err))
    } finally {
      setBusy(null)
    }
  }

  return (
    <section className="acct-card" aria-labelledby="settings-notify">
      <h2 id="settings-notify">Booth notifications</h2>
      <p className="acct-note">
        Notifications on this computer while Booth runs. The service’s emails are set under Email and time zone.
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {!settings && !error && (
        <p className="acct-skeleton" role="status">
          Loading…
        </p>
      )}
      {settings && (
        <div className="acct-switches">
          {(Object.keys(WORDS) as Array<keyof NotificationSettings>).map((k) => (
            <label key={k} className="acct-switch">
              <input
                type="checkbox"
                role="switch"
                checked={settings[k]}
                disabled={busy !== null}
                onChange={(e) => void toggle(k, e.target.checked)}
              />
              <span className="acct-switch-label">{WORDS[k]}</span>
            </label>
          ))}
        </div>
      )}
    </section>
  )
}
