/**
 * The built Electron entry (out/main/index.js), started under plain Node's ES module loader with a
 * recording stand-in for `electron` (no Electron binary runs here). Checks what the desktop app would do
 * at launch: its window, hardening, permissions, CSP, the booth:// protocol, its IPC surface, real calls
 * from its own window (demo mode: Booth's sandbox in-process), refusals, and a quit that stops everything
 * (the single-instance lock and development runs: built-main-launches.test.ts). Needs `npm run build`
 * first (scripts/test.sh runs it).
 */
import fc from 'fast-check'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isBridgeCallName } from '../../shared/bridge'
import { exerciseBridge, runBuiltPreload, type BoothBridgeObject } from './preload-sandbox'
import {
  bridgeCall,
  launchBuiltMain,
  MAIN_BUNDLE,
  PRELOAD_BUNDLE,
  RENDERER_DIR,
  requireBuiltBundles,
  type FrameSpec,
  type ShellProcess,
} from './shell-process'

interface Recorded {
  api: string
  [key: string]: unknown
}
interface ShellState {
  calls: Recorded[]
  channels: string[]
  privileged: Array<{ scheme: string; privileges: Record<string, boolean> }>
  protocols: string[]
  windows: Array<{
    options: { webPreferences: Record<string, unknown> } & Record<string, unknown>
    loaded: string[]
    visible: boolean
  }>
  sent: string[]
}
interface Fetched {
  status: number
  headers: Record<string, string>
  body: string
  length: number
}

const APP_PAGE = 'booth://app/index.html'
const LIST_QUERY = { tab: 'pending', filter: 'all', customer_id: null, voice_id: null, q: null, page: 1, page_size: 25 }
const folders: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'booth-shell-'))
  folders.push(dir)
  return dir
}

let shell: ShellProcess
let userData: string
let state: ShellState

const call = (frame: FrameSpec, name: unknown, args: unknown = {}) => bridgeCall(shell, frame, name, args)
const fetchApp = (url: string) => shell.request<Fetched>('fetch', { url })

beforeAll(async () => {
  requireBuiltBundles()
  userData = tempDir()
  shell = await launchBuiltMain({ userData })
  if (shell.loaded.type !== 'loaded') return
  await shell.request('ready')
  state = await shell.request<ShellState>('state')
}, 60_000)

afterAll(() => {
  shell?.kill()
  for (const dir of folders) rmSync(dir, { recursive: true, force: true })
})

