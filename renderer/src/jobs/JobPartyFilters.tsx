/** Customer and voice filters of the job list; their choices are the customers and voices Booth has seen. */
import type { NamedRef } from '../../../shared/bridge'
import { useBooth } from '../store/use-booth'
import { displayText } from '../../../shared/display-text'

/** Stable empties: a selector must not return a new array each time, or the store never settles. */
const NONE: NamedRef[] = []

function choices(known: NamedRef[], selectedId: string | null): NamedRef[] {
  // A filter chosen earlier stays listed even when the current answer no longer names it.
  return selectedId && !known.some((k) => k.id === selectedId)
    ? [...known, { id: selectedId, name: `#${selectedId}` }]
    : known
}

export function JobPartyFilters() {
  const { customerId, voiceId, customers, voices, setQuery } = useBooth((s) => ({
    customerId: s.query.customer_id,
    voiceId: s.query.voice_id,
    customers: s.jobList?.customers ?? NONE,
    voices: s.jobList?.voices ?? NONE,
    setQuery: s.setQuery,
  }))
  if (customers.length === 0 && voices.length === 0 && !customerId && !voiceId) return null
  return (
    <div className="party-filters">
      <label className="party-filter">
        <span className="sr-only">Customer</span>
        <select
          value={customerId ?? ''}
          onChange={(e) => setQuery({ customer_id: e.target.value || null })}
          aria-label="Customer"
        >
          <option value="">All customers</option>
          {choices(customers, customerId).map((c) => (
            <option key={c.id} value={c.id}>
              {displayText(c.name)}
            </option>
          ))}
        </select>
      </label>
      <label className="party-filter">
        <span className="sr-only">Voice</span>
        <select
          value={voiceId ?? ''}
          onChange={(e) => setQuery({ voice_id: e.target.value || null })}
          aria-label="Voice"
        >
          <option value="">All voices</option>
          {choices(voices, voiceId).map((v) => (
            <option key={v.id} value={v.id}>
              {displayText(v.name)}
            </option>
          ))}
        </select>
      </label>
    </div>
  )
}
