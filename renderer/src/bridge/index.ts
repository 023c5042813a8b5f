/**
 * The renderer's one way to reach main: a typed BoothApi over whichever transport this window has —
 * Electron's preload object (window.booth) or the web host's HTTP bridge.
 */
import { bridgeCalls, type BoothApi, type BridgeCallName } from '../../../shared/bridge'
import type { Transport } from './transport'
import { createHttpTransport, forgetLaunchToken, takeLaunchToken } from './http-transport'

declare global {
  interface Window {
    booth?: Transport
  }
}

export function typedApi(transport: Transport): BoothApi {
  const api: Record<string, unknown> = {
    on: (event: string, fn: (data: unknown) => void) => transport.on(event, fn),
    pathForFile: (file: File) => transport.pathForFile(file),
    ...(transport.onPresence ? { onPresence: transport.onPresence.bind(transport) } : {}),
  }
  for (const name of Object.keys(bridgeCalls) as BridgeCallName[]) {
    api[name] = (args: unknown) => transport.call(name, args)
  }
  return api as BoothApi
}

export function connectBridge(): BoothApi | null {
  if (window.booth) return typedApi(window.booth)
  const token = takeLaunchToken(window.location, window.sessionStorage, window.history)
  // Booth's new address pasted into this tab differs from the page only in its fragment, which the browser
  // does not load afresh: the page takes the new key and starts again itself.
  window.addEventListener('hashchange', () => {
    if (
      /(?:^#|&)t=/.test(window.location.hash) &&
      takeLaunchToken(window.location, window.sessionStorage, window.history)
    )
      window.location.reload()
  })
  if (!token) return null
  const onLost = () => forgetLaunchToken(window.sessionStorage, token)
  return typedApi(createHttpTransport(token, { onLost }))
}

/** Whether this window is Booth's web host in a browser (no desktop shell's window.booth): OS notifications then come from the browser. */
export function inWebHost(): boolean {
  return typeof window !== 'undefined' && !window.booth
}