describe('the built main bundle under Node’s ES module loader', () => {
  it('loads: every import resolves as Node resolves it (no extensionless deep imports)', () => {
    expect(shell.loaded, shell.output()).toEqual({ type: 'loaded' })
  })

  it('uses only names that exist on the CommonJS packages it imports whole (import * as x)', () => {
    // Bundlers accept any x.name; Node gives a CommonJS package only the exports its scanner finds.
    const script = `
      const src = (await import('node:fs')).readFileSync('index.js', 'utf8')
      const body = src.replace(/^import .*$/gm, '')
      const missing = []
      for (const [, ns, spec] of src.matchAll(/^import \\* as ([\\w$]+) from "([^"]+)";$/gm)) {
        const mod = await import(spec)
        for (const [, name] of body.matchAll(new RegExp('(?<![\\\\w$.])' + ns.replace('$', '\\\\$') + '\\\\.([\\\\w$]+)', 'g'))) {
          if (!(name in mod)) missing.push(spec + ': ' + name)
        }
      }
      console.log(JSON.stringify(missing))`
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: join(MAIN_BUNDLE, '..'),
      encoding: 'utf8',
    })
    expect(JSON.parse(out)).toEqual([])
  })

  it('registers booth: and booth-media: as privileged before ready, and serves them after', () => {
    const registered = state.calls.filter((c) => c.api === 'protocol.registerSchemesAsPrivileged')
    expect(registered).toHaveLength(1)
    expect(registered[0]!['afterReady']).toBe(false)
    expect(state.privileged.find((s) => s.scheme === 'booth')?.privileges).toMatchObject({
      standard: true,
      secure: true,
    })
    expect(state.protocols).toEqual(['booth', 'booth-media'])
  })

  it('opens one window: context isolation, sandbox, no Node integration, web security, the built preload', () => {
    expect(state.windows).toHaveLength(1)
    const [win] = state.windows
    expect(win!.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
    })
    expect(win!.options.webPreferences['preload']).toBe(PRELOAD_BUNDLE)
    expect(existsSync(PRELOAD_BUNDLE)).toBe(true)
    expect(win!.options['show']).toBe(false)
    expect(win!.loaded).toEqual([APP_PAGE])
    expect(win!.visible).toBe(true)
  })

  it('denies navigation away from the app, new windows and webviews; checked web links go to the browser', async () => {
    const navigate = (name: string, url: string) =>
      shell.request<{ prevented: boolean; listeners: number }>('contentsEvent', { name, url })
    for (const name of ['will-navigate', 'will-redirect']) {
      for (const url of [
        'https://evil.example/',
        'file:///etc/passwd',
        'booth://evil/index.html',
        'http://localhost:5173/',
        'javascript:alert(1)',
      ]) {
        expect(await navigate(name, url), `${name} ${url}`).toMatchObject({ prevented: true, listeners: 1 })
      }
      expect(await navigate(name, `${APP_PAGE}#jobs`)).toMatchObject({ prevented: false })
    }
    expect(await navigate('will-attach-webview', '')).toMatchObject({ prevented: true, listeners: 1 })
    expect(await shell.request('windowOpen', { url: 'https://example.com/help' })).toEqual({
      action: 'deny',
      opened: ['https://example.com/help'],
    })
    for (const url of [
      'file:///etc/passwd',
      APP_PAGE,
      'http://127.0.0.1:4010/',
      'https://user:pw@example.com/',
      'javascript:alert(1)',
    ]) {
      expect(await shell.request('windowOpen', { url }), url).toEqual({ action: 'deny', opened: [] })
    }
  })

  it('guards every webContents the app makes, not only the window’s: no new window, no navigation away, no webview', async () => {
    const openedBefore = (await shell.request<{ opened: number }>('bareContents', { urls: [] })).opened
    const urls = [
      'https://evil.example/',
      'file:///etc/passwd',
      'booth://evil/index.html',
      'javascript:alert(1)',
      `${APP_PAGE}#jobs`,
    ]
    const bare = await shell.request<{
      navigations: Record<string, boolean[]>
      webviewPrevented: boolean
      windowOpen: Array<string | null>
      opened: number
    }>('bareContents', { urls })
    for (const name of ['will-navigate', 'will-redirect'])
      expect(bare.navigations[name], name).toEqual([true, true, true, true, false])
    expect(bare.webviewPrevented).toBe(true)
    expect(bare.windowOpen).toEqual(['deny', 'deny', 'deny', 'deny', 'deny'])
    // Not even a web link goes to the browser from there: only the window's own handler sends those.
    expect(bare.opened).toBe(openedBefore)
  })

  it('grants only the microphone, and only to the app’s own top frame', async () => {
    const ask = (permission: string, details: Record<string, unknown>) =>
      shell.request<{ granted: boolean }>('permissionRequest', { permission, details })
    const mic = { requestingUrl: APP_PAGE, isMainFrame: true, mediaTypes: ['audio'] }
    expect(await ask('media', mic)).toEqual({ granted: true })
    expect(await ask('media', { ...mic, mediaTypes: ['video'] })).toEqual({ granted: false })
    expect(await ask('media', { ...mic, mediaTypes: ['audio', 'video'] })).toEqual({ granted: false })
    expect(await ask('media', { ...mic, isMainFrame: false })).toEqual({ granted: false })
    expect(await ask('media', { ...mic, requestingUrl: 'https://evil.example/' })).toEqual({ granted: false })
    expect(await ask('media', { ...mic, requestingUrl: 'booth://evil/index.html' })).toEqual({ granted: false })
    for (const permission of [
      'notifications',
      'geolocation',
      'clipboard-read',
      'display-capture',
      'midiSysex',
      'openExternal',
      'fullscreen',
    ]) {
      expect(await ask(permission, { requestingUrl: APP_PAGE, isMainFrame: true }), permission).toEqual({
        granted: false,
      })
    }
    const check = (permission: string, origin: string, details: Record<string, unknown>) =>
      shell.request<{ granted: boolean }>('permissionCheck', { permission, origin, details })
    expect(
      await check('media', 'booth://app', { mediaType: 'audio', isMainFrame: true, requestingUrl: APP_PAGE }),
    ).toEqual({ granted: true })
    expect(await check('media', 'booth://app', { mediaType: 'video', isMainFrame: true })).toEqual({ granted: false })
    expect(await check('media', 'https://evil.example', { mediaType: 'audio', isMainFrame: true })).toEqual({
      granted: false,
    })
    expect(await check('clipboard-read', 'booth://app', { isMainFrame: true })).toEqual({ granted: false })
    expect(await shell.request('devicePermission', { details: { deviceType: 'usb', origin: 'booth://app' } })).toEqual({
      granted: false,
    })
  })
})

