/**
 * AI voice consent: what producers may do with AI and your voice, in plain words (yes / ask / no for word
 * fixes and for new versions; sound processing is always allowed). Saving needs an explicit confirmation
 * that names exactly what changes.
 */
import { useEffect, useState, type ReactNode } from 'react'
import { CONSENT_CHOICES, type Consent, type ConsentInput } from '../../../shared/bridge-account'
import { CHOICE_WORDS, CONSENT_FIELDS, consentChanges, knownChoice } from './consent-words'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { formatTimestamp } from '../ui/format/calendar-dates'
import { useAccount } from './account-store'
import { AccessNotice } from './AccessNotice'
import { PendingNote, SaveStatus } from './SaveStatus'
import './account.css'

type Field = keyof ConsentInput

export function ConsentPage() {
  const { state, save, load, saveConsent, clearSaveError } = useAccount((s) => ({
    state: s.consent,
    save: s.saves.consent,
    load: s.loadConsent,
    saveConsent: s.saveConsent,
    clearSaveError: s.clearSaveError,
  }))
  useEffect(() => {
    void load()
  }, [load])
  const view = state.data

  return (
    <main className="acct-page" aria-labelledby="consent-title">
      <header>
        <h1 id="consent-title">AI voice consent</h1>
        <p className="acct-intro">
          What you allow producers to do with AI and your voice. The service keeps your answer for producers to see; it
          does not enforce it.
        </p>
      </header>
      {state.error && (
        <p className="form-error" role="alert">
          {state.error}
        </p>
      )}
      {state.loading && !view && (
        <p className="acct-skeleton" role="status">
          Loading consent…
        </p>
      )}
      {view && <AccessNotice access={view.access} what="your AI voice consent" />}
      {view?.pending && (
        <PendingNote since={view.pending.since} busy={save.busy} onRetry={() => void saveConsent(view.pending!.body)} />
      )}
      {view?.consent && (
        <ConsentForm
          key={`${view.fetchedAt}-${view.consent.updated_at ?? 0}`}
          consent={view.consent}
          canWrite={view.access.canWrite}
          busy={save.busy}
          error={save.error}
          onSave={saveConsent}
          onDismissError={() => clearSaveError('consent')}
          status={<SaveStatus save={save} />}
        />
      )}
    </main>
  )
}

function ConsentForm(props: {
  consent: Consent
  canWrite: boolean
  busy: boolean
  error: string | null
  onSave: (input: ConsentInput) => Promise<boolean>
  onDismissError: () => void
  status: ReactNode
}) {
  const { consent, canWrite, busy, error, onSave, onDismissError, status } = props
  const [choice, setChoice] = useState<Partial<ConsentInput>>({
    ai_word_fixes: knownChoice(consent.ai_word_fixes),
    ai_versions: knownChoice(consent.ai_versions),
  })
  const [confirming, setConfirming] = useState(false)
  const complete = choice.ai_word_fixes !== undefined && choice.ai_versions !== undefined
  const next = complete ? (choice as ConsentInput) : null
  const changes = next ? consentChanges(consent, next) : []
  const locked = !canWrite || busy

  return (
    <section className="acct-card" aria-labelledby="consent-choices">
      <h2 id="consent-choices">Your permissions</h2>
      <p className="acct-note">
        {consent.set
          ? `Last changed ${consent.updated_at === null ? 'at an unknown time' : formatTimestamp(consent.updated_at)}.`
          : 'You have not answered yet.'}
      </p>
      <div className="acct-choice acct-dsp" role="group" aria-label="Sound processing">
        <input
          type="checkbox"
          checked
          disabled
          aria-describedby="consent-dsp-help"
          aria-label="Sound processing: always allowed"
        />
        <span>
          <strong>Sound processing: always yes</strong>
          <span id="consent-dsp-help" className="acct-choice-help">
            Ordinary audio work on your recording — levels, EQ, noise reduction, edits — is always allowed. It is not AI
            made from your voice.
          </span>
        </span>
      </div>
      {(Object.keys(CONSENT_FIELDS) as Field[]).map((field) => (
        <fieldset key={field} className="acct-choices" disabled={locked}>
          <legend>{CONSENT_FIELDS[field].title}</legend>
          <p className="acct-choice-help">{CONSENT_FIELDS[field].explain}</p>
          {CONSENT_CHOICES.map((c) => (
            <label key={c} className="acct-choice">
              <input
                type="radio"
                name={field}
                value={c}
                checked={choice[field] === c}
                onChange={() => setChoice((s) => ({ ...s, [field]: c }))}
              />
              <span>
                {CHOICE_WORDS[c].label}
                <span className="acct-choice-help">{CHOICE_WORDS[c].help}</span>
              </span>
            </label>
          ))}
        </fieldset>
      ))}
      {!complete && <p className="acct-note">Answer both questions to save.</p>}
      <div className="acct-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={locked || changes.length === 0}
          onClick={() => {
            onDismissError()
            setConfirming(true)
          }}
        >
          Review and save…
        </button>
        {status}
      </div>
      {confirming && next && (
        <ConfirmDialog
          title="Change your AI voice consent?"
          consequence="These permissions change for every producer you work with. Sound processing stays allowed."

          notifies="The service keeps your new answer for producers to see."
          confirmLabel="Save my consent"
          busy={busy}
          error={error}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void onSave(next).then((ok) => ok && setConfirming(false))}
        >
          <ul className="acct-diff" aria-label="What changes">
            {changes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </ConfirmDialog>
      )}
    </section>
  )
}
