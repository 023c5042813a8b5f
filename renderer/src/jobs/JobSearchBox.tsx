/** Search by advertiser, key number, customer or reference; sent after a short pause, at most 100 characters. */
import { useState } from 'react'
import { useBooth } from '../store/use-booth'
import { useDebouncedEffect } from '../ui/hooks/use-debounced-effect'
import { JOB_SEARCH_ID } from './use-workspace-keys'

export const SEARCH_MAX = 100

export function JobSearchBox() {
  const { q, setQuery } = useBooth((s) => ({ q: s.query.q, setQuery: s.setQuery }))
  const [text, setText] = useState(q ?? '')
  useDebouncedEffect(text, 300, (value) => setQuery({ q: value }))
  return (
    <div className="search">
      <label htmlFor={JOB_SEARCH_ID} className="sr-only">
        Search jobs
      </label>
      <span className="search-icon" aria-hidden="true">
        ⌕
      </span>
      <input
        id={JOB_SEARCH_ID}
        type="search"
        placeholder="Search advertiser, key number, client…"
        value={text}
        maxLength={SEARCH_MAX}
        onChange={(e) => setText(e.target.value.slice(0, SEARCH_MAX))}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && text) {
            e.preventDefault()
            setText('')
          } else if (e.key === 'Enter' || e.key === 'ArrowDown') {
            e.preventDefault()
            setQuery({ q: text })
            document.getElementById('job-list')?.focus()
          }
        }}
      />
      <kbd className="search-hint" aria-hidden="true">
        /
      </kbd>
    </div>
  )
}
