/**
 * The in-app notification centre: a bell with the unread count beside Booth's name, and a panel listing
 * what happened (due soon, overdue, new job, script changed, changes requested, take approved), newest
 * first; each opens its job. In the web host it offers browser notifications, asked for only on a press.
 */
import { useEffect, useId, useState } from 'react'
import { useBooth } from '../store/use-booth'
import { guardLeave } from '../takes/use-recording-guard'
import { formatTimestamp } from '../ui/format/calendar-dates'
import { useNotices, useNoticesStore } from './notices-store'
import './notices.css'
import { askBrowserPermission, browserPermission, showInBrowser, type BrowserPermission } from './browser-notifications'

export function NoticeCentre() {
  const notices = useNoticesStore()
  const { items, unread } = useNotices((s) => ({ items: s.view.items, unread: s.view.unread }))
  const { openJob, setView } = useBooth((s) => ({ openJob: s.openJob, setView: s.setView }))
  const [open, setOpen] = useState(false)
  const [permission, setPermission] = useState<BrowserPermission>(browserPermission)
  const panelId = useId()

  const openNotice = (jobId: string, ids: string[]) => {
    guardLeave('open the job of this notification', () => {
      setView('jobs')
      void openJob(jobId)
      void notices.getState().markRead(ids)
      setOpen(false)
    })
  }

  useEffect(() => {
    notices.setState({ onArrival: (n) => showInBrowser(n, (jobId) => openNotice(jobId, [n.id])) })
    return () => notices.setState({ onArrival: null })
  })

  return (
    <div className="notice-centre">
      <button
        type="button"
        className="btn btn-quiet btn-small notice-bell"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true">🔔</span>
        {unread > 0 && <span className="notice-count" aria-hidden="true">{unread}</span>}
      </button>
      {open && (
        <section id={panelId} className="notice-panel" aria-label="Notifications">
          <header className="notice-panel-head">
            <h2 className="section-title">Notifications</h2>
            {unread > 0 && (
              <button type="button" className="btn btn-quiet btn-small" onClick={() => void notices.getState().markRead(null)}>
                Mark all read
              </button>
            )}
          </header>
          {permission === 'default' && (
            <button type="button" className="btn btn-small" onClick={() => void askBrowserPermission().then(setPermission)}>
              Also show them as browser notifications
            </button>
          )}
          {permission === 'denied' && <p className="muted small">Your browser blocks Booth’s notifications; allow them in this site’s settings to see them outside the tab.</p>}
          {items.length === 0 ? (
            <p className="muted small">Nothing new since Booth started. Due dates, new jobs, script changes, change requests and approvals show here.</p>
          ) : (
            <ul className="plain-list notice-list">
              {items.map((n) => (
                <li key={n.id} className={`notice-item${n.read ? '' : ' is-unread'}`} data-kind={n.kind}>
                  <button type="button" className="notice-open" onClick={() => openNotice(n.jobId, [n.id])}>
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
