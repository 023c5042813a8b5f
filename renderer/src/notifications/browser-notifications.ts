/**
 * In the web host (a browser tab, no Electron preload), the notification centre's new notices also show
 * as browser notifications — only after the person allowed them when Booth asked. In the desktop shell
 * the OS notifications come from main, so the page never adds its own.
 */
import type { BoothNotice } from '../../../shared/bridge-notices'
import { inWebHost } from '../bridge'

export type BrowserPermission = 'granted' | 'denied' | 'default' | 'unsupported'

export function browserPermission(): BrowserPermission {
  if (!inWebHost() || typeof Notification === 'undefined') return 'unsupported'
  return Notification.permission
}

export async function askBrowserPermission(): Promise<BrowserPermission> {
  if (browserPermission() === 'unsupported') return 'unsupported'
  return Notification.requestPermission()
}

/** Shows one notice as a browser notification when allowed; clicking it brings Booth up on the job. */
export function showInBrowser(notice: BoothNotice, open: (jobId: string) => void): void {
  if (browserPermission() !== 'granted') return
  const shown = new Notification(notice.title, { body: notice.body, tag: notice.id })
  shown.onclick = () => {
    window.focus()
    open(notice.jobId)
    shown.close()
  }
}
