/**
 * The OS pieces the web host gives Booth's core in place of Electron's: the platform opener for links,
 * a network-interface probe for online state, no power monitor, notifications written to the log.
 */
import { spawn } from 'node:child_process'
import { networkInterfaces } from 'node:os'
import type { OnlineStateLike, PowerMonitorLike } from '../polling/poll-ports'
import type { Notifier } from '../notifications/notification-center'
import type { Log } from '../logging/redacting-log'
import { childEnv } from '../security/child-env'

/** Opens an already-checked http(s) URL in the person's browser. */
export function openWithPlatform(url: string, platform: NodeJS.Platform = process.platform): Promise<void> {
  const [cmd, args] =
    platform === 'darwin' ? ['open', [url]] : platform === 'win32' ? ['explorer.exe', [url]] : ['xdg-open', [url]]
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { detached: true, stdio: 'ignore', env: childEnv() })
    child.once('error', (err) => reject(new Error(`Booth could not open a browser (${err.message}).`)))
    child.once('spawn', () => {
      child.unref()
      resolve()
    })
  })
}

/** Online when some non-loopback network interface is up; checked every few seconds. */
export function interfaceOnlineState(
  intervalMs = 5_000,
  probe: () => boolean = hasExternalInterface,
): OnlineStateLike & { stop(): void } {
  let online = probe()
  const listeners = new Set<(online: boolean) => void>()
  const timer = setInterval(() => {
    const next = probe()
    if (next === online) return
    online = next
    for (const fn of listeners) fn(online)
  }, intervalMs)
  timer.unref()
  return {
    isOnline: () => online,
    subscribe: (fn) => {
      listeners.add(fn)
      return () => listeners.delete(fn)
    },
    stop: () => clearInterval(timer),
  }
}

function hasExternalInterface(): boolean {
  return Object.values(networkInterfaces()).some((list) => (list ?? []).some((i) => !i.internal))
}

/** A browser tab has no sleep events of its own to give; polling still backs off on failures. */
export const NO_POWER_EVENTS: PowerMonitorLike = { on: () => undefined, removeListener: () => undefined }

export function logNotifier(log: Log): Notifier {
  return { show: (n) => log.info('notification', { kind: n.kind, jobId: n.jobId, title: n.title, body: n.body }) }
}
