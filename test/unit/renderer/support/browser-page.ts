/**
 * A real Chromium page for the renderer's DOM code: the entry is bundled with esbuild (tsx's own
 * bundler) and served at http://booth.test/ with Booth's real Content-Security-Policy header (Trusted
 * Types required), so the code under test runs under the same rules as the app.
 */
import { build } from 'esbuild'
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

export async function openBrowserPage(entry = fileURLToPath(new URL('./dom-entry.tsx', import.meta.url))): Promise<BrowserPage> {
  const bundle = await build({ entryPoints: [entry], bundle: true, write: false, format: 'iife', jsx: 'automatic', loader: { '.css': 'empty' }, define: { 'process.env.NODE_ENV': '"production"' }, logLevel: 'silent' })
  const js = bundle.outputFiles[0]?.text ?? ''
  const browser: Browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
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
    if (path === '/') return route.fulfill({ status: 200, contentType: 'text/html', headers: { 'content-security-policy': buildContentSecurityPolicy() }, body: html })
    return route.fulfill({ status: 404, body: '' })
  })
  await page.goto(`${ORIGIN}/`)
  await page.evaluate(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`))
  })
  await page.waitForFunction(() => 'boothTest' in window)
  return { page, problems, close: () => browser.close() }
}
