/** Email preferences: the service's five email switches, and the time zone the service works in. */
import { useEffect, useId, useState, type ReactNode } from 'react'
import { EMAIL_PREF_KEYS, timeZoneProblem, type EmailPrefs, type Preferences } from '../../../shared/bridge-account'
import { useAccount } from './account-store'
import { AccessNotice } from './AccessNotice'
import { PendingNote, SaveStatus } from './SaveStatus'
import { TimeZonePicker } from './TimeZonePicker'
import './account.css'

const PREF_WORDS: Record<keyof EmailPrefs, { label: string; help: string }> = {
  due_soon: { label: 'Due soon', help: 'An email when a job is due within the next days.' },
  overdue: { label: 'Overdue', help: 'An email when a job is past its due date.' },
  script_changed: { label: 'Script changed', help: 'An email when a producer changes the script of a job.' },
  changes_requested: { label: 'Changes requested', help: 'An email when a producer asks for changes to a take.' },
  delivery_approved: { label: 'Delivery approved', help: 'An email when a producer approves a take.' },
}

export function PreferencesPage() {
  const { state, save, load, savePreferences } = useAccount((s) => ({
    state: s.preferences,
    save: s.saves.preferences,
    load: s.loadPreferences,
    savePreferences: s.savePreferences,
  }))
  useEffect(() => {
    void load()
  }, [load])
  const view = state.data

  return (
    <main className="acct-page" aria-labelledby="prefs-title">
      <header>
        <h1 id="prefs-title">Email and time zone</h1>
        <p className="acct-intro">
          Which emails the service sends you, and the time zone it uses for your due dates and earnings months. Booth’s
          own desktop notifications are in Settings.
        </p>
      </header>
      {state.error && (
        <p className="form-error" role="alert">
          {state.error}
        </p>
      )}
      {state.loading && !view && (
        <p className="acct-skeleton" role="status">
          Loading preferences…
        </p>
      )}
      {view && <AccessNotice access={view.access} what="your email preferences" />}
      {view?.pending && (
        <PendingNote
          since={view.pending.since}
          busy={save.busy}
          onRetry={() => void savePreferences(view.pending!.body)}
        />
      )}
      {view?.preferences && (
        <PreferencesForm
          key={`${view.fetchedAt}`}
          current={view.preferences}
          canWrite={view.access.canWrite}
          busy={save.busy}
          onSave={(next) => void savePreferences(next)}
          status={<SaveStatus save={save} />}
        />
      )}
    </main>
  )
}

function PreferencesForm(props: {
  current: Preferences
  canWrite: boolean
  busy: boolean
  onSave: (p: Preferences) => void
  status: ReactNode
}) {
  const { current, canWrite, busy, onSave, status } = props
  const [prefs, setPrefs] = useState<EmailPrefs>(current.prefs)
  const [zone, setZone] = useState(current.time_zone)
  const problem = timeZoneProblem(zone)
  const zoneErrorId = useId()
  const changed = zone !== current.time_zone || EMAIL_PREF_KEYS.some((k) => prefs[k] !== current.prefs[k])
  const locked = !canWrite || busy

  return (
    <>
      <section className="acct-card" aria-labelledby="prefs-email">
        <h2 id="prefs-email">Emails from the service</h2>
        <div className="acct-switches">
          {EMAIL_PREF_KEYS.map((k) => (
            <label key={k} className="acct-switch">
              <input
                type="checkbox"
                role="switch"
                checked={prefs[k]}
                disabled={locked}
                onChange={(e) => setPrefs((p) => ({ ...p, [k]: e.target.checked }))}
              />
              <span>
                <span className="acct-switch-label">{PREF_WORDS[k].label}</span>
                <span className="acct-switch-help">{PREF_WORDS[k].help}</span>
              </span>
            </label>
          ))}
        </div>
      </section>
      <section className="acct-card" aria-labelledby="prefs-zone">
        <h2 id="prefs-zone">Time zone</h2>
        <p className="acct-note">
          The service uses it for your due dates and for which month a job’s earnings count in.
        </p>
        <TimeZonePicker
          value={zone}
          onChange={setZone}
          disabled={locked}
          invalid={problem !== null}
          errorId={zoneErrorId}
        />
        {problem && (
          <p id={zoneErrorId} className="form-error" role="alert">
            {problem}
          </p>
        )}
        <div className="acct-actions">
          <button
            type="button"
            className="btn btn-primary"
            disabled={locked || !changed || problem !== null}
            onClick={() => onSave({ prefs, time_zone: zone })}
          >
            {busy ? 'Saving…' : 'Save email and time zone'}
          </button>
          <button
            type="button"
            className="btn btn-quiet"
            disabled={busy || !changed}
            onClick={() => {
              setPrefs(current.prefs)
              setZone(current.time_zone)
            }}
          >
            Undo changes
          </button>
          {status}
        </div>
      </section>
    </>
  )
}