describe('the booth:// protocol', () => {
  it('serves the built renderer, every file with Booth’s Content-Security-Policy', async () => {
    const index = await fetchApp(APP_PAGE)
    expect(index.status).toBe(200)
    expect(index.length).toBe(readFileSync(join(RENDERER_DIR, 'index.html')).length)
    expect((await fetchApp('booth://app/')).length).toBe(index.length)
    const files = readdirSync(RENDERER_DIR, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
    expect(files.length).toBeGreaterThan(2)
    for (const file of files) {
      const path = relative(RENDERER_DIR, join(file.parentPath, file.name)).split('\\').join('/')
      const answer = await fetchApp(`booth://app/${path}`)
      expect(answer.status, path).toBe(200)
      expect(answer.headers['content-security-policy'], path).toMatch(
        /script-src 'self';.*object-src 'none';.*frame-ancestors 'none'/,
      )
      expect(answer.headers['x-content-type-options']).toBe('nosniff')
    }
  })

  it('refuses path traversal, other hosts, folders and bad encodings, still with the CSP', async () => {
    const outside = readFileSync(join(RENDERER_DIR, '../../package.json'), 'latin1').slice(0, 40)
    for (const url of [
      'booth://app/../../package.json',
      'booth://app/%2e%2e/%2e%2e/package.json',
      'booth://app/..%2f..%2fpackage.json',
      'booth://app/assets/..%2f..%2f..%2fpackage.json',
      'booth://app/%2e%2e%5c%2e%2e%5cpackage.json',
      'booth://app/..%5c..%5cpackage.json',
      'booth://app/%2fetc%2fpasswd',
      'booth://app/index.html%00.png',
      'booth://app/%E0%A4%A',
      'booth://other/index.html',
      'booth://app/assets',
      'booth://app/no-such-file.js',
    ]) {
      const answer = await fetchApp(url)
      expect(answer.status, url).toBe(404)
      expect(answer.body).not.toContain(outside)
      expect(answer.headers['content-security-policy'], url).toMatch(/default-src 'self'/)
    }
    const media = await fetchApp(`booth-media://file/${encodeURIComponent('/etc/passwd')}`)
    expect(media.status).toBe(403)
    expect(media.headers['content-security-policy']).toMatch(/default-src 'self'/)
  })

  it('booth-media:// serves files of the takes folder only, with the CSP', async () => {
    const take = join(userData, 'takes', 'job-1', 'take-1.wav')
    mkdirSync(join(userData, 'takes', 'job-1'), { recursive: true })
    writeFileSync(take, Buffer.from('RIFF----WAVE'))
    const served = await fetchApp(`booth-media://file/${encodeURIComponent(take)}`)
    expect(served).toMatchObject({ status: 200, length: 12 })
    expect(served.headers['content-security-policy']).toMatch(/default-src 'self'/)
    for (const path of [
      join(userData, 'takes', '..', 'settings.json'),
      join(userData, 'window-state.json'),
      'takes/job-1/take-1.wav',
    ]) {
      expect((await fetchApp(`booth-media://file/${encodeURIComponent(path)}`)).status, path).toBe(403)
    }
  })
})

describe('IPC', () => {
  it('has exactly the channels the preload uses, and sends only on the one it listens to', async () => {
    const preload = runBuiltPreload()
    await exerciseBridge(preload.exposed.get('booth') as BoothBridgeObject)
    const used = preload.channelsUsed()
    expect(state.channels).toEqual(used.invoke)
    expect(used.send).toEqual([])
    for (const channel of state.sent) expect(used.listen).toContain(channel)
  })

  it('answers real calls from the app’s own window: getSession, demo mode, the job list from the sandbox', async () => {
    expect(await call({ kind: 'app-top' }, 'getSession')).toMatchObject({ ok: true, result: { mode: 'signed_out' } })
    const demo = await call({ kind: 'app-top' }, 'startDemo')
    expect(demo).toMatchObject({ ok: true, result: { mode: 'demo' } })
    const list = await call({ kind: 'app-top' }, 'listJobs', LIST_QUERY)
    expect(list.ok, JSON.stringify(list)).toBe(true)
    const page = (list as { result: { total: number; items: Array<{ job_id: string }> } }).result
    expect(page.total).toBeGreaterThan(0)
    expect(page.items.length).toBeGreaterThan(0)
    const job = await call({ kind: 'app-top' }, 'getJob', { jobId: page.items[0]!.job_id })
    expect(job).toMatchObject({ ok: true, result: { source: 'live', job: { job_id: page.items[0]!.job_id } } })
  })

  it('refuses every frame that is not the app’s own top frame, and such a call changes nothing', async () => {
    for (const frame of [
      null,
      { kind: 'sub', url: APP_PAGE },
      { kind: 'top', url: 'https://evil.example/' },
      { kind: 'top', url: 'booth://evil/index.html' },
      { kind: 'top', url: 'booth://app.evil/index.html' },
      { kind: 'top', url: 'booth-media://file/x' },
      { kind: 'top', url: 'file:///index.html' },
      { kind: 'top', url: 'http://localhost:5173/' },
      { kind: 'top', url: '' },
      { kind: 'top', url: 'null' },
    ] as FrameSpec[]) {
      expect(await call(frame, 'signOut'), JSON.stringify(frame)).toEqual({
        ok: false,
        error: { kind: 'refused', message: 'Only Booth’s own window may do that.' },
      })
    }
    expect(await call({ kind: 'app-top' }, 'getSession')).toMatchObject({ ok: true, result: { mode: 'demo' } })
  })

  it('refuses malformed calls from the app’s own window with a sentence', async () => {
    const cases: Array<[unknown, unknown, RegExp]> = [
      [42, {}, /name of the call/],
      [null, {}, /name of the call/],
      ['noSuchCall', {}, /no call named/],
      ['__proto__', {}, /no call named/],
      ['constructor', {}, /no call named/],
      ['listJobs', { ...LIST_QUERY, page: -1 }, /page/],
      ['listJobs', 'all', /./],
      ['getJob', { jobId: '../../etc' }, /jobId/],
    ]
    for (const [name, args, message] of cases) {
      const answer = await call({ kind: 'app-top' }, name, args)
      expect(answer, JSON.stringify([name, args])).toMatchObject({ ok: false, error: { kind: 'bad_request' } })
      expect((answer as { error: { message: string } }).error.message).toMatch(message)
    }
    const name = fc.oneof(
      fc.string({ maxLength: 40 }).filter((n) => !isBridgeCallName(n)),
      fc.constantFrom('listJobs', 'getJob', 'getScriptPdf', 'listPendingScripts'),
    )
    await fc.assert(
      fc.asyncProperty(name, fc.anything(), async (n, args) => {
        const answer = await call({ kind: 'app-top' }, n, args)
        return answer.ok || (answer.error.kind !== 'internal' && answer.error.message.length > 0)
      }),
      { numRuns: 60 },
    )
  })

  it('quits cleanly: services stopped before quit, no timer left, and the process exits by itself', async () => {
    const running = await shell.request<unknown[]>('timers')
    expect(running.length, 'the poller should be running in demo mode before quit').toBeGreaterThan(0)
    const { quit, liveTimers } = await shell.request<{
      quit: { willQuitPrevented: number; quitEmitted: boolean }
      liveTimers: unknown[]
    }>('quit')
    expect(quit).toMatchObject({ willQuitPrevented: 1, quitEmitted: true })
    expect(liveTimers).toEqual([])
    expect(await shell.exit(10_000)).toBe(0)
  }, 30_000)
})
