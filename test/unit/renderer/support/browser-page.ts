/**
 * A real Chromium page for the renderer's DOM code: the entry is bundled with esbuild (tsx's own
 * bundler) and served at http://booth.test/ with Booth's real Content-Security-Policy header (Trusted
 * Types required), so the code under test runs under the same rules as the app.
 */
import { build, type Plugin } from 'esbuild'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type Page } from '@playwright/test'
import { buildContentSecurityPolicy } from '../../../../main/security/content-security-policy'

export interface BrowserPage {
  page: Page
  /** Console errors, page errors and CSP violations seen so far. */
  problems: string[]
  close(): Promise<void>
}

const ORIGIN = 'http://booth.test'

/**
 * Vite's `import url from './x.worker.ts?worker&url'` for esbuild: the import becomes a URL of the page's
 * origin, and `workers` maps each such URL to the worker's source file (bundled and served beside the page).
 */
export function workerUrls(workers: Map<string, string>): Plugin {
  return {
    name: 'worker-url',
    setup(b) {
      b.onResolve({ filter: /\?worker&url$/ }, (a) => ({
        path: join(a.resolveDir, a.path.replace(/\?worker&url$/, '')),
        namespace: 'worker-url',
      }))
      b.onLoad({ filter: /.*/, namespace: 'worker-url' }, (a) => {
        const url = `/worker-${workers.size}.js`
        workers.set(url, a.path)
        return { contents: `export default ${JSON.stringify(url)}`, loader: 'js' }
      })
    },
  }
}

export async function openBrowserPage(
  entry = fileURLToPath(new URL('./dom-entry.tsx', import.meta.url)),
): Promise<BrowserPage> {
  const workers = new Map<string, string>()
  const options = {
    bundle: true,
    write: false,
    jsx: 'automatic',
    loader: { '.css': 'empty' },
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  } as const
  const bundle = await build({ ...options, entryPoints: [entry], format: 'iife', plugins: [workerUrls(workers)] })
  const js = bundle.outputFiles[0]?.text ?? ''
  const workerJs = new Map<string, string>()
  for (const [url, path] of workers)
    workerJs.set(url, (await build({ ...options, entryPoints: [path], format: 'esm' })).outputFiles[0]?.text ?? '')
  const browser: Browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  const page = await browser.newPage()
  const problems: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`)
  })
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`))
  const html = `<!doctype html><html><head><meta charset="utf-8"><script src="/bundle.js"></script></head><body></body></html>`
  await page.route(`${ORIGIN}/**`, (route) => {
    const path = new URL(route.request().url()).pathname
    if (path === '/bundle.js') return route.fulfill({ status: 200, contentType: 'text/javascript', body: js })
    const worker = workerJs.get(path)
    if (worker !== undefined) return route.fulfill({ status: 200, contentType: 'text/javascript', body: worker })
    if (path === '/')
      return route.fulfill({
        status: 200,
        contentType: 'text/html',
        headers: { 'content-security-policy': buildContentSecurityPolicy() },
        body: html,
      })
    return route.fulfill({ status: 404, body: '' })
  })
  await page.goto(`${ORIGIN}/`)
  await page.evaluate(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
    )
  })
  await page.waitForFunction(() => 'boothTest' in window)
  return { page, problems, close: () => browser.close() }
}
