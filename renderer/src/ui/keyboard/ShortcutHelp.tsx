/** The one list of every shortcut, as a modal dialog: `?` opens it, Esc or Close closes it. */
import { useEffect, useId, useRef } from 'react'
import { isMac } from './platform'
import { shortcutGroups } from './shortcuts'
import { useShortcutHelp } from './shortcut-help-store'

export function ShortcutHelp() {
  const { open, hide } = useShortcutHelp()
  if (!open) return null
  return <ShortcutHelpDialog onClose={hide} />
}

function ShortcutHelpDialog({ onClose }: { onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useEffect(() => {
    const dialog = ref.current
    const before = document.activeElement as HTMLElement | null
    if (dialog && !dialog.open) dialog.showModal?.()
    dialog?.querySelector<HTMLElement>('[data-close]')?.focus()
    return () => before?.focus?.()
  }, [])
  return (
    <dialog
      ref={ref}
      className="dialog shortcut-help"
      aria-labelledby={titleId}
      onKeyDown={(e) => {
        // Esc closes the overlay only (not also the open job behind it).
        if (e.key !== 'Escape') return
        e.preventDefault()
        e.stopPropagation()
        onClose()
      }}
      onCancel={(e) => {
        e.preventDefault()
        onClose()
      }}
    >
      <h2 id={titleId} className="dialog-title">
        Keyboard shortcuts
      </h2>
      <div className="shortcut-groups">
        {shortcutGroups(isMac()).map((g) => (
          <section key={g.title} className="shortcut-group" aria-label={g.title}>
            <h3 className="section-title">{g.title}</h3>
            <dl>
              {g.items.map((s) => (
                <div key={s.does} className="shortcut">
                  <dt>
                    {s.keys.map((k, i) => (
                      <span key={k}>
                        {i > 0 && <span className="muted"> or </span>}
                        <kbd>{k}</kbd>
                      </span>
                    ))}
                  </dt>
                  <dd>{s.does}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
      <div className="dialog-actions">
        <button type="button" className="btn btn-primary" data-close onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  )
}
