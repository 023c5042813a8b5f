/**
 * A searchable list of IANA time zones (a combobox: type to filter, ↑/↓ to move, Enter to choose, Esc to
 * close), with this computer's zone offered as a one-click suggestion.
 */
import { useId, useMemo, useState, type KeyboardEvent } from 'react'
import { useNow } from '../hooks/use-now'
import { allTimeZones, clockIn, computerTimeZone, searchTimeZones } from './time-zones'

export function TimeZonePicker({ value, onChange, disabled }: { value: string; onChange: (zone: string) => void; disabled: boolean }) {
  const zones = useMemo(() => allTimeZones(), [])
  const suggested = useMemo(() => computerTimeZone(), [])
  const [query, setQuery] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const ids = { input: useId(), list: useId() }
  const matches = useMemo(() => searchTimeZones(zones, query, 60), [zones, query])
  const now = useNow(60_000)
  const optionId = (i: number) => `${ids.list}-${i}`

  const choose = (zone: string) => {
    onChange(zone)
    setQuery('')
    setOpen(false)
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      setOpen(true)
      setActive((a) => Math.min(matches.length - 1, Math.max(0, a + (e.key === 'ArrowDown' ? 1 : -1))))
    } else if (e.key === 'Enter' && open) {
      e.preventDefault()
      const zone = matches[active]
      if (zone) choose(zone)
    } else if (e.key === 'Escape' && open) {
      e.preventDefault()
      e.stopPropagation()
      setOpen(false)
    }
  }

  return (
    <div>
      <p className="acct-note">
        Current: <strong>{value}</strong> {clockIn(value, now) && <span className="acct-muted">({clockIn(value, now)} there now)</span>}
      </p>
      <label className="acct-field" htmlFor={ids.input}>Find a time zone</label>
      <div className="acct-row">
        <input
          id={ids.input}
          type="search"
          role="combobox"
          aria-expanded={open}
          aria-controls={ids.list}
          aria-autocomplete="list"
          aria-activedescendant={open && matches[active] ? optionId(active) : undefined}
          placeholder="City or region, e.g. Berlin"
          value={query}
          disabled={disabled}
          autoComplete="off"
          onChange={(e) => {
            setQuery(e.target.value)
            setActive(0)
            setOpen(true)
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
        />
        {suggested && suggested !== value && (
          <button type="button" className="btn btn-small" disabled={disabled} onClick={() => choose(suggested)}>
            Use this computer’s zone ({suggested})
          </button>
        )}
      </div>
      {open && !disabled && (
        <ul id={ids.list} role="listbox" aria-label="Time zones" className="acct-zone-list">
          {matches.length === 0 && <li role="option" aria-selected="false" aria-disabled="true">No time zone matches “{query}”.</li>}
          {matches.map((zone, i) => (
            <li
              key={zone}
              id={optionId(i)}
              role="option"
              aria-selected={zone === value}
              className={i === active ? 'is-active' : undefined}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(zone)}
            >
              <span>{zone.replace(/_/g, ' ')}</span>
              <span className="acct-muted">{clockIn(zone, now)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
