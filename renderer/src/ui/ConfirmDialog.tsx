/**
 * The confirmation every state change goes through: it says what will happen and who will be notified,
 * keeps focus inside while open (Tab wraps), and Esc or Cancel backs out without doing anything. However
 * much it says, it fits the window: the title stays at its top and the buttons at its bottom, and what is
 * between them scrolls.
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react'

export interface ConfirmDialogProps {
  title: string
  /** What will happen, in plain words. */
  consequence: ReactNode
  /** Who will be told (e.g. "Dana Whitfield (producer) gets an email"), or null when nobody is. */
  notifies: ReactNode | null
  confirmLabel: string
  tone?: 'primary' | 'danger'
  busy?: boolean
  error?: string | null
  /** Extra fields (a reason, a note); the confirm button is disabled while `canConfirm` is false. */
  children?: ReactNode
  canConfirm?: boolean
  onConfirm(): void
  onCancel(): void
}

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

export function ConfirmDialog(props: ConfirmDialogProps) {
  const {
    title,
    consequence,
    notifies,
    confirmLabel,
    tone = 'primary',
    busy = false,
    error,
    children,
    canConfirm = true,
    onConfirm,
    onCancel,
  } = props
  const ref = useRef<HTMLDialogElement>(null)
  const ids = { title: useId(), body: useId() }

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const before = document.activeElement as HTMLElement | null
    if (!dialog.open) dialog.showModal?.()
    const first =
      dialog.querySelector<HTMLElement>('textarea, input') ?? dialog.querySelector<HTMLElement>('[data-cancel]')
    first?.focus()
    return () => before?.focus?.()
  }, [])

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault()
      e.stopPropagation()
      if (!busy) onCancel()
      return
    }
    if (e.key !== 'Tab') return
    const nodes = Array.from(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])
    const first = nodes[0]
    const last = nodes[nodes.length - 1]
    if (!first || !last) return
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault()
      last.focus()
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault()
      first.focus()
    }
  }

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={ids.title}
      aria-describedby={ids.body}
      onKeyDown={onKeyDown}
      onCancel={(e) => {
        e.preventDefault()
        if (!busy) onCancel()
      }}
    >
      <h2 id={ids.title} className="dialog-title">
        {title}
      </h2>
      <div className="dialog-scroll">
        <div id={ids.body} className="dialog-body">
          <p>{consequence}</p>
          <p className="dialog-notify">
            <span aria-hidden="true">✉ </span>
            {notifies ?? 'Nobody is notified.'}
          </p>
        </div>
        {children}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="dialog-actions">
        <button type="button" className="btn btn-quiet" data-cancel onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button
          type="button"
          className={`btn ${tone === 'danger' ? 'btn-danger' : 'btn-primary'}`}
          onClick={onConfirm}
          disabled={busy || !canConfirm}
        >
          {busy ? 'Working…' : confirmLabel}
        </button>
      </div>
    </dialog>
  )
}
