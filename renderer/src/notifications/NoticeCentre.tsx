/**
 * The in-app notification centre: a bell (Booth's own SVG) with the unread count, beside Booth's name or
 * on the rail, and a panel listing what happened (due soon, overdue, new job, script changed, changes
 * requested, take approved), newest first; each opens its job. The panel stays inside the window wherever
 * the bell is, and closes on Esc (focus back on the bell), on a click outside, or when a notice is opened.
 * In the web host it offers browser notifications, asked for only on a press.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { formatTimestamp } from '../ui/format/calendar-dates'
import { BellIcon } from '../ui/icons/BellIcon'
import { useNotices, useNoticesStore } from './notices-store'
import { useOpenNotice } from './use-notice-opener'
import { placePopover, type Placement } from './popover-place'
import './notices.css'
import { askBrowserPermission, browserPermission, type BrowserPermission } from './browser-notifications'

const PANEL_WIDTH = 360

export function NoticeCentre() {
  const notices = useNoticesStore()
  const { items, unread } = useNotices((s) => ({ items: s.view.items, unread: s.view.unread }))
  const openNotice = useOpenNotice()
  const [open, setOpen] = useState(false)
  const [permission, setPermission] = useState<BrowserPermission>(browserPermission)
  const [place, setPlace] = useState<Placement | null>(null)
  const panelId = useId()
  const bell = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLElement>(null)

  const close = useCallback((refocus: boolean) => {
    setOpen(false)
    if (refocus) bell.current?.focus()
  }, [])

  // Placed from the bell's box, again whenever the window changes size.
  useLayoutEffect(() => {
    if (!open) return
    const measure = () => {
      const box = bell.current?.getBoundingClientRect()
      if (box) setPlace(placePopover(box, { width: window.innerWidth, height: window.innerHeight }, PANEL_WIDTH))
    }
    measure()
    window.addEventListener('resize', measure)
    return () => window.removeEventListener('resize', measure)
  }, [open])

  // Esc closes it (and only it: not the open job behind); so does a press anywhere outside it.
  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return
      e.preventDefault()
      e.stopPropagation()
      close(true)
    }
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node | null
      if (target && (panel.current?.contains(target) || bell.current?.contains(target))) return
      close(false)
    }
    window.addEventListener('keydown', onKey, true)
    document.addEventListener('pointerdown', onPointer, true)
    return () => {
      window.removeEventListener('keydown', onKey, true)
      document.removeEventListener('pointerdown', onPointer, true)
    }
  }, [open, close])

  return (
    <div className="notice-centre">
      <button
        ref={bell}
        type="button"
        className="btn btn-quiet btn-small notice-bell"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        title="Notifications"
        onClick={() => setOpen((o) => !o)}
      >
        <BellIcon />
        {unread > 0 && (
          <span className="notice-count" aria-hidden="true">
            {unread}
          </span>
        )}
      </button>
      {open && (
        <section
          ref={panel}
          id={panelId}
          className="notice-panel"
          aria-label="Notifications"
          style={
            place
              ? { left: place.left, top: place.top, width: place.width, maxHeight: place.maxHeight }
              : { visibility: 'hidden' }
          }
        >
          <header className="notice-panel-head">
            <h2 className="section-title">Notifications</h2>
            {unread > 0 && (
              <button
                type="button"
                className="btn btn-quiet btn-small"
                onClick={() => void notices.getState().markRead(null)}
              >
                Mark all read
              </button>
            )}
          </header>
          {permission === 'default' && (
            <button
              type="button"
              className="btn btn-small"
              onClick={() => void askBrowserPermission().then(setPermission)}
            >
              Also show them as browser notifications
            </button>
          )}
          {permission === 'denied' && (
            <p className="muted small">
              Your browser blocks Booth’s notifications; allow them in this site’s settings to see them outside the tab.
            </p>
          )}
          {items.length === 0 ? (
            <p className="muted small">
              Nothing new since Booth started. Due dates, new jobs, script changes, change requests and approvals show
              here.
            </p>
          ) : (
            <ul className="plain-list notice-list">
              {items.map((n) => (
                <li key={n.id} className={`notice-item${n.read ? '' : ' is-unread'}`} data-kind={n.kind}>
                  <button
                    type="button"
                    className="notice-open"
                    onClick={() => openNotice(n.jobId, [n.id], () => close(false))}
                  >
                    <strong className="notice-title">{n.title}</strong>
                    <span className="notice-body small">{n.body}</span>
                    <span className="muted small">{formatTimestamp(n.at)}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  )
}
