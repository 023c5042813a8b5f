/**
 * The time zone field: a combobox over the IANA zones (type to filter, ↑/↓ to move, Enter to choose,
 * Esc to put the saved zone back), with this computer's zone offered as a one-click suggestion.
 * What is typed and left in the field becomes the value, so a cleared field or an unknown name reaches
 * the page's check and is refused there with a sentence, never saved.
 */
import { useId, useMemo, useState, type KeyboardEvent } from 'react'
import { useNow } from '../ui/hooks/use-now'
import { allTimeZones, clockIn, computerTimeZone, matchTimeZone, searchTimeZones } from './time-zones'

export function TimeZonePicker(props: {
  value: string
  onChange: (zone: string) => void
  disabled: boolean
  invalid: boolean
  errorId: string
}) {
  const { value, onChange, disabled, invalid, errorId } = props
  const zones = useMemo(() => allTimeZones(), [])
  const suggested = useMemo(() => computerTimeZone(), [])
  /** The text being typed; null while the field shows the value. */
  const [editing, setEditing] = useState<string | null>(null)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const ids = { input: useId(), list: useId() }
  const query = editing ?? ''
  const matches = useMemo(() => searchTimeZones(zones, query, 60), [zones, query])
  const now = useNow(60_000)
  const optionId = (i: number) => `${ids.list}-${i}`

  const commit = (zone: string) => {
    onChange(zone)
    setEditing(null)
    setOpen(false)
    setActive(-1)
  }
  /** Typed text as the value: the zone it names (any case, spaces for _), else the text as typed. */
  const commitTyped = (text: string) => commit(matchTimeZone(zones, text) ?? text.trim())

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      setOpen(true)
      setActive((a) => Math.min(matches.length - 1, Math.max(0, a + (e.key === 'ArrowDown' ? 1 : -1))))
    } else if (e.key === 'Enter') {
      e.preventDefault()
      const picked = open && active >= 0 ? matches[active] : undefined
      if (picked) commit(picked)
      else if (editing !== null) commitTyped(editing)
    } else if (e.key === 'Escape' && (open || editing !== null)) {
      e.preventDefault()
      e.stopPropagation()
      setEditing(null)
      setOpen(false)
      setActive(-1)
    }
  }

  const clock = clockIn(value, now)
  return (
    <div className="acct-zone">
      <label className="acct-field" htmlFor={ids.input}>
        Find a time zone
      </label>
      <div className="acct-row">
        <input
          id={ids.input}
          className="acct-zone-input"
          type="text"
          role="combobox"
          aria-expanded={open && !disabled}
          aria-controls={ids.list}
          aria-autocomplete="list"
          aria-invalid={invalid}
          aria-describedby={invalid ? errorId : undefined}
          aria-activedescendant={open && active >= 0 && matches[active] ? optionId(active) : undefined}
          placeholder="Type a city or region, e.g. Berlin"
          value={editing ?? value}
          disabled={disabled}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => {
            setEditing(e.target.value)
            setActive(-1)
            setOpen(true)
          }}
          onFocus={(e) => {
            e.currentTarget.select()
            setOpen(true)
          }}
          onBlur={() => {
            if (editing !== null) commitTyped(editing)
            else setOpen(false)
          }}
          onKeyDown={onKeyDown}
        />
        {suggested && suggested !== value && (
          <button type="button" className="btn btn-small" disabled={disabled} onClick={() => commit(suggested)}>
            Use this computer’s zone ({suggested})
          </button>
        )}
      </div>
      <p className="acct-note">
        {clock
          ? `It is ${clock} in ${value.replace(/_/g, ' ')} now.`
          : 'Type a few letters of a city, then choose from the list.'}
        {suggested === value && ' This is also this computer’s zone.'}
      </p>
      {open && !disabled && (
        <ul id={ids.list} role="listbox" aria-label="Time zones" className="acct-zone-list">
          {matches.length === 0 && (
            <li role="option" aria-selected="false" aria-disabled="true">
              No time zone matches “{query}”.
            </li>
          )}
          {matches.map((zone, i) => (
            <li
              key={zone}
              id={optionId(i)}
              role="option"
              aria-selected={zone === value}
              className={i === active ? 'is-active' : undefined}
              ref={i === active ? (el) => el?.scrollIntoView({ block: 'nearest' }) : undefined}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => commit(zone)}
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
