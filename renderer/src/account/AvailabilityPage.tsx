/**
 * Availability: the working days (1 = Monday … 7 = Sunday) and same-day work, with the client profiles
 * they apply to. Saving applies the same days to EVERY profile; when profiles differ today (`mixed`),
 * the page says so before the person saves.
 */
import { useEffect, useState, type ReactNode } from 'react'
import { WEEKDAY_NAMES, type Availability } from '../../../shared/bridge-account'
import { formatTimestamp } from '../ui/format/calendar-dates'
import { useAccount } from './account-store'
import { AccessNotice } from './AccessNotice'
import { PendingNote, SaveStatus } from './SaveStatus'
import { describeDays, toggleDay } from './weekdays'
import { ShownName } from '../ui/ShownName'
import './account.css'

export function AvailabilityPage() {
  const { state, save, load, saveAvailability } = useAccount((s) => ({
    state: s.availability,
    save: s.saves.availability,
    load: s.loadAvailability,
    saveAvailability: s.saveAvailability,
  }))
  useEffect(() => {
    void load()
  }, [load])
  const view = state.data

  return (
    <main className="acct-page" aria-labelledby="availability-title">
      <header>
        <h1 id="availability-title">Availability</h1>
        <p className="acct-intro">
          The days you take work, told to the producers of every client profile. Days are numbered 1 = Monday to 7 =
          Sunday.
        </p>
      </header>
      {state.error && (
        <p className="form-error" role="alert">
          {state.error}
        </p>
      )}
      {state.loading && !view && (
        <p className="acct-skeleton" role="status">
          Loading availability…
        </p>
      )}
      {view && <AccessNotice access={view.access} what="availability" />}
      {view?.pending && (
        <PendingNote
          since={view.pending.since}
          busy={save.busy}
          onRetry={() => void saveAvailability(view.pending!.body)}
        />
      )}
      {view?.availability && (
        <AvailabilityForm
          key={`${view.fetchedAt}`}
          availability={view.availability}
          canWrite={view.access.canWrite}
          busy={save.busy}
          onSave={(days, sameDay) => void saveAvailability({ days, same_day: sameDay })}
          status={<SaveStatus save={save} />}
        />
      )}
      {view?.availability && <ProfileTable availability={view.availability} fetchedAt={view.fetchedAt} />}
    </main>
  )
}

function AvailabilityForm(props: {
  availability: Availability
  canWrite: boolean
  busy: boolean
  onSave: (days: number[], sameDay: boolean) => void
  status: ReactNode
}) {
  const { availability, canWrite, busy, onSave, status } = props
  const [days, setDays] = useState<number[]>(availability.days)
  const [sameDay, setSameDay] = useState(availability.same_day)
  const changed = days.join() !== availability.days.join() || sameDay !== availability.same_day
  const profiles = availability.rows.length

  return (
    <section className="acct-card" aria-labelledby="availability-days">
      <h2 id="availability-days">Working days</h2>
      <fieldset className="acct-days" disabled={!canWrite || busy}>
        <legend>Days you take work (1 = Monday … 7 = Sunday)</legend>
        {WEEKDAY_NAMES.map((name, i) => (
          <label key={name} className="acct-day">
            <input
              type="checkbox"
              checked={days.includes(i + 1)}
              onChange={() => setDays((d) => toggleDay(d, i + 1))}
            />
            <span className="acct-day-num" aria-hidden="true">
              {i + 1}
            </span>
            {name}
          </label>
        ))}
      </fieldset>
      <p className="acct-note">Now: {describeDays(days)}.</p>
      <label className="acct-switch">
        <input
          type="checkbox"
          role="switch"
          checked={sameDay}
          disabled={!canWrite || busy}
          onChange={(e) => setSameDay(e.target.checked)}
        />
        <span>
          <span className="acct-switch-label">Same-day work</span>
          <span className="acct-switch-help">Producers may send jobs due the day they are sent.</span>
        </span>
      </label>
      {availability.mixed && (
        <div className="notice notice-warning" role="note">
          <p className="notice-title">Your client profiles have different days today</p>
          <p>
            Saving applies these same days and same-day setting to every one of your {profiles} client profiles,
            replacing what each has now (see the table below).
          </p>
        </div>
      )}
      <div className="acct-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={!canWrite || busy || !changed}
          onClick={() => onSave(days, sameDay)}
        >
          {busy ? 'Saving…' : `Save for all ${profiles} profile${profiles === 1 ? '' : 's'}`}
        </button>
        <button
          type="button"
          className="btn btn-quiet"
          disabled={busy || !changed}
          onClick={() => {
            setDays(availability.days)
            setSameDay(availability.same_day)
          }}
        >
          Undo changes
        </button>
        {status}
      </div>
    </section>
  )
}

function ProfileTable({ availability, fetchedAt }: { availability: Availability; fetchedAt: number }) {
  return (
    <section className="acct-card" aria-labelledby="availability-profiles">
      <h2 id="availability-profiles">Client profiles</h2>
      <div className="acct-table-wrap">
        <table className="acct-table">
          <caption>Each voice you offer to each customer, as the service has it ({formatTimestamp(fetchedAt)})</caption>
          <thead>
            <tr>
              <th scope="col">Voice</th>
              <th scope="col">Customer</th>
              <th scope="col">Agency</th>
              <th scope="col">Days</th>
              <th scope="col">Same day</th>
            </tr>
          </thead>
          <tbody>
            {availability.rows.map((r) => (
              <tr key={`${r.voice.id}-${r.customer.id}`}>
                <td>
                  <ShownName name={r.voice.name} />
                </td>
                <td>
                  <ShownName name={r.customer.name} />
                </td>
                <td>{r.agency === null ? <span className="acct-muted">none</span> : <ShownName name={r.agency} />}</td>
                <td>{describeDays(r.days)}</td>
                <td>{r.same_day ? 'Yes' : 'No'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
