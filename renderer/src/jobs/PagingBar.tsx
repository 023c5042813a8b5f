/** Previous / next page and the page size (25, 50, 100). */
import { useId } from 'react'
import { useBooth } from '../store/use-booth'

const SIZES = [25, 50, 100] as const

export function PagingBar({ total, page, pageSize }: { total: number; page: number; pageSize: 25 | 50 | 100 }) {
  const setQuery = useBooth((s) => s.setQuery)
  const sizeId = useId()
  const pages = Math.max(1, Math.min(1000, Math.ceil(total / pageSize)))
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1
  const to = Math.min(total, page * pageSize)
  return (
    <nav className="paging" aria-label="Pages">
      <span className="muted small tabular nowrap" aria-live="polite">
        {from}–{to} of {total}
      </span>
      <div className="paging-buttons">
        <button
          type="button"
          className="btn btn-quiet btn-icon"
          disabled={page <= 1}
          onClick={() => setQuery({ page: page - 1 })}
          aria-label="Previous page"
        >
          <span aria-hidden="true">‹</span>
        </button>
        <span className="small tabular" aria-label={`Page ${page} of ${pages}`}>
          {page} / {pages}
        </span>
        <button
          type="button"
          className="btn btn-quiet btn-icon"
          disabled={page >= pages}
          onClick={() => setQuery({ page: page + 1 })}
          aria-label="Next page"
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <label className="small paging-size" htmlFor={sizeId}>
        Per page
        <select
          id={sizeId}
          value={pageSize}
          onChange={(e) => {
            const n = Number(e.target.value)
            const size = SIZES.find((s) => s === n)
            if (size) setQuery({ page_size: size })
          }}
        >
          {SIZES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
    </nav>
  )
}
