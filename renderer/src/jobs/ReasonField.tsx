/** A decline reason (required) or completion note (optional) with a live character counter. */
import { useId } from 'react'

export const REASON_MAX = 500
export const NOTE_MAX = 1000

interface Props {
  kind: 'reason' | 'note'
  value: string
  onChange(text: string): void
}

/** Whether the text is acceptable: a reason needs 1–500 characters (trimmed), a note at most 1000. */
export function reasonFieldOk(kind: Props['kind'], value: string): boolean {
  const n = value.trim().length
  return kind === 'reason' ? n > 0 && n <= REASON_MAX : n <= NOTE_MAX
}

export function ReasonField({ kind, value, onChange }: Props) {
  const ids = { field: useId(), count: useId() }
  const max = kind === 'reason' ? REASON_MAX : NOTE_MAX
  const used = value.trim().length
  const left = max - used
  return (
    <label className="field" htmlFor={ids.field}>
      <span className="field-label">
        {kind === 'reason' ? 'Reason (required, sent to the producer)' : 'Note (optional)'}
      </span>
      <textarea
        id={ids.field}
        rows={3}
        maxLength={max}
        value={value}
        onChange={(e) => onChange(e.target.value.slice(0, max))}
        aria-describedby={ids.count}
        aria-required={kind === 'reason'}
      />
      <span
        id={ids.count}
        className={`small tabular char-count${left < 50 ? ' is-low' : ''}`}
        aria-live="polite"
        data-testid="char-count"
      >
        {used} / {max} characters
      </span>
    </label>
  )
}
