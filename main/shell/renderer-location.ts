/**
 * Where the Electron window's page comes from, and so which origin the IPC sender check and the window
 * hardening accept: the bundled renderer at `booth://app/index.html`, or, only in an unpackaged
 * development run, electron-vite's dev server (it sets ELECTRON_RENDERER_URL). A packaged app ignores
 * that variable, so nobody can point Booth's privileged window at another page through the environment.
 */
import { APP_ORIGIN } from './app-protocols'

export interface RendererLocation {
  /** `scheme://host[:port]` of the page (see main/security/external-url.ts for how it is compared). */
  origin: string
  /** The URL the window loads. */
  startUrl: string
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

export function rendererLocation(input: { devServerUrl: string | undefined; packaged: boolean }): RendererLocation {
  if (input.packaged || input.devServerUrl === undefined || input.devServerUrl === '') {
    return { origin: APP_ORIGIN, startUrl: `${APP_ORIGIN}/index.html` }
  }
  let url: URL
  try {
    url = new URL(input.devServerUrl)
  } catch {
    throw new TypeError(
      `ELECTRON_RENDERER_URL must be the dev server's address, such as http://localhost:5173; "${input.devServerUrl}" is not.`,
    )
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !LOOPBACK.has(url.hostname)) {
    throw new TypeError(
      `ELECTRON_RENDERER_URL must be an http(s) address on this computer (localhost); "${input.devServerUrl}" is not.`,
    )
  }
  return { origin: url.origin, startUrl: url.href }
}
